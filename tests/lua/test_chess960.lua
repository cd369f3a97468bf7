-- test_chess960.lua DATA_DIR [ARBITER_CLI]
-- Scharnagl numbering both ways, double Chess960, seeded random positions and
-- tournament draws (compared with `arbiter 960` when the CLI is given).
local arbiter = require "arbiter"
local c960 = arbiter.chess960
local cli = arg[2]
-- LuaJIT (a build with ARBITER_LUAJIT): numbers are doubles, no math.type.
local LUAJIT = rawget(_G, "jit") ~= nil

local function raises(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error matching '" .. pattern .. "'")
  assert(tostring(err):find(pattern, 1, true), "error '" .. tostring(err) .. "' lacks '" .. pattern .. "'")
end

local function same_list(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

-- ---- numbering round trips ---------------------------------------------------------
assert(c960.back_rank(518) == "RNBQKBNR")
assert(c960.back_rank(0) == "BBQNNRKR")
assert(c960.back_rank(959) == "RKRNNQBB")
for _, n in ipairs { 0, 1, 2, 3, 95, 96, 100, 361, 518, 519, 777, 958, 959 } do
  local pos = assert(c960.position(n))
  assert(pos:is_chess960(), n .. " is in Chess960 mode")
  assert(c960.number(pos) == n, "number(position(" .. n .. "))")
  assert(c960.number(pos:fen()) == n, "number(X-FEN of " .. n .. ")")
  assert(c960.number(pos:fen("shredder")) == n, "number(Shredder-FEN of " .. n .. ")")
  local rank = c960.back_rank(n)
  assert(c960.number(rank) == n and c960.number(rank:lower()) == n, "number(back rank of " .. n .. ")")
  assert(pos:fen():sub(1, 8) == rank:lower(), "black's array of " .. n)
  assert(pos:perft(1) >= 18, "moves exist in " .. n)
  local twin = c960.mirror(n)
  assert(c960.mirror(twin) == n, "mirror is an involution at " .. n)
  assert(c960.back_rank(twin) == rank:reverse(), "mirror of " .. n .. " is the reversed array")
end
-- 518 is the standard start position (same position, Chess960 notation)
local std = c960.position(518)
assert(std == arbiter.position() and std:fen() == arbiter.position():fen())
assert(std:move("O-O") == nil, "no castling through pieces")
assert(c960.number(arbiter.position()) == 518)
assert(c960.number("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == 518)
-- all 960 both ways
for n = 0, 959 do
  assert(c960.number(c960.back_rank(n)) == n, "rank round trip " .. n)
end

-- double Chess960
local pair = assert(c960.position(518, 0))
assert(pair:fen() == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", pair:fen())
local w, b = c960.number(pair)
assert(w == 518 and b == 0, "a pair gives both numbers")
assert(select("#", c960.number(std)) == 1, "one number for ordinary Chess960")

-- ---- failures -------------------------------------------------------------------------------
local function fails(pattern, value, msg, code)
  assert(value == nil and type(msg) == "string" and msg:find(pattern, 1, true),
         "expected nil + '" .. pattern .. "', got " .. tostring(value) .. ", " .. tostring(msg))
  assert(code == "ARB_E_ARGUMENT" or code:match("^ARB_E_FEN"), tostring(code))
end
fails("960 is not in 0..959", c960.position(960))
fails("-1 is not in 0..959", c960.position(0, -1))
fails("is not in 0..959", c960.back_rank(-1))
fails("is not in 0..959", c960.mirror(1000))
fails("", c960.number("RRBQKBNN"))                 -- king not between the rooks
fails("", c960.number("RNBQKBNN"))                 -- one rook
fails("", c960.number("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))
fails("", c960.number("not a fen at all"))
raises("bad argument #1", c960.position, "x")
raises("bad argument #1", c960.number, 518)
raises("bad argument #1", c960.number, nil)

-- ---- random positions and draws -------------------------------------------------------------
assert(c960.random(42) == c960.random(42), "a seeded position is reproducible")
assert(c960.random("42") == c960.random(42), "a seed as a decimal string")
for _ = 1, 20 do
  local n = c960.random()
  if LUAJIT then
    assert(math.type == nil and n % 1 == 0 and n >= 0 and n <= 959, "an integral double")
  else
    assert(math.type(n) == "integer" and n >= 0 and n <= 959)
  end
end
local d1 = assert(c960.draw(5, 42))
local d2 = assert(c960.draw(5, 42))
assert(#d1 == 5 and same_list(d1, d2), "a seeded draw is reproducible")
local seen = {}
for _, n in ipairs(d1) do
  assert(not seen[n], "draws are distinct"); seen[n] = true
end
assert(same_list(d1, { 853, 34, 208, 312, 682 }), "the draw of `arbiter 960 --rounds 5 --seed 42`")
assert(c960.random(7) == 87, "`arbiter 960 --random --seed 7`")
local big = assert(c960.draw(3, "18446744073709551615", { 518, 12 }, true))
assert(same_list(big, { 181, 471, 142 }), "seed 2^64-1, exclusions and no twins")
local all = assert(c960.draw(960, 1))
table.sort(all)
for i = 1, 960 do assert(all[i] == i - 1, "a full draw is a permutation") end
local ex = assert(c960.draw(959, 3, { 518, 518, 518 }))
for _, n in ipairs(ex) do assert(n ~= 518, "excluded numbers are never drawn") end
assert(#assert(c960.draw(0, 1)) == 0)
local twins = assert(c960.draw(400, 9, nil, true))
local drawn = {}
for _, n in ipairs(twins) do drawn[n] = true end
for _, n in ipairs(twins) do
  local t = c960.mirror(n)
  assert(t == n or not drawn[t], "no twins: " .. n .. " and " .. t)
end
fails("rounds", c960.draw(961, 1))
fails("rounds", c960.draw(960, 1, { 5 }))
fails("excluded number 960", c960.draw(1, 1, { 960 }))
local many = {}
for i = 1, 3000 do many[i] = i % 10 end -- repeats count once
assert(#assert(c960.draw(950, 5, many)) == 950)
fails("rounds", c960.draw(951, 5, many))
raises("seed must not be negative", c960.draw, 1, -1)
raises("seed must be a decimal number", c960.draw, 1, "18446744073709551616")
raises("seed must be a decimal number", c960.draw, 1, "12x")
raises("bad argument #1", c960.draw, -1, 1)
raises("bad argument #3", c960.draw, 1, 1, 5)
raises("bad argument #3", c960.draw, 1, 1, { "a" })
raises("bad argument #1", c960.random, {})

-- ---- double-Chess960 draws --------------------------------------------------------------------
local pairs3 = assert(c960.draw_double(3, 3))
assert(#pairs3 == 3)
assert(pairs3[1][1] == 349 and pairs3[1][2] == 813, "round 1 is the pair of --double --random --seed 3")
assert(pairs3[2][1] == 621 and pairs3[2][2] == 201 and pairs3[3][1] == 750 and pairs3[3][2] == 129)
local moved = assert(c960.draw_double(1, 3, { 813 }))
assert(moved[1][1] == 621 and moved[1][2] == 201, "an excluded Black array moves round 1 on")
local ex = {}
for i = 1, 958 do ex[i] = i - 1 end -- 958 and 959 left: four pairs
local four = assert(c960.draw_double(4, 11, ex))
local seen = {}
for _, pr in ipairs(four) do
  assert(pr[1] >= 958 and pr[2] >= 958, "no excluded array")
  local key = pr[1] .. "-" .. pr[2]
  assert(not seen[key], "pairs are distinct: " .. key)
  seen[key] = true
end
fails("only 4 pairs", c960.draw_double(5, 11, ex))
fails("excluded number 960", c960.draw_double(1, 1, { 960 }))
fails("921600 pairs", c960.draw_double(921601, 1))
assert(#assert(c960.draw_double(0, 1)) == 0)
raises("bad argument #1", c960.draw_double, -1)
raises("bad argument #3", c960.draw_double, 1, 1, 5)

-- Compare with the CLI's draw for a few seeds.
if cli and io.popen then
  for _, seed in ipairs { 0, 1, 42, 123456789 } do
    local f = assert(io.popen(cli .. " 960 --rounds 7 --seed " .. seed))
    local expect = {}
    for line in f:lines() do expect[#expect + 1] = tonumber(line:match("^%d+ (%d+) ")) end
    f:close()
    assert(#expect == 7, "CLI output for seed " .. seed)
    assert(same_list(assert(c960.draw(7, seed)), expect), "draw with seed " .. seed .. " as the CLI")
  end
  for _, seed in ipairs { 0, 3, 99 } do
    local f = assert(io.popen(cli .. " 960 --double --rounds 6 --exclude 518,0-9 --seed " .. seed))
    local got = assert(c960.draw_double(6, seed, { 518, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 }))
    local i = 0
    for line in f:lines() do
      i = i + 1
      local r, w, b = line:match("^(%d+) (%d+)%-(%d+) ")
      assert(tonumber(r) == i and tonumber(w) == got[i][1] and tonumber(b) == got[i][2],
             "double draw with seed " .. seed .. ", round " .. i .. ": " .. line)
    end
    f:close()
    assert(i == 6, "CLI double draw for seed " .. seed)
  end
end

print("test_chess960: ok")
