-- test_pgn.lua DATA_DIR [ARBITER_CLI]
-- Streaming PGN reading: counts against `arbiter pgn stats`, game snapshots,
-- early loop exit closing the reader, broken games, clock comments.
local arbiter = require "arbiter"
local data, cli = assert(arg[1], "usage: test_pgn.lua DATA_DIR [ARBITER_CLI]"), arg[2]
local morphy = data .. "/pgn/pgnmentor-Morphy.pgn"
-- LuaJIT (a build with ARBITER_LUAJIT) has no closing value for the generic
-- for: a loop left early leaves the reader open until it is closed or
-- collected. The checks below say which.
local LUAJIT = rawget(_G, "jit") ~= nil

local function raises(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error matching '" .. pattern .. "'")
  assert(tostring(err):find(pattern, 1, true), "error '" .. tostring(err) .. "' lacks '" .. pattern .. "'")
end

-- What `arbiter pgn stats` says about a file (the counts fixed at the time of
-- writing when the CLI is not given).
local function stats(path, default)
  if not (cli and io.popen) then return default end
  local f = assert(io.popen(cli .. " pgn stats '" .. path .. "' 2>/dev/null"))
  local out = f:read("a")
  f:close()
  return { games = tonumber(out:match("games: (%d+)")), plies = tonumber(out:match("plies: (%d+)")),
           errors = tonumber(out:match("errors: (%d+)")) }
end

-- ---- a whole file ----------------------------------------------------------------------
local expect = stats(morphy, { games = 211, plies = 13835, errors = 0 })
local games, plies, results, last = 0, 0, {}, nil
for game in arbiter.pgn.open(morphy) do
  assert(getmetatable(game) == arbiter.Game)
  games = games + 1
  assert(game:number() == games)
  plies = plies + game:ply_count()
  results[game:result()] = (results[game:result()] or 0) + 1
  last = game
end
assert(games == expect.games, "games: " .. games .. ", the CLI says " .. expect.games)
assert(plies == expect.plies, "plies: " .. plies .. ", the CLI says " .. expect.plies)
assert(results["1-0"] + results["0-1"] + results["1/2-1/2"] == games)
-- a game outlives the reader that produced it
assert(last:number() == games and last:ply_count() > 0 and last:tag("White"))

-- ---- a game in detail ---------------------------------------------------------------------
local reader = assert(arbiter.pgn.open(morphy))
assert(getmetatable(reader) == arbiter.PgnReader and not reader:is_closed())
local g1 = assert(reader())
local g2 = assert(reader:next())
assert(g1:number() == 1 and g2:number() == 2)
assert(reader:games() == 2 and reader:error_count() == 0)
local tags = g1:tags()
assert(tags.White == g1:tag("White") and tags.Black == g1:tag("Black") and tags.Result == g1:result())
assert(g1:tag("NoSuchTag") == nil)
local n = g1:ply_count()
local uci, san = g1:moves(), g1:san_moves()
assert(#uci == n and #san == n)
assert(g1:start() == arbiter.position() and g1:position_at(0) == arbiter.position())
local byhand, byuci = arbiter.position(), arbiter.position()
for i = 1, n do
  assert(byhand:play(san[i]), "SAN " .. san[i])
  assert(byuci:play(uci[i]), "UCI " .. uci[i])
end
assert(byhand == g1:position_at(n) and byuci == byhand, "the last position")
local count, prev = 0, nil
for ply, pos, move in g1:positions() do
  assert(ply == count, "plies in order")
  if ply == 0 then
    assert(move == nil and pos == g1:start())
  else
    assert(move:san() == san[ply] and move:uci() == uci[ply] and prev:move(san[ply]) == move)
    assert(pos == g1:position_at(ply))
  end
  prev, count = pos, count + 1
end
assert(count == n + 1, "positions() yields the start and every ply")
assert(tostring(g1):find(g1:tag("White"), 1, true))
raises("ply out of range", g1.position_at, g1, n + 1)
raises("ply out of range", g1.clock, g1, 0)
assert(g1:clock(1) == nil, "no clock readings in this file")
reader:close()
assert(reader:is_closed() and reader() == nil and reader:games() == 2, "a closed reader keeps its counts")
reader:close()

-- ---- leaving a loop early closes the reader (Lua 5.4: the closing value) ------------------------
local closes = not LUAJIT
local captured
local function open_and_capture(path)
  local iter, state, control, closing = arbiter.pgn.open(path)
  captured = closing
  return iter, state, control, closing
end
local seen = 0
for _ in open_and_capture(morphy) do
  seen = seen + 1
  if seen == 3 then break end
end
assert(seen == 3 and captured:is_closed() == closes, "break closes the reader (Lua 5.4)")
assert(captured:games() == 3)
captured:close()
-- an error inside the loop closes it too
local ok = pcall(function()
  for _ in open_and_capture(morphy) do error("stop") end
end)
assert(not ok and captured:is_closed() == closes, "an error closes the reader (Lua 5.4)")
-- a reader left open is collected (its __gc closes it)
local weak = setmetatable({}, { __mode = "k" })
weak[captured] = true
captured = nil
collectgarbage()
collectgarbage()
assert(next(weak) == nil, "a reader left by a loop is collected")
-- the idiom for a file that may not open: assert passes all four values on
local viaassert = 0
for game in assert(arbiter.pgn.open(morphy)) do
  viaassert = viaassert + 1
  if game:number() == 5 then break end
end
assert(viaassert == 5)
-- and at the end of the input the reader closes itself
local own = arbiter.pgn.open(morphy)
for _ in own do end
assert(own:is_closed() and own:games() == expect.games)
-- readers dropped without closing are freed by the collector
for _ = 1, 50 do local r = arbiter.pgn.open(morphy); r() end
collectgarbage()
collectgarbage()

-- ---- files that cannot be read ------------------------------------------------------------------
local none, msg, code = arbiter.pgn.open(data .. "/no/such/file.pgn")
assert(none == nil and type(msg) == "string" and code == "ARB_E_IO", tostring(msg))
raises("bad argument #1", arbiter.pgn.open, nil)
raises("unknown option 'keep_partal'", arbiter.pgn.open, morphy, { keep_partal = true })
raises("bad argument #2", arbiter.pgn.open, morphy, "strict")

-- ---- broken games are skipped and reported ----------------------------------------------------------
local broken = data .. "/pgn-broken/two-bad-games.pgn"
local events = {}
local r2 = arbiter.pgn.open(broken)
for game, err in r2 do
  assert(err == nil, "no second value without keep_partial")
  events[#events + 1] = game:tag("Event")
end
assert(table.concat(events, ",") == "Good 1,Good 2,Good 3", table.concat(events, ","))
assert(r2:games() == 5 and r2:error_count() == 2)
local errors = r2:errors()
assert(#errors == 2)
assert(errors[1].game == 2 and errors[1].line == 19 and errors[1].column == 13)
assert(errors[1].message:find("Qxf7", 1, true) and errors[1].message:find("two-bad-games.pgn", 1, true))
assert(errors[2].game == 4 and errors[2].message:find("Bb6", 1, true))
if cli then
  local s = stats(broken)
  assert(s.games == 5 and s.errors == 2, "the CLI agrees")
end

-- keep_partial: a broken game comes up to its error, with the message
local partial = {}
for game, err in arbiter.pgn.open(broken, { keep_partial = true }) do
  partial[#partial + 1] = { event = game:tag("Event"), plies = game:ply_count(), err = err }
end
assert(#partial == 5)
assert(partial[2].event == "Bad 1" and partial[2].plies == 2 and partial[2].err:find("Qxf7", 1, true))
assert(partial[4].event == "Bad 2" and partial[4].err:find("Bb6", 1, true))
assert(partial[1].err == nil and partial[3].err == nil and partial[5].err == nil)

-- every broken file of the suite reads to its end through the binding
for _, name in ipairs { "truncated-mid-move", "unterminated-comment", "garbage-bytes", "bad-fen",
                        "unbalanced-paren", "unterminated-variation-next-game" } do
  local rd = arbiter.pgn.open(data .. "/pgn-broken/" .. name .. ".pgn")
  local good = 0
  for _ in rd do good = good + 1 end
  assert(rd:error_count() == 1 and good == rd:games() - 1, name)
end

-- ---- text, clock comments, Chess960 -----------------------------------------------------------------
local text = [[
[Event "Clocks"]
[White "A"]
[Black "B"]
[Result "*"]
[TimeControl "60+1"]

1. e4 {[%clk 0:01:00]} e5 {[%clk 0:00:59.5] [%emt 0:00:01.5]} 2. Nf3 (2. f4 exf4) Nc6 {no clock} *

[Event "Chess960"]
[White "C"]
[Black "D"]
[Result "1-0"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O 1-0
]]
local list = {}
for game in arbiter.pgn.parse(text) do list[#list + 1] = game end
assert(#list == 2)
local clocks = list[1]
assert(clocks:ply_count() == 4, "variations are not on the main line")
local clk, emt = clocks:clock(1)
assert(clk == 60000 and emt == nil)
clk, emt = clocks:clock(2)
assert(clk == 59500 and emt == 1500)
assert(clocks:clock(4) == nil)
assert(clocks:tag("TimeControl") == "60+1" and clocks:result() == "*")
assert(arbiter.time_control(clocks:tag("TimeControl")):pgn() == "60+1")
local c960 = list[2]
assert(c960:start():is_chess960(), "Variant Chess960")
local m = c960:moves()
assert(m[7] == "e1h1" and c960:san_moves()[7] == "O-O", "Chess960 castling in UCI: " .. m[7])
assert(c960:position_at(7):piece_at("g1") == "K")
assert(arbiter.pgn.parse("")() == nil, "no games")
-- plurals in tostring: "1 ply", "2 plies"
local one = arbiter.pgn.parse('[White "A"]\n[Black "B"]\n\n1. e4 *\n')()
assert(tostring(one):find(", 1 ply$"), tostring(one))
assert(tostring(clocks):find(", 4 plies$"), tostring(clocks))
assert(#arbiter.pgn.parse("garbage", {}):errors() == 0, "errors are recorded as games are read")

print("test_pgn: ok")
