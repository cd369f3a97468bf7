-- uscf.lua: US Chess Official Rules of Chess, 7th edition, chapter 1 (2020
-- revision); speed=blitz adds the chapter 11 blitz rules (as quoted in US
-- Chess forum threads). "standard" covers regular and quick chess. Schema:
-- profiles/README.md; each value with its article: docs/rules.md.
--
-- Options: speed=standard|blitz, tc=<time control> (e.g. G/90), delay=<s>
-- (tc "G/90" + delay 5 is "G/90;d5"; delay=0 says "no delay", 5B1c),
-- increment=<s>, var14H=on|off, default=<s>|unspecified, chess960=on|off.

local speed = option("speed", "standard", { "standard", "blitz" })
local tc = option("tc") -- nil when not given
local delay = option("delay")
local increment = option("increment")
local var14h = option("var14H", "off", { "on", "off" })
local default = option("default", "unspecified")
local chess960 = option("chess960", "off", { "on", "off" })

-- Whole seconds from option `name`.
local function seconds(name, value)
	local n = tonumber(value)
	if n == nil or n < 0 or n ~= math.floor(n) then
		error("option '" .. name .. "': '" .. value .. "' is not whole seconds", 2)
	end
	return math.floor(n)
end

-- time.tc: the control with the delay or increment in it (5B), composed by
-- time_control() as a structure: tc=5400 (PGN seconds) or tc=G/90 (US
-- minutes) with delay=5 are both 90 minutes with a 5 s delay.
local function control()
	if delay ~= nil and increment ~= nil then
		error("options 'delay' and 'increment' exclude each other", 2)
	end
	if tc == nil then
		if delay ~= nil or increment ~= nil then
			error("option '" .. (delay and "delay" or "increment") .. "' needs option 'tc' (e.g. tc=G/90)", 2)
		end
		return nil
	end
	local ok, composed = pcall(time_control, tc, {
		delay = delay and seconds("delay", delay),
		increment = increment and seconds("increment", increment),
	})
	if not ok then
		error("option 'tc': " .. tostring(composed):gsub("^time_control: ", ""), 2)
	end
	return composed
end

local blitz = speed == "blitz"
local default_s = 3600 -- 13D: more than one hour late loses
if default ~= "unspecified" then
	default_s = seconds("default", default)
end

return {
	edition = "USCF",
	description = "US Chess Official Rules (7th ed., 2020), "
		.. (blitz and "blitz (chapter 11)" or "standard (regular and quick)"),
	speed = speed,
	supervision = "limited",
	chess960 = chess960 == "on", -- not in chapter 1

	draw = {
		threefold = "claim", -- 14C: triple occurrence, claimed by the player on move
		threefold_count = 3, -- 14C: triple occurrence of position
		fivefold = "td", -- 14K1: the director may declare a draw
		fivefold_count = 5, -- 14K1: five times
		fifty = "claim", -- 14F1
		fifty_moves = 50, -- 14F1: the last 50 moves by each player
		seventyfive = "td", -- 14K2: the director may declare a draw
		seventyfive_moves = 75, -- 14K2: 75 moves by each player
		dead = "uscf", -- 14D: insufficient material to continue (list, then analysis)
		claim_is_offer = true, -- 14 (intro): every draw claim is also an offer
		claim_penalty_s = 120, -- 14C6, 14F2: +2 min to the opponent
		claimant_penalty = "none",
		agreement_min_moves = 0, -- 14B: premature draws are unethical, but the result stands (14B6)
		resign_dead_draw = false, -- 13B: a resignation wins for the opponent
	},

	illegal = {
		mode = "penalise", -- 11A: corrected when found within the last 10 moves
		penalty_s = blitz and 0 or 120, -- 11D, 1C2a: +2 min; blitz 7d: the first claimed one loses
		lose_on = blitz and 1 or 0, -- 11: no loss in standard play; blitz 7d
		cannot_mate = blitz and "uscf-blitz" or "uscf-14e", -- blitz 7c, 8d: mating material
		promotion = "improper-press", -- 8F7: not illegal; the opponent restarts the clock
		press_without_move = "misuse", -- 16: clock use, the director's discretion
		touch_move = true, -- 11D: a legal move with the touched piece
	},

	time = {
		flag_test = blitz and "uscf-blitz" or "uscf-14e", -- 14E (no forced win); blitz 7c, 8d
		flag_by = "claim", -- 13C1, 16E: only the players
		claimant_flag_up = true, -- 13C6, 13C13: the claimant's flag must be up
		both_flags = "uscf", -- 14G, 16T: sudden death draws, else play on
		clock = "digital", -- 5F: standard timers are digital delay clocks
		period = "auto",
		default_s = default_s, -- 13D: one hour late loses
		default_first_control = true, -- 13D: ...or once the first control has run out
		both_late = "split", -- 16K: the first to arrive splits the elapsed time
		qpf = "uscf-14h", -- 14H: insufficient losing chances
		qpf_announced = var14h == "on", -- variation 14H (the main rule has no such claims)
		qpf_on_move = true, -- variation 14H1: a player on the move
		qpf_limit_ms = 120000, -- 14H: two minutes or less
		qpf_reject_s = 0, -- 14H2: nothing added to the opponent
		qpf_reject_claimant_s = 60, -- 14H2d: the claimant may lose up to a minute
		tc = control(), -- the time control of games that name none
		-- the category of a control (arb_rules_tc_category), 5C: base minutes
		-- plus delay or increment seconds of the first period; G/3+2 is blitz,
		-- G/2+3 is not (base at least 3 minutes)
		categories = "regular > 65m, dual >= 30m, quick > 10m, blitz >= 5m base >= 3m, unrated",
		category_count = "first-period",
		category_moves = 60,
		category_odds = "last", -- 5C1: time odds (and a sandclock) are not rated
		category_untimed = "none", -- "-": no time control
	},

	score = {
		draw = "draw", -- 4D: 1 / 1/2 / 0
		win = "1",
		draw_points = "1/2",
		loss = "0",
	},

	articles = {
		checkmate = "13A",
		stalemate = "14A",
		dead = "14D",
		threefold = "14C",
		fivefold = "14K1",
		fifty = "14F",
		seventyfive = "14K2",
		claim_penalty = "14C6, 14F2",
		agreement = "14B",
		offer = "14B",
		resign = "13B",
		illegal = blitz and "blitz 7d" or "11D",
		illegal_loss = blitz and "blitz 7c, 7d, 8d" or "11",
		promotion = "8F7",
		press = "16",
		completed = "9",
		flag = blitz and "blitz 7c, 8d" or "14E",
		flag_establish = "13C1, 16E",
		both_flags = "14G, 16T",
		default_time = "13D",
		qpf = "14H",
		increment_request = "14H",
		draw_odds = "+ event regulations",
		castling_960 = "n/a (not in chapter 1)",
		td = "14K",
		scoring = "4D",
		touch_move = "11D",
		touch_castle = "11D",
		both_late = "16K",
		qpf_scope = "14H1", -- variation 14H: sudden death, no working delay or increment
	},
}
