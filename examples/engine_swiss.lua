-- engine_swiss.lua -- a whole event of UCI engines from Lua: a Swiss paired
-- round by round by the FIDE Dutch system (arbiter.tournament), each game
-- played on arbiter's clock under a rule profile (arbiter.engine,
-- arbiter.play), the results entered, the TRF file saved after every round
-- and the standings printed at the end. What `arbiter match --tournament
-- swiss` does, as a script to adapt: another pairing per round, a profile
-- per round, a report of your own.
--
-- usage: arbiter run examples/engine_swiss.lua ROUNDS TC OUT.trf ENGINE...
--   ENGINE is a command line split at spaces (the program and its
--   arguments); the engines are the players in the order given.
-- Prints `round R board B: WHITE - BLACK RESULT (REASON)` for every game,
-- `round R bye (CODE): NAME`, then `RANK NAME POINTS` for each player.
local arbiter = require "arbiter"

local rounds, tc, out = tonumber(arg[1]), arg[2], arg[3]
if not rounds or not tc or not out or not arg[5] then
  io.stderr:write("usage: arbiter run engine_swiss.lua ROUNDS TC OUT.trf ENGINE ENGINE...\n")
  os.exit(2)
end
local profile = arbiter.profile("fide2023-blitz")

-- the players: one engine process each, for the whole event
local engines, t = {}, arbiter.tournament.new()
t:set_info{name = "engine Swiss", rounds = rounds, system = "FIDE_DUTCH_2026", time_control = tc}
for i = 4, #arg do
  local words = {}
  for w in arg[i]:gmatch("%S+") do words[#words + 1] = w end
  local cmd = table.remove(words, 1)
  local e = assert(arbiter.engine{cmd = cmd, args = words, timeout = 10000})
  local id = t:add_player{name = e:name() .. " " .. (i - 3)}
  engines[id] = e
end

-- a result as the TRF's two codes: a game lost before its first move is a forfeit
local function codes(result, plies)
  if result == "1/2-1/2" then return "=", "=" end
  local white_won = result == "1-0"
  if plies == 0 then return white_won and "+" or "-", white_won and "-" or "+" end
  return white_won and "1" or "0", white_won and "0" or "1"
end

for round = 1, rounds do
  local pairing = assert(t:pair(round))
  local boards, byes = pairing:boards(), pairing:byes()
  pairing:apply()
  for b, board in ipairs(boards) do
    local white, black = board.white, board.black
    local result, reason, w, k
    if board.forfeit then -- a withdrawn player's board is not played
      w, k = board.forfeit:sub(1, 1), board.forfeit:sub(2, 2)
      result, reason = w .. "/" .. k, "forfeit"
    else
      local _, verdict, report = arbiter.play{white = engines[white], black = engines[black],
        profile = profile, tc = tc}
      result, reason = verdict.result, verdict.reason
      w, k = codes(verdict.result, report.plies)
    end
    t:set_game(round, white, black, w, k)
    print(string.format("round %d board %d: %s - %s %s (%s)", round, b, t:player(white).name,
      t:player(black).name, result, reason))
  end
  for _, bye in ipairs(byes) do
    print(string.format("round %d bye (%s): %s", round, bye.code, t:player(bye.id).name))
  end
  assert(t:save(out))
end

for _, row in ipairs((t:standings())) do
  print(string.format("%d %s %s", row.rank, t:player(row.id).name, row.points))
end
for _, e in pairs(engines) do e:close() end
