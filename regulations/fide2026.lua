-- fide2026.lua: FIDE C.07 Tie-Break Regulations of March 2026: the 2024
-- text with the dummy's score capped. Option: seed=N, as fide2024.
local r = extend("fide2024", { seed = option("seed") })

r.description = "FIDE C.07 Tie-Break Regulations (March 2026)"
r.edition = 2026 -- what a code's /V2026 modifier names
r.unplayed.dummy_cap = true -- C.07 2026 16.4.1-16.4.2: the dummy's score is capped

return r
