-- draw960_svg.lua: the Chess960 start positions of a 9-round event, with a
-- diagram of each.
--
-- Draws 9 distinct positions with arbiter.chess960.draw (the same seed gives
-- the same draw as `arbiter 960 --rounds 9 --seed SEED`), prints one line per
-- round, "round R: N BACKRANK", and writes DIR/round-R.svg: a standalone SVG
-- diagram of the start position (White at the bottom), drawn here in Lua.
--
-- usage: arbiter run examples/draw960_svg.lua [SEED [DIR]]
--     SEED  a non-negative integer (default 2024)
--     DIR   an existing directory for the SVG files (default ".")
local arbiter = require "arbiter"

local ROUNDS = 9
local seed = arg[1] or "2024"
local dir = arg[2] or "."

if not seed:match("^%d+$") then
  io.stderr:write("draw960_svg: bad seed '", seed, "': expected a decimal number\n")
  os.exit(2)
end

local draw, msg = arbiter.chess960.draw(ROUNDS, seed)
if not draw then
  io.stderr:write("draw960_svg: ", msg, "\n")
  os.exit(1)
end

local SQ = 45    -- square size
local HALF = math.floor(SQ / 2)
local MARGIN = 20 -- room for the labels
local SIZE = 8 * SQ + 2 * MARGIN
local LIGHT, DARK = "#f0d9b5", "#b58863"
local GLYPH = {
  K = "\u{2654}", Q = "\u{2655}", R = "\u{2656}", B = "\u{2657}", N = "\u{2658}", P = "\u{2659}",
  k = "\u{265A}", q = "\u{265B}", r = "\u{265C}", b = "\u{265D}", n = "\u{265E}", p = "\u{265F}",
}
local FILES = "abcdefgh"

local function svg(pos, title)
  local out = {}
  local function add(fmt, ...) out[#out + 1] = fmt:format(...) end
  add('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">',
    SIZE, SIZE, SIZE, SIZE)
  add('<title>%s</title>', title)
  add('<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>', SIZE, SIZE)
  for rank = 1, 8 do
    for file = 1, 8 do
      local x = MARGIN + (file - 1) * SQ
      local y = MARGIN + (8 - rank) * SQ
      local light = (file + rank) % 2 == 1 -- a1 is dark
      add('<rect class="square" x="%d" y="%d" width="%d" height="%d" fill="%s"/>',
        x, y, SQ, SQ, light and LIGHT or DARK)
      local piece = pos:piece_at(FILES:sub(file, file) .. rank)
      if piece then
        add('<text x="%d" y="%d" font-size="%d" text-anchor="middle" '
          .. 'dominant-baseline="central" font-family="serif">%s</text>',
          x + HALF, y + HALF, math.floor(SQ * 4 / 5), GLYPH[piece])
      end
    end
  end
  for i = 1, 8 do
    local f = FILES:sub(i, i)
    local cx = MARGIN + (i - 1) * SQ + HALF
    add('<text x="%d" y="%d" font-size="12" text-anchor="middle" font-family="sans-serif">%s</text>',
      cx, SIZE - 6, f)
    local cy = MARGIN + (8 - i) * SQ + HALF
    add('<text x="%d" y="%d" font-size="12" text-anchor="middle" '
      .. 'dominant-baseline="central" font-family="sans-serif">%d</text>', math.floor(MARGIN / 2), cy, i)
  end
  add('</svg>')
  return table.concat(out, "\n") .. "\n"
end

for round, n in ipairs(draw) do
  local rank = assert(arbiter.chess960.back_rank(n))
  print(("round %d: %d %s"):format(round, n, rank))
  local pos = assert(arbiter.chess960.position(n))
  local path = ("%s/round-%d.svg"):format(dir, round)
  local f, err = io.open(path, "w")
  if not f then
    io.stderr:write("draw960_svg: ", err, "\n")
    os.exit(1)
  end
  f:write(svg(pos, ("Round %d: Chess960 %d %s"):format(round, n, rank)))
  assert(f:close())
end
