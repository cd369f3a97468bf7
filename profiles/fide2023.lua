-- fide2023.lua: the FIDE Laws of Chess in force from 1 January 2023. It is
-- fide2018.lua with the 2023 changes: rapid penalties of one minute (A.3,
-- which blitz reaches only through B.3, limited supervision; blitz with full
-- supervision, B.2, plays the Competitive Rules of Play: two minutes),
-- resigning against a player who cannot mate is a draw (5.1.2), and the
-- supervision split renumbered: full supervision is A.4 / B.2, limited
-- A.5 / B.3. Schema: profiles/README.md; each value with its article:
-- docs/rules.md.
--
-- Options: those of fide2018.lua, passed on to it unchanged.

local forward = {}
for _, name in ipairs({ "speed", "supervision", "period", "tc", "default", "guidelinesIII",
	"clock", "chess960" }) do
	forward[name] = option(name) -- nil (not passed on) when not given
end
local p = extend("fide2018", forward)

local rapid, blitz = p.speed == "rapid", p.speed == "blitz"
local limited = p.speed ~= "standard" and p.supervision == "limited"
local what = { standard = "standard play", rapid = "rapid (Appendix A)", blitz = "blitz (Appendix B)" }

p.edition = "FIDE 2023"
p.description = "FIDE Laws of Chess 2023, " .. what[p.speed]
	.. (p.speed ~= "standard" and (", " .. p.supervision .. " supervision") or "")

if rapid or (blitz and limited) then
	p.draw.claim_penalty_s = 60 -- 9.5.3 with A.3 (blitz: B.3 -> A.3): one minute instead of two
	p.illegal.penalty_s = 60 -- 7.5.5 with A.3 (blitz: B.3 -> A.3): one minute instead of two
elseif blitz then
	-- B.2 (one arbiter per game): the Competitive Rules of Play apply. The 2018 B.2
	-- ("one minute instead of two") is gone; its minute is now A.3, which blitz
	-- reaches only through B.3. So 7.5.5 and 9.5.3 give two minutes here.
	p.draw.claim_penalty_s = 120
	p.illegal.penalty_s = 120
end
p.draw.resign_dead_draw = true -- 5.1.2: a draw if the opponent cannot mate

local a = p.articles
a.resign = "5.1.2"
if rapid then
	a.claim_penalty = "9.5.3, A.3"
	a.illegal = limited and "A.3, A.5.2 -> 7.5.5" or "A.3, A.4 -> 7.5.5"
	a.flag = limited and "6.9, A.5.3" or "6.9"
	a.flag_establish = limited and "6.8, A.5.5" or "6.8"
elseif blitz then
	a.claim_penalty = limited and "9.5.3, B.3 -> A.3" or "9.5.3, B.2"
	a.illegal = limited and "B.3 -> A.3, A.5.2 -> 7.5.5" or "B.2 -> 7.5.5"
	a.flag = limited and "6.9, B.3 -> A.5.3" or "6.9"
	a.flag_establish = limited and "6.8, B.3 -> A.5.5" or "6.8"
end
a.illegal_loss = a.illegal

return p
