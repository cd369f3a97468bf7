-- fide2009.lua: the FIDE Laws of Chess in force from 1 July 2009 (Dresden
-- 2008), in the adopted numbering (default time 6.6a, illegal moves 7.4,
-- time loss 6.9), which differs from that of the draft text. Rapid
-- = Appendix A, blitz = Appendix B; `supervision` picks A.3/B.2 (full: the
-- competition rules) or A.4/B.3 (limited, the default). Schema:
-- profiles/README.md; each value with its article: docs/rules.md.
--
-- Options: speed=standard|rapid|blitz, supervision=limited|full,
-- period=auto|last|1of2|quickplay, tc=<time control>, default=<s>|unspecified,
-- clock=analog|digital, chess960=on|off.

local speed = option("speed", "standard", { "standard", "rapid", "blitz" })
local supervision = option("supervision", "limited", { "limited", "full" })
local period = option("period", "auto", { "auto", "last", "1of2", "quickplay" })
local tc = option("tc") -- nil when not given
local default = option("default", "unspecified")
local clock = option("clock", "analog", { "analog", "digital" })
local chess960 = option("chess960", "off", { "on", "off" })

-- option default=<s>: whole seconds, or "unspecified" (6.6a: then zero).
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

-- Illegal moves: 7.4b (+2 min twice, the third loses), also in rapid (A.4c
-- keeps 7.4b's penalties) and in blitz with full supervision (B.2: the
-- competition rules); blitz with limited supervision: B.3c, the first
-- claimed one loses.
local penalty, lose_on = 120, 3
local illegal_article, completed_article = "7.4b", "6.7a"
local establish_article, both_article = "6.8", "6.11"
if blitz and limited then
	penalty, lose_on = 0, 1
end
if rapid and limited then
	illegal_article, completed_article = "A.4c -> 7.4b", "A.4c"
	establish_article, both_article = "A.4d, A.4e", "A.4f"
elseif rapid then
	illegal_article = "A.3 -> 7.4b"
elseif blitz and limited then
	illegal_article, completed_article = "B.3c", "B.3c"
	establish_article, both_article = "B.3 -> A.4d, A.4e", "B.3 -> A.4f"
elseif blitz then
	illegal_article = "B.2 -> 7.4b"
end

local what = { standard = "standard play", rapid = "rapid (Appendix A)", blitz = "blitz (Appendix B)" }

return {
	edition = "FIDE 2009",
	description = "FIDE Laws of Chess 2009, " .. what[speed]
		.. (speed ~= "standard" and (", " .. supervision .. " supervision") or ""),
	speed = speed,
	supervision = supervision,
	chess960 = chess960 == "on", -- Appendix F

	draw = {
		threefold = "claim", -- 9.2a/b: claim by the player having the move
		threefold_count = 3, -- 9.2: at least three times
		fivefold = "none", -- not in the 2009 text
		fivefold_count = 5, -- no fivefold rule in 2009; the count is unused
		fifty = "claim", -- 9.3a/b
		fifty_moves = 50, -- 9.3, 5.2e: the last 50 consecutive moves of each player
		seventyfive = "none", -- not in the 2009 text
		seventyfive_moves = 75, -- no 75-move rule in 2009; the count is unused
		dead = "analysis", -- 5.2b: no series of legal moves can mate
		claim_is_offer = true, -- 9.1b(3): a claim under 9.2 or 9.3 is also an offer
		claim_penalty_s = 180, -- 9.5b: +3 min to the opponent
		claimant_penalty = "tiered-2009", -- 9.5b: half (at most 3 min) / set to 1 min / none (docs/rules.md#claimant-penalty-2009)
		agreement_min_moves = 0, -- 9.1a: only event rules may restrict agreement
		resign_dead_draw = false, -- 5.1b: a resignation wins for the opponent
	},

	illegal = {
		mode = "penalise", -- 7.4a: the position before it is reinstated
		penalty_s = penalty, -- 7.4b: +2 min each for the first two; B.3c: none, the first loses
		lose_on = lose_on, -- 7.4b: the third loses; B.3c: the first (claimed) one
		cannot_mate = "fide", -- 7.4b, B.3c: a draw if the opponent cannot mate
		promotion = "illegal", -- 7.4a: an unfinished promotion is an illegal move
		press_without_move = "misuse", -- 6.7c, 13.4: clock misuse, the arbiter's discretion
		touch_move = true, -- 7.4a: Articles 4.3 and 4.6 apply to the move replacing it
	},

	time = {
		flag_test = "fide", -- 6.9: a draw if the opponent cannot mate (no forced-mate list)
		flag_by = limited and "claim" or "arbiter", -- 6.8; A.4d: only a player's claim
		claimant_flag_up = limited, -- A.4e: the claimant's own flag must be up
		both_flags = limited and "draw" or "continue-unless-last", -- 6.11a/b; A.4f: a draw
		clock = clock, -- a digital clock shows which flag fell first (docs/rules.md#both-flags-with-a-digital-clock)
		period = periods[period], -- 6.11: whether play is in the last period
		default_s = default_seconds(default), -- 6.6a: default time 0 unless the event says
		default_first_control = false,
		both_late = "white-clock", -- 6.6b: neither present, White loses the time until he arrives
		qpf = "fide-10.2", -- 10.2: the quickplay-finish claim
		qpf_announced = true, -- 10.2 is part of the Laws: no announcement needed
		qpf_on_move = true, -- 10.2: the claimant must have the move
		qpf_limit_ms = 119999, -- 10.2: the claimant has less than two minutes
		qpf_reject_s = 120, -- 10.2c: +2 min to the opponent
		qpf_reject_claimant_s = 0,
		tc = tc, -- the time control of games that name none (PGN, US or TRF notation)
		-- the category of a control (arb_rules_tc_category), A.1 / B.1: rapidplay from 15 minutes:
		-- the time for 60 moves, base times plus 60 x increment or delay,
		-- "for each player" (with odds, the one with less time)
		categories = "standard >= 60m, rapid >= 15m, blitz",
		category_count = "moves",
		category_moves = 60,
		category_odds = "less-time",
		category_untimed = "none", -- "-": no time control
	},

	score = {
		draw = "draw", -- Art. 11: 1 / 1/2 / 0
		win = "1",
		draw_points = "1/2",
		loss = "0",
	},

	articles = {
		checkmate = "5.1a",
		stalemate = "5.2a",
		dead = "5.2b",
		threefold = "9.2",
		fivefold = "9.2", -- no automatic draw: repetition is a 9.2 claim
		fifty = "9.3",
		seventyfive = "9.3", -- no automatic draw: the 9.3 claim
		claim_penalty = "9.5b",
		agreement = "5.2c, 9.1a",
		offer = "9.1b",
		resign = "5.1b",
		illegal = illegal_article,
		illegal_loss = illegal_article,
		promotion = "7.4a",
		press = "6.7c, 13.4",
		completed = completed_article,
		flag = "6.9",
		flag_establish = establish_article,
		both_flags = both_article,
		default_time = "6.6a",
		qpf = blitz and "B.3b" or "10.2",
		increment_request = "10.2", -- no such request before 2014: the 10.2 claim
		draw_odds = "+ event regulations",
		castling_960 = "Appendix F",
		td = "13.1",
		scoring = "11",
		touch_move = "7.4a -> 4.3a",
		touch_castle = "7.4a -> 4.6b",
		both_late = "6.6b",
		qpf_scope = "B.3b", -- 10.2 is part of the Laws; blitz: not available
	},
}
