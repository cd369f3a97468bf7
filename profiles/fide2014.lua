-- fide2014.lua: the FIDE Laws of Chess in force from 1 July 2014 (adopted
-- in Tallinn in 2013). Rapid = Appendix A, blitz = Appendix B, quickplay
-- finishes move to Appendix G. `supervision` picks A.3/B.3 (full: the
-- competition rules) or A.4/B.4 (limited, the default). Schema:
-- profiles/README.md; each value with its article, and the readings taken
-- where the text leaves room: docs/rules.md.
--
-- Options: speed=standard|rapid|blitz, supervision=limited|full,
-- fivefold=consecutive|any, period=auto|last|1of2|quickplay, tc=<time control>,
-- default=<s>|unspecified, appendixG=on|off, clock=analog|digital, chess960=on|off.

local speed = option("speed", "standard", { "standard", "rapid", "blitz" })
local supervision = option("supervision", "limited", { "limited", "full" })
local fivefold = option("fivefold", "consecutive", { "consecutive", "any" })
local period = option("period", "auto", { "auto", "last", "1of2", "quickplay" })
local tc = option("tc") -- nil when not given
local default = option("default", "unspecified")
local appendix_g = option("appendixG", "off", { "on", "off" })
local clock = option("clock", "analog", { "analog", "digital" })
local chess960 = option("chess960", "off", { "on", "off" })

-- option default=<s>: whole seconds, or "unspecified". 6.7a wants the
-- competition rules to state one; none stated is read as zero.
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

-- Illegal moves: 7.5b (+2 min, the second loses); with limited supervision
-- A.4b (the first loses when the arbiter sees it or the opponent claims);
-- blitz penalties are B.2's minute.
local penalty, lose_on = 120, 2
local illegal_article = "7.5b"
local flag_article, establish_article, completed_article = "6.9", "6.8", "6.2a"
if limited then
	penalty, lose_on = 0, 1
end
if blitz and not limited then
	penalty = 60
end
if rapid and limited then
	illegal_article, completed_article = "A.4b", "A.4b"
	flag_article, establish_article = "6.9, A.4c", "6.8, A.4e"
elseif rapid then
	illegal_article = "A.3 -> 7.5b"
elseif blitz and limited then
	illegal_article, completed_article = "B.4 -> A.4b", "B.4 -> A.4b"
	flag_article, establish_article = "6.9, B.4 -> A.4c", "6.8, B.4 -> A.4e"
elseif blitz then
	illegal_article = "B.2, B.3 -> 7.5b"
end

local what = { standard = "standard play", rapid = "rapid (Appendix A)", blitz = "blitz (Appendix B)" }

return {
	edition = "FIDE 2014",
	description = "FIDE Laws of Chess 2014, " .. what[speed]
		.. (speed ~= "standard" and (", " .. supervision .. " supervision") or ""),
	speed = speed,
	supervision = supervision,
	chess960 = chess960 == "on", -- Appendix F

	draw = {
		threefold = "claim", -- 9.2a/b: claim by the player having the move
		threefold_count = 3, -- 9.2: at least three times
		fivefold = fivefold, -- 9.6a: "five consecutive alternate moves" (strict reading: docs/rules.md#fivefold-in-2014)
		fivefold_count = 5, -- 9.6a: at least five times
		fifty = "claim", -- 9.3a/b
		fifty_moves = 50, -- 9.3: the last 50 moves by each player
		seventyfive = "auto", -- 9.6b: automatic; a mate on the last move wins
		seventyfive_moves = 75, -- 9.6b: at least 75 moves
		dead = "analysis", -- 5.2b: no series of legal moves can mate
		claim_is_offer = true, -- 9.1b(3): a claim is also a draw offer
		claim_penalty_s = blitz and 60 or 120, -- 9.5b: +2 min to the opponent; blitz B.2: 1 min
		claimant_penalty = "none", -- 9.5b: nothing taken from the claimant
		agreement_min_moves = 0, -- 9.1a: only event rules may restrict agreement
		resign_dead_draw = false, -- 5.1b: a resignation wins for the opponent
	},

	illegal = {
		mode = "penalise", -- 7.5a: the position before it is reinstated
		penalty_s = penalty, -- 7.5b: +2 min (blitz B.2: 1 min); A.4b: none, the first loses
		lose_on = lose_on, -- 7.5b: the second loses; A.4b (limited supervision): the first
		cannot_mate = "fide", -- 7.5b, A.4b: a draw if the opponent cannot mate
		promotion = "queen", -- 7.5a: the pawn becomes a queen, and 7.5b applies
		press_without_move = "misuse", -- 6.2, 12.9: clock misuse, the arbiter's discretion
		touch_move = true, -- 7.5a: Articles 4.3 and 4.7 apply to the move replacing it
	},

	time = {
		flag_test = "fide", -- 6.9 (A.4c): a draw if the opponent cannot mate
		flag_by = "arbiter", -- 6.8 (A.4e): the arbiter, or a valid claim
		claimant_flag_up = false,
		both_flags = "continue-unless-last", -- 6.11a/b: a draw only in the last period
		clock = clock, -- a digital clock shows which flag fell first (docs/rules.md#both-flags-with-a-digital-clock)
		period = periods[period], -- 6.11: whether play is in the last period
		default_s = default_seconds(default), -- 6.7a: the default time of the event
		default_first_control = false,
		both_late = "white-clock", -- 6.7b: neither present, White loses the time until he arrives
		qpf = "appendix-g", -- Appendix G (quickplay finishes)
		qpf_announced = appendix_g == "on", -- G.2: only when announced beforehand
		qpf_on_move = true, -- G.5: the player having the move
		qpf_limit_ms = 119999, -- G.4/G.5: the claimant has less than two minutes
		qpf_reject_s = 120, -- G.5c: +2 min to the opponent
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
		checkmate = "5.1a",
		stalemate = "5.2a",
		dead = "5.2b",
		threefold = "9.2",
		fivefold = "9.6a",
		fifty = "9.3",
		seventyfive = "9.6b",
		claim_penalty = blitz and "9.5b, B.2" or "9.5b",
		agreement = "5.2c, 9.1a",
		offer = "9.1b",
		resign = "5.1b",
		illegal = illegal_article,
		illegal_loss = illegal_article,
		promotion = "7.5a",
		press = "6.2, 12.9",
		completed = completed_article,
		flag = flag_article,
		flag_establish = establish_article,
		both_flags = "6.11",
		default_time = "6.7a",
		qpf = blitz and "G.3" or "G.5",
		increment_request = "G.4",
		draw_odds = "+ event regulations",
		castling_960 = "Appendix F",
		td = "12.1",
		scoring = "10.1",
		touch_move = "7.5a -> 4.3a",
		touch_castle = "7.5a -> 4.7b",
		both_late = "6.7b",
		qpf_scope = "G.2, G.3", -- announced; standard or rapid without increment
	},
}
