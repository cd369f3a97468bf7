return extend("cycle_a.lua")
