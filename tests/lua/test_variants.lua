-- test_variants.lua DATA_DIR [ARBITER_CLI]
-- arbiter.variants() and arbiter.variant(name): the variant scripts found by
-- name in the variant path (lua/datapath.h; run from the build tree, the
-- source tree's variants/), their fields, their start positions, errors.
local arbiter = require "arbiter"

local function fails(pattern, value, msg, status)
  assert(value == nil, "expected nil, got " .. tostring(value))
  assert(type(msg) == "string" and msg:find(pattern, 1, true),
         "message '" .. tostring(msg) .. "' lacks '" .. pattern .. "'")
  assert(status == "ARB_E_PROFILE", "status " .. tostring(status))
end

local START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

-- Every shipped script is listed, sorted, by its file name, from one directory.
local list = arbiter.variants()
local names, dir = {}, nil
for i, v in ipairs(list) do
  names[i] = v.name
  assert(v.file:sub(-#v.name - 5) == "/" .. v.name .. ".lua", v.file)
  local d = v.file:sub(1, -#v.name - 6)
  assert(dir == nil or dir == d, "variants from two directories: " .. tostring(dir) .. ", " .. d)
  dir = d
end
assert(table.concat(names, " ") == "chess960 double960 longcastle nocastle standard",
       "variants: " .. table.concat(names, " "))
assert(dir:match("/variants$"), dir)

-- Each loads by name and by file, with its fields.
local expect = {
  standard = { "Standard", START },
  nocastle = { "No castling", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" },
}
for _, v in ipairs(list) do
  local byname = assert(arbiter.variant(v.name))
  local byfile = assert(arbiter.variant(v.file))
  assert(byname:name() == byfile:name())
  assert(tostring(byname) == "arbiter.Variant " .. byname:name())
  assert(type(byname:pgn()) == "table")
  local a, b = byname:position(42), byname:position(42)
  assert(a:fen() == b:fen(), v.name .. ": a seeded start is reproducible")
  if expect[v.name] then
    assert(byname:name() == expect[v.name][1], byname:name())
    assert(a:fen() == expect[v.name][2], v.name .. ": " .. a:fen())
  end
  byfile:close()
  assert(tostring(byfile) == "arbiter.Variant (closed)")
  assert(not pcall(byfile.name, byfile), "a closed variant refuses its methods")
end
local c960 = assert(arbiter.variant("chess960"))
assert(c960:pgn()[1] == "Chess960", c960:pgn()[1])
-- Seeds draw different arrays (not always: two seeds of 960 may agree).
local seen = {}
for seed = 1, 20 do seen[c960:position(seed):fen()] = true end
local distinct = 0
for _ in pairs(seen) do distinct = distinct + 1 end
assert(distinct >= 10, "20 seeds gave " .. distinct .. " starts")
assert(c960:position():perft(1) >= 18, "an unseeded draw is a Chess960 start")

-- Errors: no such name, not a name, a path that is not a file, a given path
-- searched first.
fails("no variant 'nope' (no nope.lua in", arbiter.variant("nope"))
fails("is not a variant name", arbiter.variant("../standard"))
fails("is not a variant name", arbiter.variant(""))
fails("cannot open", arbiter.variant("/nonexistent/x.lua"))
assert(arbiter.variant("standard", "/nonexistent:"), "the given path comes first, then the rest")
-- A directory given first wins over the shipped scripts.
local tmp = os.tmpname()
local f = assert(io.open(tmp, "w"))
f:write('return { name = "Mine", start = { chess960 = 0 } }\n')
f:close()
local dirpart, base = tmp:match("^(.*)/([^/]+)$")
if base:match("^[%w_-]+$") then
  assert(os.rename(tmp, tmp .. ".lua"))
  local mine = assert(arbiter.variant(base, dirpart))
  assert(mine:name() == "Mine" and mine:position():fen():sub(1, 8) == "bbqnnrkr", mine:position():fen())
  local listed = false
  for _, v in ipairs(arbiter.variants(dirpart)) do listed = listed or v.name == base end
  assert(listed, base .. " listed from the given directory")
  os.remove(tmp .. ".lua")
else
  os.remove(tmp)
end
assert(#arbiter.variants("/nonexistent") == #list, "a missing directory adds nothing")
assert(not pcall(arbiter.variant), "the name is required")
assert(not pcall(arbiter.variant, "a\0b"), "no zero bytes")
print("variants: ok")
