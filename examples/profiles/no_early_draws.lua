-- no_early_draws.lua: FIDE 2023 with an event rule against early draws
-- ("no draw by agreement before move 30", as 9.1.1 lets the regulations of
-- an event say). An agreed draw before that move is cancelled and the game
-- goes on; draws the Laws decide (repetition claims, stalemate...) stand.
--
-- Use it as `--profile no_early_draws` with this directory in the profile
-- path (`--profile-path examples/profiles` or $ARBITER_PATH), or by its
-- path: `--profile examples/profiles/no_early_draws.lua`. As for fide2023:
-- no_early_draws-blitz, no_early_draws{supervision=full}...
--
-- Options: before=<move number> (default 30), and fide2023's options.

local before = tonumber(option("before", "30"))
if before == nil or before < 1 then
	error("option 'before': give a move number such as 30")
end

-- Everything fide2023 takes is passed on to it.
local forward = {}
for _, name in ipairs({ "speed", "supervision", "period", "tc", "default", "guidelinesIII",
	"clock", "chess960" }) do
	forward[name] = option(name)
end
local p = extend("fide2023", forward)

p.description = p.description .. "; no agreed draws before move " .. before

-- Called when the game is about to end. `game` is the game as it stands
-- (read-only), `ending` the decision that ends it. Returning nil keeps the
-- ending; result "*" cancels it.
p.on_end = function(game, ending)
	if ending.reason == "agreement" and game.move_number < before then
		return {
			result = "*",
			reason = "agreement-not-allowed",
			detail = string.format("(move %d: no agreed draws before move %d)",
				game.move_number, before),
			article = "event regulations (FIDE 2023 9.1.1)",
		}
	end
	return nil
end

return p
