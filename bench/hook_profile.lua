-- bench/hook_profile.lua: fide2023-standard plus an on_move hook that looks
-- at the game on every move and never changes anything (a rule experiment's
-- typical cost: read a few fields, decide nothing). Used by
-- bench/adjudicate_bench.sh to measure what a Lua hook costs.
local p = extend("fide2023", { speed = "standard" })
local longest = 0
p.name = "bench-hook"
p.on_move = function(game)
	if game.ply > longest then
		longest = game.ply
	end
	if game.in_check and game.ply > 100000 then
		return { result = "*", reason = "never" }
	end
	return nil
end
return p
