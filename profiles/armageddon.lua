-- armageddon.lua: an Armageddon game: a base profile (a FIDE blitz edition
-- by default) plus the event regulations that make a drawn board a win for
-- Black (draw odds). The time split (e.g. 5 v 4 minutes) is the event's: give
-- it with the game's time control. Schema: profiles/README.md; the draw after
-- a flag fall: docs/rules.md#armageddon-draw-on-time.
--
-- Options: base=<profile> (default fide2023-blitz; options in braces go with
-- it: base=fide2018-blitz{supervision=full}), drawOddsOnTimeDraw=true|false
-- (false: regulations that say "a loss on time is a loss" even when the
-- board is drawn after Black's flag fell), regulation=<text> (the event's
-- article that gives the draw odds, cited after the Laws' article in every
-- decision it turns: regulation="WC 2023 reg. 3.7.3"; default "event
-- regulations").

local base = option("base", "fide2023-blitz")
local odds_on_time = option("drawOddsOnTimeDraw", "true", { "true", "false" })
local regulation = option("regulation", "event regulations")
-- articles.draw_odds holds "+ " and the text (ARB_RULES_ARTICLE: 31 bytes).
if #regulation > 29 then
	error("option 'regulation': '" .. regulation .. "' is longer than 29 characters", 0)
end

local p = extend(base) -- keeps the base's edition and articles
p.score = p.score or {}
p.score.draw = "black-wins" -- event regulations: a drawn board is scored as a Black win
p.score.draw_odds_on_time_draw = odds_on_time == "true" -- docs/rules.md#armageddon-draw-on-time
p.articles = p.articles or {}
p.articles.draw_odds = "+ " .. regulation -- the reason is armageddon-draw-odds or -time-loss
p.description = ("Armageddon (a draw counts as a Black win) on " .. (p.description or base)):sub(1, 159)

return p
