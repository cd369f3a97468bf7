-- fide2022.lua: FIDE C.07 Tie-Break Regulations as approved by the FIDE
-- Council on 4 August 2022, applied from 1 July 2023: the 2024 text with
-- the one rule that changed. Option: seed=N, as fide2024.
local r = extend("fide2024", { seed = option("seed") })

r.description = "FIDE C.07 Tie-Break Regulations (approved 2022, applied from July 2023)"
r.edition = 2022 -- what a code's /V2022 modifier names
r.cuts.aro_unplayed_first = true -- C.07 2022 10.2: ARO's cuts take the unplayed rounds first

return r
