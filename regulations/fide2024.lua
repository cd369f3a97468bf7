-- fide2024.lua: FIDE C.07 Tie-Break Regulations, the text applied to every
-- FIDE-rated event from 1 April 2024 (revised August 2024). fide2022 and
-- fide2026 extend it. Option: seed=N draws lots among players still tied
-- after every tie-break (C.07 2.1 leaves that to the event's regulations).
local seed = option("seed")

return {
	description = "FIDE C.07 Tie-Break Regulations (applied from April 2024, revised August 2024)",
	edition = 2024, -- what a code's /V2024 modifier names
	unplayed = {
		own = "dummy", -- C.07 16.4: a dummy opponent with the player's own score
		opponent = "trailing-draw", -- C.07 16.3: trailing voluntarily unplayed rounds count as draws
		dummy_cap = false, -- the cap comes with the 2026 text (16.4.1-16.4.2)
	},
	cuts = {
		unplayed_first = true, -- C.07 14.1: a voluntarily unplayed round is cut first
		aro_unplayed_first = false, -- the 2022 text's 10.2 rule, gone in 2024
	},
	rating = {
		rated_only = true, -- C.07 10: rating-based tie-breaks undefined with unrated players
	},
	order = {
		swiss = "BH/C1,BH,DE,WIN", -- C.07 13.1: individual Swiss
		round_robin = "DE,SB,WIN,KS", -- C.07 13.1: individual round robin
	},
	points = {
		win = 1, -- FIDE Laws (2023) 10.1
		draw = "1/2", -- FIDE Laws (2023) 10.1
		loss = 0, -- FIDE Laws (2023) 10.1
		forfeit_win = 1, -- FIDE Laws (2023) 10.1: "or wins by forfeit"
		forfeit_loss = 0, -- FIDE Laws (2023) 10.1: "or forfeits"
		pab = 1, -- C.04.1 c: as many points as a win, unless the rules say otherwise
		full_bye = 1, -- TRF-2026: code F, full-point bye
		half_bye = 0.5, -- TRF-2026: code H, half-point bye
		zero_bye = 0, -- TRF-2026: code Z, zero-point bye
	},
	byes = {
		max_pab = 1, -- C.04.1 d: no second pairing-allocated bye
		max_half = -1, -- no FIDE limit: the event's regulations set one
		max_full = -1, -- no FIDE limit: the event's regulations set one
	},
	round_robin = {
		buchholz = "allow", -- C.07 16.1 counts a round robin's rounds for them: not refused
		exclude_under_half = false, -- not in C.07 (the 50 % rule is C.06/GR's, see fide2009)
	},
	lots = {
		draw = seed ~= nil, -- C.07 2.1: the event's regulations say whether tied players share
		seed = seed or 0,
	},
}
