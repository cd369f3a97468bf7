-- fide2009.lua: FIDE C.02 (2009) 13.15-13.16, the tie-break rules of the
-- Handbook chapter on equipment, rate of play and tie-breaks, with the FIDE
-- Tournament Rules (C.06) of that time. Option: seed=N draws lots among
-- players still tied (the text leaves ties to the event).
local seed = option("seed")

return {
	description = "FIDE C.02 (2009) 13.15-13.16 and the Tournament Rules of that time",
	edition = 2009,
	unplayed = {
		own = "virtual", -- C.02 (2009) 13.15.2: the virtual opponent
		opponent = "all-draw", -- C.02 (2009) 13.15.1: an opponent's unplayed games count as draws
		dummy_cap = false, -- the cap is C.07 2026's
	},
	cuts = {
		unplayed_first = false, -- 13.15 has no such rule (C.07 14.1 is later)
		aro_unplayed_first = false,
	},
	rating = {
		rated_only = true, -- as C.07 10 (13.16's rule for unrated players not checked)
	},
	order = {
		swiss = "BH/C1,BH,SB,PS", -- C.02 (2009) 13.16 (sub-article not checked)
		round_robin = "DE,WIN,SB,KS", -- C.02 (2009) 13.16 (sub-article not checked)
	},
	points = {
		win = 1, -- FIDE Laws (2009) 11 (scoring)
		draw = "1/2", -- FIDE Laws (2009) 11
		loss = 0, -- FIDE Laws (2009) 11
		forfeit_win = 1, -- FIDE Laws (2009) 11
		forfeit_loss = 0, -- FIDE Laws (2009) 11
		pab = 1, -- C.04.1 of that time: a point for the bye (letter not checked)
		full_bye = 1, -- TRF: code F
		half_bye = 0.5, -- TRF: code H
		zero_bye = 0, -- TRF: code Z
	},
	byes = {
		max_pab = 1, -- C.04.1 of that time: one bye per player (letter not checked)
		max_half = -1, -- no FIDE limit
		max_full = -1, -- no FIDE limit
	},
	round_robin = {
		buchholz = "allow", -- 13.16 lists other tie-breaks for round robins but forbids none
		-- FIDE Tournament Rules (C.06, 2011 text) V.4.1 (cited "5.4" in its own
		-- V.6): a player who leaves having completed under 50 % of his games
		-- keeps his results in the table, but the points scored by him or
		-- against him are not counted in the final standings
		exclude_under_half = true,
	},
	lots = {
		draw = seed ~= nil,
		seed = seed or 0,
	},
}
