-- test_engine.lua DATA_DIR ARBITER
-- UCI engines and engine games from Lua (arbiter.engine, Engine,
-- arbiter.play) with the scripted fake engine (tests/tools/fake_uci.lua run
-- by the arbiter program): the handshake's name and options; a game under a
-- profile given by name and by Profile, its Game re-adjudicated to the same
-- verdict; Armageddon's draw odds; a crash, an illegal move under two
-- editions, a start that times out; and bad input: a missing cmd, a program
-- that does not exist, a bad time control or claims, a closed engine.
local arbiter = require "arbiter"
local data, cli = arg[1], arg[2]
local fake = data .. "/../tools/fake_uci.lua"

local function raises(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error matching '" .. pattern .. "'")
  assert(tostring(err):find(pattern, 1, true), "error '" .. tostring(err) .. "' lacks '" .. pattern .. "'")
end

local function engine(name, ...)
  return assert(arbiter.engine{cmd = cli, args = {"run", fake, ...}, name = name,
    options = {Hash = 16, UCI_ShowWDL = true}, timeout = 5000})
end

-- the handshake
local a, b = engine("a", "play=capture", "seed=1"), engine("b", "play=capture", "seed=2")
assert(a:name() == "a" and a:alive() and a:has_option("uci_chess960") and not a:has_option("Ponder"))
assert(tostring(a) == "arbiter.Engine (a)")
local anon = assert(arbiter.engine{cmd = cli, args = {"run", fake, "name=Fakey"}})
assert(anon:name() == "Fakey", anon:name())
anon:close()
assert(tostring(anon) == "arbiter.Engine (closed)")
raises("closed engine", anon.name, anon)

-- a game under a profile by name; its Game adjudicated again
do
  local game, v, r = arbiter.play{white = a, black = b, profile = "fide2023-blitz", tc = "60+1"}
  assert(v.over and (v.result == "1-0" or v.result == "0-1" or v.result == "1/2-1/2"), v.result)
  assert(game:tag("White") == "a" and game:tag("Black") == "b" and game:tag("TimeControl") == "60+1")
  assert(game:tag("Result") == v.result and r.plies > 0 and r.detail == "" or r.detail)
  assert(r.overhead_us_mean >= 0 and r.overhead_us_max >= r.overhead_us_mean)
  local again = arbiter.profile("fide2023-blitz"):adjudicate(game)
  assert(again.result == v.result and again.reason == v.reason, again.reason .. " vs " .. v.reason)
end

-- Armageddon: a game the runner draws after 3 moves is Black's
do
  local p = assert(arbiter.profile("armageddon"))
  local _, v, r = arbiter.play{white = a, black = b, profile = p, tc = arbiter.time_control("300=240"), max_moves = 3}
  assert(v.result == "0-1" and v.board == "1/2-1/2" and r.adjudicated, v.result)
end

-- a crash: abandoned, the crashed engine loses
do
  local c = engine("c", "crash=2")
  local _, v, r = arbiter.play{white = c, black = b, white_limits = {nodes = 1}, black_limits = {nodes = 1}}
  assert(v.result == "0-1" and v.termination == "abandoned" and r.crashed.white == 1, v.reason)
  assert(not c:alive())
  c:close()
end

-- an illegal move: FIDE 2023 standard penalises it and the game goes on;
-- US Chess blitz makes it a loss
for profile, ends in pairs{["fide2023-standard"] = false, ["uscf-blitz"] = true} do
  local bad = engine("bad", "illegal=2")
  local _, v, r = arbiter.play{white = bad, black = b, profile = profile, tc = "60+0", max_moves = 20}
  assert(r.illegal.white == 1, profile)
  assert((v.reason == "illegal-move-loss") == ends, profile .. ": " .. v.reason)
  bad:close()
end

-- a start that times out: nil, the message, the code; no process left
do
  local e, msg, code = arbiter.engine{cmd = cli, args = {"run", fake, "hang=uci"}, timeout = 300}
  assert(e == nil and code == "ARB_E_ENGINE" and msg:find("did not answer 'uci' within 300 ms", 1, true), msg)
end

-- bad input
raises("field 'cmd' is required", arbiter.engine, {name = "x"})
raises("field 'args' must be a table", arbiter.engine, {cmd = cli, args = "run"})
raises("option 'name': a string expected", arbiter.engine, {cmd = cli, name = 5})
local none, msg, code = arbiter.engine{cmd = data .. "/no-such-engine"}
assert(none == nil and code == "ARB_E_ENGINE" and msg:find("cannot run", 1, true), msg)
raises("tc '60+x'", arbiter.play, {white = a, black = b, tc = "60+x"})
raises("claims must be", arbiter.play, {white = a, black = b, tc = "60", claims = "sometimes"})
raises("profile 'nonesuch'", arbiter.play, {white = a, black = b, tc = "60", profile = "nonesuch"})
do
  local _, m, c = arbiter.play{white = a, black = b}
  assert(c == "ARB_E_ENGINE" and m:find("no time control and no limit", 1, true), m)
end
a:close()
raises("closed engine", arbiter.play, {white = a, black = b, tc = "60"})
b:close()
print("test_engine: ok")
