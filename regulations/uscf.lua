-- uscf.lua: US Chess Official Rules of Chess, 7th edition, rule 34E (the
-- tie-break systems) and the scoring and bye rules they use. Option:
-- seed=N draws lots among players still tied.
local seed = option("seed")

return {
	description = "US Chess Official Rules, 7th edition, rule 34E tie-break systems",
	edition = 0, -- no C.07 edition: a /V modifier names a FIDE text
	unplayed = {
		own = "zero", -- 34E1: one's own unplayed rounds, an opponent with an adjusted score of 0
		opponent = "all-draw", -- 34E1: an opponent's unplayed rounds count as draws
		dummy_cap = false,
	},
	cuts = {
		unplayed_first = false, -- 34E1 cuts the lowest adjusted scores, played or not
		aro_unplayed_first = false,
	},
	rating = {
		rated_only = false, -- 34E uses no rating-based tie-break that needs all rated
	},
	order = {
		swiss = "MM,SOLK,CUM,OCUM", -- 34E: the systems in the rule's order (34E1-34E3, 34E6)
		round_robin = "SB,MM,SOLK,CUM", -- 34E: Sonneborn-Berger first in a round robin (sub-article not checked)
	},
	points = {
		win = 1, -- US Chess 4D (scoring), as profiles/uscf.lua cites it
		draw = "1/2", -- US Chess 4D
		loss = 0, -- US Chess 4D
		forfeit_win = 1, -- US Chess 4D: a forfeit scores as a win
		forfeit_loss = 0, -- US Chess 4D
		pab = 1, -- US Chess 28L: the odd player's bye is a full point (sub-article not checked)
		full_bye = 1, -- TRF: code F
		half_bye = 0.5, -- US Chess 28M: requested byes, a half point (article not checked)
		zero_bye = 0, -- TRF: code Z
	},
	byes = {
		max_pab = 1, -- US Chess 28L: one full-point bye per player (sub-article not checked)
		max_half = -1, -- the director announces any limit
		max_full = -1,
	},
	round_robin = {
		buchholz = "allow", -- 34E does not forbid them
		exclude_under_half = false, -- a US Chess withdrawal rule was not checked: off
	},
	lots = {
		draw = seed ~= nil,
		seed = seed or 0,
	},
}
