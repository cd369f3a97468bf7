-- fide2018.lua: the FIDE Laws of Chess in force from 1 January 2018 (the
-- 1 July 2017 text, renumbered: 7.5.1-7.5.5, 9.6.1/9.6.2, Guidelines I-III,
-- plus the rapid/blitz illegal-move change). Rapid = Appendix A, blitz =
-- Appendix B; `supervision` picks A.3/B.3 (full: the competition rules) or
-- A.4/B.4 (limited, the default). Schema: profiles/README.md; each value
-- with its article: docs/rules.md.
--
-- Options: speed=standard|rapid|blitz, supervision=limited|full,
-- period=auto|last|1of2|quickplay, tc=<time control>, default=<s>|unspecified,
-- guidelinesIII=on|off, clock=digital|analog, chess960=on|off.

local speed = option("speed", "standard", { "standard", "rapid", "blitz" })
local supervision = option("supervision", "limited", { "limited", "full" })
local period = option("period", "auto", { "auto", "last", "1of2", "quickplay" })
local tc = option("tc") -- nil when not given
local default = option("default", "unspecified")
local guidelines = option("guidelinesIII", "off", { "on", "off" })
local clock = option("clock", "digital", { "digital", "analog" })
local chess960 = option("chess960", "off", { "on", "off" })

-- option default=<s>: whole seconds, or "unspecified" (6.7.1: then zero).
local function default_seconds(value)
	if value == "unspecified" then
		return 0
	end
	local n = tonumber(value)
	if n == nil or n < 0 or n ~= math.floor(n) then
		error("option 'default': '" .. value .. "' is not whole seconds or 'unspecified'", 2)
	end
	return math.floor(n)
end

local rapid, blitz = speed == "rapid", speed == "blitz"
local limited = speed ~= "standard" and supervision == "limited"
local periods = { auto = "auto", last = "last", ["1of2"] = "not-last", quickplay = "last" }

-- The articles that depend on speed and supervision: limited supervision
-- is A.4 for rapid, B.4 -> A.4 for blitz; blitz penalties are B.2's.
local illegal_article, flag_article, establish_article = "7.5.5", "6.9", "6.8"
if rapid and limited then
	illegal_article, flag_article, establish_article = "A.4.2 -> 7.5.5", "6.9, A.4.3", "6.8, A.4.5"
elseif rapid then
	illegal_article = "A.3 -> 7.5.5"
elseif blitz and limited then
	illegal_article = "B.2, B.4 -> A.4.2 -> 7.5.5"
	flag_article, establish_article = "6.9, B.4 -> A.4.3", "6.8, B.4 -> A.4.5"
elseif blitz then
	illegal_article = "B.2, B.3 -> 7.5.5"
end

local what = { standard = "standard play", rapid = "rapid (Appendix A)", blitz = "blitz (Appendix B)" }

return {
	edition = "FIDE 2018",
	description = "FIDE Laws of Chess 2018, " .. what[speed]
		.. (speed ~= "standard" and (", " .. supervision .. " supervision") or ""),
	speed = speed,
	supervision = supervision,
	chess960 = chess960 == "on", -- Guidelines II

	draw = {
		threefold = "claim", -- 9.2.1: claim by the player having the move (9.2.1.1 / 9.2.1.2)
		threefold_count = 3, -- 9.2.1: at least three times
		fivefold = "any", -- 9.6.1: automatic at the fifth occurrence, however far apart
		fivefold_count = 5, -- 9.6.1: at least five times
		fifty = "claim", -- 9.3.1 / 9.3.2
		fifty_moves = 50, -- 9.3: the last 50 moves by each player
		seventyfive = "auto", -- 9.6.2: automatic; a mate on that move wins
		seventyfive_moves = 75, -- 9.6.2: at least 75 moves
		dead = "analysis", -- 5.2.2: no series of legal moves can mate
		claim_is_offer = true, -- 9.1.2.3: a claim under 9.2 or 9.3 is also an offer
		claim_penalty_s = blitz and 60 or 120, -- 9.5.3: +2 min to the opponent; blitz B.2: 1 min
		claimant_penalty = "none", -- 9.5.3: nothing taken from the claimant
		agreement_min_moves = 1, -- 5.2.3: both players must have made a move
		resign_dead_draw = false, -- 5.1.2: a resignation wins for the opponent
	},

	illegal = {
		mode = "penalise", -- 7.5.1: the position before it is reinstated
		penalty_s = blitz and 60 or 120, -- 7.5.5: +2 min; blitz B.2: 1 min (docs/rules.md#one-minute-in-2018-blitz)
		lose_on = 2, -- 7.5.5: the second completed illegal move loses
		cannot_mate = "fide", -- 7.5.5: a draw if the opponent cannot mate
		promotion = "queen", -- 7.5.2: the pawn becomes a queen, and 7.5.5 applies
		press_without_move = "illegal", -- 7.5.3: pressing without a move is an illegal move
		touch_move = true, -- 7.5.1: Articles 4.3 and 4.7 apply to the move replacing it
	},

	time = {
		flag_test = "fide", -- 6.9 (A.4.3): a draw if the opponent cannot mate
		flag_by = "arbiter", -- 6.8 (A.4.5): the arbiter, or a valid claim
		claimant_flag_up = false, -- 6.8: no condition on the claimant's own flag
		both_flags = "guidelines-iii", -- III.3.1.1 continue / III.3.1.2 draw in the last period,
		-- where Guidelines III apply (III.2.1 announced, III.2.2 no increment, not blitz);
		-- elsewhere the Laws have no rule and the arbiter decides (12.1)
		clock = clock, -- digital clocks show which flag fell first
		period = periods[period], -- III.3.1: whether play is in the last period
		default_s = default_seconds(default), -- 6.7.1: the default time; unstated = 0
		default_first_control = false,
		both_late = "white-clock", -- 6.7.2: neither present, White loses the time until he arrives
		qpf = "guidelines-iii", -- Guidelines III (quickplay finishes)
		qpf_announced = guidelines == "on", -- III.2.1: only when announced beforehand
		qpf_on_move = true, -- III.5: the player having the move
		qpf_limit_ms = 119999, -- III.5: the claimant has less than two minutes
		qpf_reject_s = 120, -- III.5.3: the opponent may get +2 min
		qpf_reject_claimant_s = 0,
		tc = tc, -- the time control of games that name none (PGN, US or TRF notation)
		-- the category of a control (arb_rules_tc_category), A.1 / B.1: rapid over 10 minutes:
		-- the time for 60 moves, base times plus 60 x increment or delay,
		-- "for each player" (with odds, the one with less time)
		categories = "standard >= 60m, rapid > 10m, blitz",
		category_count = "moves",
		category_moves = 60,
		category_odds = "less-time",
		category_untimed = "none", -- "-": no time control
	},

	score = {
		draw = "draw", -- 10.1: 1 / 1/2 / 0
		win = "1",
		draw_points = "1/2",
		loss = "0",
	},

	articles = {
		checkmate = "5.1.1",
		stalemate = "5.2.1",
		dead = "5.2.2",
		threefold = "9.2.1",
		fivefold = "9.6.1",
		fifty = "9.3",
		seventyfive = "9.6.2",
		claim_penalty = blitz and "9.5.3, B.2" or "9.5.3",
		agreement = "5.2.3, 9.1.1",
		offer = "9.1.2",
		resign = "5.1.2",
		illegal = illegal_article,
		illegal_loss = illegal_article,
		promotion = "7.5.2",
		press = "7.5.3",
		completed = "6.2.1",
		flag = flag_article,
		flag_establish = establish_article,
		both_flags = "III.3.1",
		default_time = "6.7.1",
		qpf = blitz and "III.2.2" or "III.5",
		increment_request = "III.4",
		draw_odds = "+ event regulations",
		castling_960 = "II.3",
		td = "12.1",
		scoring = "10.1",
		touch_move = "7.5.1 -> 4.3.1",
		touch_castle = "7.5.1 -> 4.7.2",
		both_late = "6.7.2",
		qpf_scope = "III.2.1, III.2.2", -- announced; standard or rapid without increment
	},
}
