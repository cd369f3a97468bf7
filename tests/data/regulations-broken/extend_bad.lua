local r = extend("fide2024")
r.round_robin.buchholz = "never"
return r
