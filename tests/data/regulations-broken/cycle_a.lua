return extend("cycle_b.lua")
