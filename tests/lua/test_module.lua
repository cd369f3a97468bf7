-- test_module.lua DATA_DIR [ARBITER_CLI]
-- Positions, moves, FEN in its three castling styles, perft, SAN/UCI play,
-- the "can checkmate" analysis, argument errors and metamethods.
local arbiter = require "arbiter"
-- LuaJIT (a build with ARBITER_LUAJIT): no `<close>`, its own wording in
-- some messages; the checks below say what it does instead.
local LUAJIT = rawget(_G, "jit") ~= nil

local function raises(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error matching '" .. pattern .. "'")
  assert(tostring(err):find(pattern, 1, true), "error '" .. tostring(err) .. "' lacks '" .. pattern .. "'")
  return err
end

local function fails(code, pattern, value, msg, status)
  assert(value == nil, "expected nil, got " .. tostring(value))
  assert(type(msg) == "string" and msg:find(pattern, 1, true),
         "message '" .. tostring(msg) .. "' lacks '" .. pattern .. "'")
  assert(status == code, "status " .. tostring(status) .. ", expected " .. code)
end

local START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
local KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

-- ---- module shape ---------------------------------------------------------
assert(arbiter.version:match("^%d+%.%d+%.%d+$"), "version " .. tostring(arbiter.version))
for _, name in ipairs { "Position", "Move", "TimeControl", "Clock", "Game", "PgnReader" } do
  assert(type(arbiter[name]) == "table" and type(arbiter[name].__index) == "table", name .. " metatable")
end
assert(arbiter.Position.new == arbiter.position, "Position.new is arbiter.position")
assert(getmetatable(arbiter.position()) == arbiter.Position)

-- ---- FEN: standard, X-FEN, Shredder-FEN -------------------------------------
local start = arbiter.position()
assert(start:fen() == START, "start fen " .. start:fen())
assert(tostring(start) == START)
assert(start:fen("shredder") == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
assert(not start:is_chess960())
assert(start:side_to_move() == "white" and start:halfmove_clock() == 0 and start:fullmove_number() == 1)
assert(arbiter.position(START):fen() == START)
assert(arbiter.position(START, "standard"):fen() == START)
assert(arbiter.position(nil, "chess960"):is_chess960(), "start position in Chess960 notation")

-- Chess960 position 0 (BBQNNRKR) in Shredder-FEN: read, written as X-FEN and back.
local shredder0 = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
local p0 = assert(arbiter.position(shredder0))
assert(p0:is_chess960(), "file letters select Chess960")
assert(p0:fen() == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", p0:fen())
assert(p0:fen("shredder") == shredder0)
assert(arbiter.position(p0:fen()):fen("shredder") == shredder0, "X-FEN KQkq reads back as HFhf")
assert(p0 == arbiter.chess960.position(0))

-- X-FEN with an inner rook holding the right (G: the g1 rook, h1 has none).
local xfen = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11"
local px = assert(arbiter.position(xfen))
assert(px:is_chess960())
assert(px:fen() == xfen, "X-FEN round trip: " .. px:fen())
assert(px:fen("shredder") == "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11",
       px:fen("shredder"))
assert(px:halfmove_clock() == 4 and px:fullmove_number() == 11)
assert(px:move("O-O"):uci() == "e1g1", "Chess960 castling is king takes rook")

-- ---- bad FEN: nil, message, status --------------------------------------------
fails("ARB_E_FEN_KINGS", "king", arbiter.position("8/8/8/8/8/8/8/8 w - - 0 1"))
fails("ARB_E_FEN_CASTLING", "field 3", arbiter.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"))
fails("ARB_E_FEN_FIELDS", "", arbiter.position(""))
fails("ARB_E_FEN_CASTLING", "", arbiter.position(shredder0, "standard"))

-- ---- perft -----------------------------------------------------------------------
assert(start:perft(0) == 1)
assert(start:perft(1) == 20)
assert(start:perft(3) == 8902, "perft(start, 3)")
assert(arbiter.position(KIWIPETE):perft(3) == 97862, "perft(Kiwipete, 3)")
assert(start:fen() == START, "perft leaves the position as it was")
local divide, total = arbiter.position(KIWIPETE):divide(2)
assert(total == 2039, "divide total " .. total)
assert(divide.e1g1 == 43 and divide.e1c1 == 43, "castling in divide")
local n = 0
for _, nodes in pairs(divide) do n = n + nodes end
assert(n == total)
assert(p0:perft(2) == 400)

-- ---- moves ---------------------------------------------------------------------
local moves = start:moves()
assert(#moves == 20, "20 moves")
local sans, ucis = start:san_moves(), start:uci_moves()
assert(#sans == 20 and #ucis == 20)
for i, m in ipairs(moves) do
  assert(getmetatable(m) == arbiter.Move)
  assert(m:uci() == ucis[i] and m:san() == sans[i] and tostring(m) == ucis[i])
end
local e4 = assert(start:move("e4"))
assert(e4:uci() == "e2e4" and e4:san() == "e4" and e4:from() == "e2" and e4:to() == "e4")
assert(e4:kind() == "normal" and e4:promotion() == nil)
assert(e4 == start:move("e2e4"), "__eq on moves")
assert(e4 ~= start:move("d4"))
assert(start:fen() == START, "move() does not play")

local promo = arbiter.position("8/P7/8/8/8/8/8/k6K w - - 0 1")
local a8q = assert(promo:move("a8=Q"))
assert(a8q:uci() == "a7a8q" and a8q:san() == "a8=Q+" and a8q:promotion() == "q" and a8q:kind() == "promotion")
assert(promo:move("a7a8n"):san() == "a8=N")
local oo = assert(arbiter.position(KIWIPETE):move("O-O"))
assert(oo:uci() == "e1g1" and oo:kind() == "castling" and oo:to() == "h1", "castling is king takes rook")
local ep = arbiter.position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
assert(ep:ep_square() == "d6")
assert(ep:move("exd6"):kind() == "en_passant")
assert(arbiter.position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 2"):ep_square() == nil)

-- ---- play: SAN and UCI, illegal and unparsable moves ----------------------------------
local p = arbiter.position()
assert(p:play("e4") == true)
assert(p:play("e7e5") == true)
assert(p:play("Nf3"))
assert(p:play(p:move("Nc6")))
assert(p:fen() == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", p:fen())
local before = p:fen()
fails("ARB_E_MOVE_ILLEGAL", "Nf6", p:play("Nf6"))
fails("ARB_E_MOVE_ILLEGAL", "e2e5", p:play("e2e5"))
fails("ARB_E_MOVE_SYNTAX", "zz9", p:play("zz9"))
fails("ARB_E_MOVE_ILLEGAL", "null move", p:play("0000"))
fails("ARB_E_MOVE_ILLEGAL", "null move", p:play("--"))
fails("ARB_E_MOVE_ILLEGAL", "e2e4", p:play(e4))  -- a Move from another position
assert(p:fen() == before, "failed plays leave the position unchanged")
assert(p:play("Bb5") and p:play("a6") and p:play("0-0"), "lenient SAN castling")
assert(p:piece_at("g1") == "K" and p:piece_at("f1") == "R")

-- Standard-mode castling in UCI as the king's two-square move or king takes rook.
local k1 = arbiter.position(KIWIPETE)
assert(k1:play("e1g1") and k1:piece_at("g1") == "K")
local k2 = arbiter.position(KIWIPETE)
assert(k2:play("e1h1") and k2 == k1, "e1h1 is also castling")

-- ---- queries ------------------------------------------------------------------------
assert(start:piece_at("e1") == "K" and start:piece_at("e8") == "k" and start:piece_at("e4") == nil)
assert(start:piece_at(4) == "K" and start:piece_at(63) == "r")
assert(start:key():match("^%x+$") and #start:key() == 16)
assert(start:key() == arbiter.position(START):key())
local mate = arbiter.position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
assert(mate:is_checkmate() and mate:in_check() and not mate:is_stalemate())
assert(#mate:moves() == 0)
local stale = arbiter.position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
assert(stale:is_stalemate() and not stale:is_checkmate() and not stale:in_check())
assert(start:side_to_move() == "white" and mate:side_to_move() == "white")
assert(arbiter.position("4k3/8/8/8/8/8/8/4K3 b - - 0 1"):side_to_move() == "black")

-- ---- copies and metamethods -------------------------------------------------------------
local c = start:copy()
assert(c == start and rawequal(c, start) == false)
c:play("e4")
assert(c ~= start and start:fen() == START, "a copy is independent")
-- the same position (FIDE 9.2): clocks ignored, e.p. square only when a capture is legal
assert(arbiter.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30") == start)
assert(c == arbiter.position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
       "an e.p. square with no legal capture does not count")
local knights = arbiter.position()
for _, m in ipairs { "Nf3", "Nf6", "Ng1", "Ng8" } do assert(knights:play(m)) end
assert(knights == start and knights:fen() ~= START)
local lost = arbiter.position()
for _, m in ipairs { "Nf3", "Nf6", "Rg1", "Rg8", "Rh1", "Rh8", "Ng1", "Ng8" } do assert(lost:play(m)) end
assert(lost ~= start, "castling rights lost: not the same position")
assert(start ~= e4 and e4 ~= start, "a Position is never equal to a Move")
assert(tostring(e4) == "e2e4")

-- <close> and close(): the position is freed; later use raises. LuaJIT
-- does not parse `<close>` (Lua 5.4); the chunk is loaded from text so that
-- this file still compiles there.
local close_scope = [[
  local arbiter = ...
  local kept
  do
    local scoped <close> = arbiter.position()
    kept = scoped
  end
  return kept
]]
local kept
if LUAJIT then
  local f, err = load(close_scope)
  assert(f == nil and err:find("'<'", 1, true), "LuaJIT refuses <close>: " .. tostring(err))
  kept = arbiter.position()
  kept:close()
else
  kept = assert(load(close_scope))(arbiter)
end
raises("closed position", kept.fen, kept)
assert(tostring(kept):find("closed"))
local explicit = arbiter.position()
explicit:close()
explicit:close() -- twice is harmless
raises("closed position", explicit.moves, explicit)

-- ---- argument errors raise -----------------------------------------------------------------
-- (called through pcall, the function is named after its field: 'arbiter.position';
-- LuaJIT names a function called from C '?')
local called = LUAJIT and "'?'" or "'arbiter.position'"
raises("bad argument #1 to " .. called .. " (string expected, got table)", arbiter.position, {})
raises("bad argument #2 to " .. called .. " (invalid option 'bogus')", arbiter.position, START, "bogus")
-- (in parentheses: a tail call would leave LuaJIT no caller to name the method from)
raises("bad argument #1 to 'fen' (invalid option 'nope')", function() return (start:fen("nope")) end)
raises("arbiter.Position expected, got string", arbiter.Position.__index.fen, "not a position")
-- (Lua 5.4 names a userdata by its metatable's __name; LuaJIT has no __name)
raises("arbiter.Position expected, got " .. (LUAJIT and "userdata" or "arbiter.Move"),
       arbiter.Position.__index.fen, e4)
raises("bad argument", function() return start:perft(-1) end)
raises("bad argument", function() return start:perft("x") end)
-- integers: a float without an integral value is refused (LuaJIT's numbers
-- are all doubles; the binding reads them as Lua 5.4 does)
raises("number has no integer representation", function() return start:perft(1.5) end)
raises("number has no integer representation", function() return start:piece_at(4.5) end)
assert(start:perft(2.0) == 400 and start:piece_at(4.0) == "K", "integral floats are integers")
raises("square name like 'e4' expected", function() return start:piece_at("z9") end)
raises("bad argument", function() return start:piece_at(64) end)
raises("move text or arbiter.Move expected, got no value", function() return start:play() end)
raises("move text or arbiter.Move expected, got table", function() return start:play({}) end)
raises("invalid option 'red'", function() return start:can_checkmate("red") end)
raises("bad argument", function() return start:can_checkmate() end)
raises("arbiter.Move expected", arbiter.Move.__index.uci, start)
raises("zero byte", arbiter.position, START .. "\0junk")

-- ---- material, "can checkmate", dead positions -------------------------------------------
local kk = arbiter.position("8/8/8/4k3/8/8/8/4K3 w - - 0 1")
assert(kk:insufficient_material() and kk:insufficient_material("white") and kk:insufficient_material("black"))
assert(not start:insufficient_material() and not start:insufficient_material("white"))
local kbk = arbiter.position("8/8/8/4k3/8/8/8/3BK3 w - - 0 1")
assert(kbk:insufficient_material("white") and kbk:insufficient_material())
local dead, verdict = kk:is_dead()
assert(dead == true and verdict == "unwinnable")
dead, verdict = start:is_dead()
assert(dead == false and verdict == "winnable")

local ra = arbiter.position("7k/8/6K1/8/8/8/8/R7 b - - 0 1")
local v, line, nodes = ra:can_checkmate("white")
assert(v == "winnable", "K+R v K: white can mate")
assert(type(line) == "table" and #line > 0 and type(nodes) == "number")
local replay = ra:copy()
for i, san in ipairs(line) do
  assert(type(san) == "string")
  assert(replay:play(san), "line move " .. i .. " '" .. san .. "' is legal")
end
assert(replay:is_checkmate() and replay:side_to_move() == "black", "the line ends in mate of black")
assert(line[#line]:sub(-1) == "#")
v, line = ra:can_checkmate("black")
assert(v == "unwinnable" and line == nil, "a lone king cannot mate")
v = ra:can_checkmate("white", 1)
assert(v == "winnable" or v == "undetermined", "a budget of 1 node: " .. v)
local mated_v, mated_line = mate:can_checkmate("black")
assert(mated_v == "winnable" and #mated_line == 0, "already mated: winnable with an empty line")

-- ---- garbage ------------------------------------------------------------------------------
for _ = 1, 2000 do arbiter.position():moves() end
collectgarbage()
collectgarbage()

print("test_module: ok")
