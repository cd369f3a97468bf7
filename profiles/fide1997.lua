-- fide1997.lua: the FIDE Laws of Chess in force from 1 July 1997 (the
-- rules of play of a tournament game are its Articles 6-14).
-- Rapidplay = Appendix B, blitz = Appendix C. Illegal-move penalties live in
-- Article 10 (quickplay finish), so in standard play they apply only in the
-- last period (docs/rules.md#illegal-moves-in-1997: option period). Schema:
-- profiles/README.md; each value with its article: docs/rules.md.
--
-- Options: speed=standard|rapid|blitz, supervision=limited|full (recorded
-- only: the 1997 appendices have no supervision split),
-- period=auto|last|1of2|quickplay, tc=<time control>, default=<s>|unspecified,
-- clock=analog|digital, chess960=on|off.

local speed = option("speed", "standard", { "standard", "rapid", "blitz" })
local supervision = option("supervision", "limited", { "limited", "full" })
local period = option("period", "auto", { "auto", "last", "1of2", "quickplay" })
local tc = option("tc") -- nil when not given
local default = option("default", "unspecified")
local clock = option("clock", "analog", { "analog", "digital" })
local chess960 = option("chess960", "off", { "on", "off" })

-- option default=<s>: whole seconds, or "unspecified" (6.6: one hour).
local function default_seconds(value)
	if value == "unspecified" then
		return 3600
	end
	local n = tonumber(value)
	if n == nil or n < 0 or n ~= math.floor(n) then
		error("option 'default': '" .. value .. "' is not whole seconds or 'unspecified'", 2)
	end
	return math.floor(n)
end

local standard, rapid, blitz = speed == "standard", speed == "rapid", speed == "blitz"
local periods = { auto = "auto", last = "last", ["1of2"] = "not-last", quickplay = "last" }

-- Illegal moves. Standard: 7.4 restores the position; 10.3's +2, +2, loss
-- only in the quickplay finish. Rapid: B5 -> 10.3 (a rapid game is all
-- quickplay finish). Blitz: C3, a claimed illegal move loses.
local illegal_article = ({ auto = "7.4; 10.3", last = "10.3", quickplay = "10.3",
	["1of2"] = "7.4, 6.13" })[period]
local loss_article = "10.3"
if rapid then
	illegal_article, loss_article = "B5 -> 10.3", "B5 -> 10.3"
elseif blitz then
	illegal_article, loss_article = "C3", "C3, C4"
end

local what = { standard = "standard play", rapid = "rapidplay (Appendix B)", blitz = "blitz (Appendix C)" }

return {
	edition = "FIDE 1997",
	description = "FIDE Laws of Chess 1997, " .. what[speed],
	speed = speed,
	supervision = supervision,
	chess960 = chess960 == "on", -- not covered in 1997: castling as in 3.8, by analogy

	draw = {
		threefold = "claim", -- 9.2a/b: claim by the player having the move
		threefold_count = 3, -- 9.2: at least three times
		fivefold = "none", -- not in the 1997 text
		fivefold_count = 5, -- no fivefold rule in 1997; the count is unused
		fifty = "claim", -- 9.3a/b
		fifty_moves = 50, -- 9.3: the last 50 moves
		seventyfive = "none", -- not in the 1997 text
		seventyfive_moves = 75, -- no 75-move rule in 1997; the count is unused
		dead = "analysis", -- 9.6: no series of legal moves can mate
		claim_is_offer = false, -- 9.1-9.5: a claim is not an offer (2009 9.1b(3) made it one)
		claim_penalty_s = 180, -- 9.5b: add three minutes to the opponent
		claimant_penalty = "half-max-180", -- 9.5b: deduct half the claimant's time, at most 3 min
		agreement_min_moves = 0, -- 9.1: an offer after one's move, any time
		resign_dead_draw = false, -- 5.1b: a resignation wins for the opponent
	},

	illegal = {
		mode = standard and "quickplay-only" or "penalise", -- 7.4 restores; 10.3 (B5) penalises
		penalty_s = blitz and 0 or 120, -- 10.3: +2 min for the first two; C3: the first loses
		lose_on = blitz and 1 or 3, -- 10.3: the third loses; C3: the first claimed one
		cannot_mate = blitz and "fide1997-blitz" or "none", -- 10.3: the third loses, no exception; C4: mating potential (docs/rules.md#mating-potential-1997)
		promotion = "illegal", -- not covered in Arts 6-14: treated as an illegal move (7.4)
		press_without_move = "misuse", -- 6.7c, 13.4: clock misuse, the arbiter's discretion
		touch_move = true, -- 7.4: Article 4.3 applies to the move replacing the illegal move
	},

	time = {
		flag_test = blitz and "fide1997-blitz" or "fide", -- 6.9; C4: mating potential
		flag_by = standard and "arbiter" or "claim", -- 6.8; B6: only a player's claim
		claimant_flag_up = not standard, -- B7: the claimant's own flag must be up
		both_flags = standard and "continue-unless-last" or "draw", -- 6.11, 10.4; B8: a draw
		clock = clock,
		period = periods[period], -- 10.1: the quickplay finish is the last period
		default_s = default_seconds(default), -- 6.6: one hour after the scheduled start
		default_first_control = false,
		both_late = "white-clock", -- 6.5: White's clock is started at the start, present or not
		qpf = "fide-10.2", -- 10.2: the quickplay-finish claim (C5: not in blitz)
		qpf_announced = true, -- 10.2 is part of the Laws: no announcement needed
		qpf_on_move = false, -- 10.2: "the player" with under two minutes, on move or not (2009 added it)
		qpf_limit_ms = 119999, -- 10.2: the claimant has less than two minutes
		qpf_reject_s = 120, -- 10.2b: the opponent may get two extra minutes
		qpf_reject_claimant_s = 0,
		tc = tc, -- the time control of games that name none (PGN, US or TRF notation)
		-- the category of a control (arb_rules_tc_category), Appendix B / C: rapidplay from 15 minutes:
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
		dead = "9.6",
		threefold = "9.2",
		fivefold = "9.2", -- no automatic draw: repetition is a 9.2 claim
		fifty = "9.3",
		seventyfive = "9.3", -- no automatic draw: the 9.3 claim
		claim_penalty = "9.5b",
		agreement = "9.1",
		offer = "9.1",
		resign = "5.1b",
		illegal = illegal_article,
		illegal_loss = loss_article,
		promotion = "7.4",
		press = "6.7c, 13.4",
		completed = blitz and "C3" or "6.7a",
		flag = blitz and "6.9, C4" or "6.9",
		flag_establish = ({ standard = "6.8", rapid = "B6, B7", blitz = "C -> B6, B7" })[speed],
		both_flags = ({ standard = "6.11, 10.4", rapid = "B8", blitz = "C -> B8" })[speed],
		default_time = "6.6",
		qpf = blitz and "C5" or "10.2",
		increment_request = "10.2", -- no such request before 2014: the 10.2 claim
		draw_odds = "+ event regulations",
		castling_960 = "3.8 (by analogy)",
		td = "13.1",
		scoring = "11",
		touch_move = "7.4 -> 4.3a",
		touch_castle = "7.4 -> 4.3a", -- 7.4 names 4.3 only: the touched king must move
		both_late = "6.5",
		qpf_scope = "C5", -- 10.2 is part of the Laws; blitz: not available
	},
}
