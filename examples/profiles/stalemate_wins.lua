-- stalemate_wins.lua: FIDE 2023, except that stalemate is a win for the
-- player who stalemates (as in the older rules of some countries, and as a
-- rule experiment: how many drawn games would it decide?). Everything else
-- is fide2023's.
--
-- Use it as `--profile stalemate_wins` with this directory in the profile
-- path, or by its path: `--profile examples/profiles/stalemate_wins.lua`.
-- Options: fide2023's (speed, supervision, ...), passed on to it.

local forward = {}
for _, name in ipairs({ "speed", "supervision", "period", "tc", "default", "guidelinesIII",
	"clock", "chess960" }) do
	forward[name] = option(name)
end
local p = extend("fide2023", forward)

p.description = p.description .. "; stalemate wins for the stalemating player"

p.on_end = function(game, ending)
	if ending.reason ~= "stalemate" then
		return nil -- every other ending as fide2023 decides it
	end
	-- The stalemated side is the side to move; the other side wins.
	local winner = game.side_to_move == "white" and "black" or "white"
	return {
		result = winner == "white" and "1-0" or "0-1",
		reason = "stalemate-win",
		detail = string.format("(%s is stalemated after %s)", game.side_to_move,
			game.last_san or "the start"),
		article = "house rule (stalemate wins)",
	}
end

return p
