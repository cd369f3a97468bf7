-- test_svg.lua DATA_DIR [ARBITER_CLI]
-- Diagrams from Lua: Position:svg and arbiter.svg (the library's arb_svg),
-- their options and errors, and the same bytes as `arbiter fen --svg` and
-- `arbiter 960 --svg` when the CLI is given.
local arbiter = require "arbiter"
local cli = arg[2]

local function raises(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error matching '" .. pattern .. "'")
  assert(tostring(err):find(pattern, 1, true), "error '" .. tostring(err) .. "' lacks '" .. pattern .. "'")
end

local function count(s, plain)
  local n, i = 0, 1
  while true do
    local j = s:find(plain, i, true)
    if not j then return n end
    n, i = n + 1, j + #plain
  end
end

-- The bold title line's text.
local function title_of(svg) return svg:match('font%-weight="bold"[^>]*>(.-)</text>') end

local START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
local MATE = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
local CHECK = "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"
local STALE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"

-- ---- one board ---------------------------------------------------------------------------------
local start = arbiter.position()
local svg = start:svg()
assert(svg:sub(1, 5) == "<?xml" and svg:sub(-7) == "</svg>\n", "a whole document")
assert(count(svg, 'xlink:href="#board"') == 1, "one board")
assert(select(2, svg:gsub('xlink:href="#w[PNBRQK]"', "")) == 16 and
       select(2, svg:gsub('xlink:href="#b[PNBRQK]"', "")) == 16, "32 pieces")
assert(title_of(svg) == "White to move")
assert(svg:find(">" .. START .. "</text>", 1, true), "the X-FEN as the caption")
assert(not svg:find('class="check"', 1, true), "no check mark without check")
-- White to move: the disc level with rank 1 (the bottom row, y 750); flipped, the top row
assert(svg:find('class="to%-move" cx="825" cy="750"[^>]*fill="#ffffff"'), "white disc at the bottom")
local flipped = start:svg { flip = true }
assert(flipped:find('class="to%-move" cx="825" cy="50"'), "flipped: the disc at the top")
assert(count(flipped, 'xlink:href="#board-flipped"') == 1)
-- a1's rook: column 0, row 7 White at the bottom; column 7, row 0 flipped
assert(svg:find('<use xlink:href="#wR" x="0" y="700"/>', 1, true))
assert(flipped:find('<use xlink:href="#wR" x="700" y="0"/>', 1, true))

local mate = arbiter.position(MATE)
local m = mate:svg()
assert(title_of(m) == "Black to move: checkmate", title_of(m))
assert(m:find('<rect class="check" x="400" y="0"', 1, true), "the check mark on e8")
assert(m:find('class="to%-move" cx="825" cy="50"[^>]*fill="#1a1a1a"'), "black disc at the top")
assert(mate:svg { flip = true }:find('<rect class="check" x="300" y="700"', 1, true), "e8 flipped")
assert(title_of(arbiter.position(CHECK):svg()) == "White to move: check")
assert(title_of(arbiter.position(STALE):svg()) == "Black to move: stalemate")

-- options
local t = start:svg { title = "Round 1 <A & B>", caption = "caption \"q\"" }
assert(title_of(t) == "Round 1 &lt;A &amp; B&gt;", title_of(t))
assert(t:find(">caption &quot;q&quot;</text>", 1, true))
assert(title_of(start:svg { title = "" }) == "", "an empty title")
local bad = start:svg { title = "a\1b\255c" }
assert(title_of(bad) == "a\u{FFFD}b\u{FFFD}c", "control characters and bad UTF-8 become U+FFFD")
assert(title_of(start:svg { title = "Caf\u{E9}" }) == "Caf\u{E9}", "UTF-8 kept")
local long = start:svg { title = string.rep("x", 200) }
assert(long:find('textLength="880"', 1, true), "a long title is squeezed into the panel")
raises("title must be a string", start.svg, start, { title = 5 })
raises("caption must be a string", start.svg, start, { caption = {} })
raises("flip must be a boolean", start.svg, start, { flip = 1 })
raises("bad argument #2", start.svg, start, "flip")
local closed = arbiter.position()
closed:close()
raises("closed position", closed.svg, closed)

-- ---- sheets -------------------------------------------------------------------------------------
local sheet = assert(arbiter.svg({ start, MATE, { CHECK, title = "third", flip = true } }, "My sheet"))
assert(count(sheet, 'xlink:href="#board"') == 2 and count(sheet, 'xlink:href="#board-flipped"') == 1)
assert(sheet:find("<title>My sheet</title>", 1, true))
assert(sheet:find(">third</text>", 1, true) and sheet:find(">Black to move: checkmate</text>", 1, true))
assert(sheet:find('viewBox="0 0 1930 2190"', 1, true), "3 boards: 2 columns, 2 rows")
local v, msg, code = arbiter.svg({ start, "not a fen" })
assert(v == nil and msg:find("^board 2: ") and code == "ARB_E_FEN_FIELDS", tostring(msg))
raises("no boards", arbiter.svg, {})
raises("board 1", arbiter.svg, { 5 })
raises("board 2", arbiter.svg, { start, { 7 } })
raises("bad argument #1", arbiter.svg, "x")
raises("bad argument #2", arbiter.svg, { start }, {})
-- Many boards, errors half way (the sheet is freed by its holder either way).
local many = {}
for n = 0, 99 do many[#many + 1] = arbiter.chess960.position(n) end
assert(count(assert(arbiter.svg(many)), 'xlink:href="#board"') == 100)
many[50] = "8/8/8/8 w - - 0 1"
assert(arbiter.svg(many) == nil)
many[50] = { start, title = false }
raises("title must be a string", arbiter.svg, many)
collectgarbage()

-- ---- the same bytes as the command line --------------------------------------------------------
if cli and io.popen and os.tmpname then
  local function slurp(path)
    local f = assert(io.open(path, "rb"))
    local s = f:read("a")
    f:close()
    return s
  end
  local path = os.tmpname()
  for _, case in ipairs {
    { MATE, "", {} },
    { CHECK, " --flip", { flip = true } },
    { START, " --title 'Round 1'", { title = "Round 1" } },
  } do
    local fen, opts, lopts = case[1], case[2], case[3]
    local ok = os.execute(cli .. " fen '" .. fen .. "' --svg " .. path .. opts .. " >/dev/null")
    assert(ok == true or ok == 0, "arbiter fen --svg " .. fen)
    assert(slurp(path) == arbiter.position(fen):svg(lopts), "Position:svg = fen --svg for " .. fen .. opts)
  end
  os.remove(path)
end

print("test_svg: ok")
