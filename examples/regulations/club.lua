-- club.lua: a club's Swiss championship under FIDE C.07 (2026), with the
-- club's own tie-break order and a half point for the pairing-allocated bye.
--   arbiter tournament standings open.trf --regulations examples/regulations/club.lua
local r = extend("fide2026", { seed = option("seed") })

r.description = "Club championship: C.07 2026, the club's order and byes"
r.order.swiss = "BH/C1,SB,DE,WIN" -- club regulations 7: Sonneborn-Berger before DE
r.points.pab = "1/2" -- club regulations 5: the pairing-allocated bye scores a half point
r.byes.max_half = 2 -- club regulations 5: at most two requested half-point byes

return r
