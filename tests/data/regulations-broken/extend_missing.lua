local r = extend("nonesuch")
return r
