-- online.lua: playing on lichess, as its server behaves (scalachess and
-- lila source, the lichess FAQ): the server rejects illegal input, flags a
-- player at zero and ends some draws itself. Schema: profiles/README.md; the
-- behaviour behind each value: docs/rules.md (the rows "online").
--
-- Options: autoThreefold=never|always|time (the player's preference for
-- claiming threefold repetition: never, always, or when short of time),
-- chess960=on|off.

local auto = option("autoThreefold", "never", { "never", "always", "time" })
local chess960 = option("chess960", "off", { "on", "off" })

local threefold = { never = "claim", always = "auto", time = "auto-when-short" }

return {
	edition = "lichess",
	description = "lichess (online play): the server ends games; threefold "
		.. ({ never = "by claim", always = "claimed automatically",
			time = "claimed automatically when short of time" })[auto],
	speed = "standard",
	supervision = "full",
	chess960 = chess960 == "on", -- the Chess960 variant

	draw = {
		threefold = threefold[auto], -- FAQ; Pref.autoThreefold (Drawer.autoThreefold)
		threefold_count = 3, -- FAQ: threefold repetition
		threefold_short_s = 30, -- autoThreefold=time: under 30 seconds left
		fivefold = "any", -- Board.autoDraw: fivefold repetition
		fivefold_count = 5, -- Board.autoDraw: fivefold
		fifty = "auto", -- Variant.fiftyMoves: halfMoveClock >= 100, no claim
		fifty_moves = 50, -- Variant.fiftyMoves: halfMoveClock >= 100 (50 moves)
		seventyfive = "none", -- unreachable: the game ends at 50 moves
		seventyfive_moves = 75, -- unused: the game ends at 50 moves
		dead = "material", -- InsufficientMatingMaterial(board): material patterns only
		claim_is_offer = false, -- the claim button appears only when the claim is valid
		claim_penalty_s = 0,
		claimant_penalty = "none",
		agreement_min_moves = 0,
		offer_min_ply = 2, -- Game.playerCanOfferDraw: from ply 2
		offer_repeat_plies = 20, -- ...and not within 20 plies of one's own last offer
		resign_dead_draw = false, -- Status.Resign: the opponent wins
	},

	illegal = {
		mode = "rejected", -- the server validates every move
		penalty_s = 0,
		lose_on = 0,
		cannot_mate = "lichess",
		promotion = "impossible", -- the interface asks for the piece
		press_without_move = "impossible",
		touch_move = false, -- nothing is touched: the server refuses the input
	},

	time = {
		flag_test = "lichess", -- InsufficientMatingMaterial(board, color) of the non-flagger
		flag_by = "server", -- Status.Outoftime at zero
		claimant_flag_up = false,
		both_flags = "continue-unless-last", -- cannot happen: the first flag ends the game
		clock = "digital",
		period = "auto",
		default_s = -1, -- no lateness rule (a game is aborted until both have moved)
		default_first_control = false,
		both_late = "white-clock", -- no lateness rule online
		qpf = "none", -- no such claim online
		qpf_announced = false,
		qpf_on_move = false,
		qpf_limit_ms = 0,
		qpf_reject_s = 0,
		qpf_reject_claimant_s = 0,
		-- the speed of a control (arb_rules_tc_category), lichess Speed: base
		-- plus 40 x increment seconds, the player with less time with odds
		categories = "correspondence >= 6h, classical >= 25m, rapid >= 8m, blitz >= 3m, "
			.. "bullet >= 30s, ultraBullet",
		category_count = "first-period",
		category_moves = 40,
		category_odds = "less-time",
		category_untimed = "correspondence", -- no clock: a correspondence game
	},

	score = {
		draw = "draw",
		win = "1",
		draw_points = "1/2",
		loss = "0",
	},

	articles = {
		checkmate = "Status.Mate",
		stalemate = "Status.Stalemate",
		dead = "InsufficientMatingMaterial",
		threefold = "Drawer.autoThreefold",
		fivefold = "Board.autoDraw",
		fifty = "Variant.fiftyMoves",
		seventyfive = "Variant.fiftyMoves",
		claim_penalty = "n/a (claims are checked)",
		agreement = "Game.playerCanOfferDraw",
		offer = "Game.playerCanOfferDraw",
		resign = "Status.Resign",
		illegal = "server move validation",
		illegal_loss = "server move validation",
		promotion = "n/a (the UI asks)",
		press = "n/a (no clock to press)",
		completed = "server acceptance",
		flag = "Status.Outoftime",
		flag_establish = "server clock",
		both_flags = "n/a (the server flags first)",
		default_time = "Game.abortable",
		qpf = "n/a (no such claim)",
		increment_request = "n/a (no such request)",
		draw_odds = "+ event regulations",
		castling_960 = "Chess960 variant",
		td = "n/a (no arbiter online)",
		scoring = "1 / 1/2 / 0",
		touch_move = "n/a (input refused)",
		touch_castle = "n/a (input refused)",
		both_late = "Game.abortable",
		qpf_scope = "n/a (no such claim)",
	},
}
