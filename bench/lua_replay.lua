-- bench/lua_replay.lua FILE...: reads every game of the PGN files through the
-- module (the reader replays each game's SAN), counting games and plies.
-- The Lua side of the Lua-overhead benchmark (bench/lua_bench.sh).
local arbiter = require "arbiter"
local games, plies = 0, 0
for i = 1, #arg do
	for game in assert(arbiter.pgn.open(arg[i])) do
		games = games + 1
		plies = plies + game:ply_count()
	end
end
print(string.format("games %d plies %d", games, plies))
