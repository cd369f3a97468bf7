-- most_first_moves.lua: which Chess960 start positions give White the most
-- legal first moves? Enumerates all 960 start positions, counts the legal
-- first moves (perft 1) and the positions after two moves each (perft 4 by
-- default), and prints the top of the list, one line per position:
--     NUMBER BACKRANK FIRST_MOVES PERFT
-- Ties on the first moves go to the larger perft, then the smaller number.
--
-- usage: arbiter run examples/most_first_moves.lua [COUNT [DEPTH]]
--     COUNT  how many positions to print (default 10)
--     DEPTH  the perft depth for the second column (default 4)
local arbiter = require "arbiter"

local function whole(text, default, name, min)
  if text == nil then return default end
  local n = tonumber(text)
  if not n or n % 1 ~= 0 or n < min then -- (n % 1 is NaN for inf and NaN)
    io.stderr:write(("most_first_moves: bad %s '%s'\n"):format(name, text))
    os.exit(2)
  end
  return n
end

local count = whole(arg[1], 10, "count", 1)
local depth = whole(arg[2], 4, "depth", 1)

local rows = {}
for n = 0, 959 do
  local pos = assert(arbiter.chess960.position(n))
  rows[#rows + 1] = {
    n = n,
    rank = assert(arbiter.chess960.back_rank(n)),
    first = pos:perft(1),
    nodes = pos:perft(depth),
  }
end

table.sort(rows, function(a, b)
  if a.first ~= b.first then return a.first > b.first end
  if a.nodes ~= b.nodes then return a.nodes > b.nodes end
  return a.n < b.n
end)

for i = 1, math.min(count, #rows) do
  local r = rows[i]
  print(("%d %s %d %d"):format(r.n, r.rank, r.first, r.nodes))
end
