-- test_time.lua DATA_DIR [ARBITER_CLI]
-- Time controls in their notations and categories; clock arithmetic.
local arbiter = require "arbiter"
-- LuaJIT (a build with ARBITER_LUAJIT): no `<close>`.
local LUAJIT = rawget(_G, "jit") ~= nil

local function raises(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error matching '" .. pattern .. "'")
  assert(tostring(err):find(pattern, 1, true), "error '" .. tostring(err) .. "' lacks '" .. pattern .. "'")
end

-- ---- time controls ---------------------------------------------------------------------
local tc = assert(arbiter.time_control("40/5400+30:1800+30"))
assert(getmetatable(tc) == arbiter.TimeControl)
assert(tc:pgn() == "40/5400+30:1800+30" and tostring(tc) == tc:pgn())
assert(tc:trf() == "40/5400+30:1800+30")
assert(tc:uscf() == "40/90, SD/30;inc30", tc:uscf())
assert(tc:text() == "90 min for 40 moves, then 30 min, +30 s per move from move 1", tc:text())
assert(tc:kind() == "periods")
assert(tc:category("fide2018") == "standard" and tc:category("uscf") == "regular")
assert(tc:category("online") == "classical")
local periods = tc:periods()
assert(#periods == 2)
assert(periods[1].moves == 40 and periods[1].base_ms == 5400000 and periods[1].increment_ms == 30000)
assert(periods[1].increment_from == 1 and periods[1].delay == "none" and periods[1].delay_ms == 0)
assert(periods[2].moves == 0 and periods[2].base_ms == 1800000)
assert(#tc:periods("black") == 2)
assert(tc:sandclock() == nil)

local us = assert(arbiter.time_control("G/90;d5"))
assert(us:pgn() == "5400d5" and us:uscf() == "G/90;d5")
assert(us:periods()[1].delay == "simple" and us:periods()[1].delay_ms == 5000)
assert(us:text() == "90 min, 5 s delay per move")
assert(assert(arbiter.time_control("40/120, SD/60;d5")):pgn() == "40/7200d5:3600d5")
assert(assert(arbiter.time_control("G/3+2")):uscf() == "G/3;inc2")
assert(assert(arbiter.time_control("G/3+2")):category("uscf") == "blitz")

local odds = assert(arbiter.time_control("300=240"))
assert(odds:trf() == "W300-B240" and odds:uscf() == nil, "US Chess cannot write time odds")
assert(odds:periods("white")[1].base_ms == 300000 and odds:periods("black")[1].base_ms == 240000)
assert(odds == arbiter.time_control("W300-B240"), "PGN and TRF odds are the same control")

local sand = assert(arbiter.time_control("*180"))
assert(sand:kind() == "sandclock" and sand:sandclock() == 180000 and #sand:periods() == 0)
assert(arbiter.time_control("?"):kind() == "unknown")
assert(arbiter.time_control("-"):kind() == "none")
assert(arbiter.time_control("-"):category("online") == "correspondence")
assert(arbiter.time_control("300") == arbiter.time_control("300+0"), "__eq: the same clock")
assert(arbiter.time_control("300") ~= arbiter.time_control("300+1"))
assert(arbiter.time_control("10+5"):category("fide2023") == "blitz")
assert(arbiter.time_control("G/30"):uscf_default_delay() == 5000)

local bad, msg, code = arbiter.time_control("40/54x00")
assert(bad == nil and msg:find("column 6", 1, true) and code == "ARB_E_TIME_CONTROL", tostring(msg))
bad, msg = arbiter.time_control("")
assert(bad == nil and type(msg) == "string")
raises("unknown edition 'fide1066'", tc.category, tc, "fide1066")
raises("bad argument #1", arbiter.time_control, {})
raises("arbiter.TimeControl expected", arbiter.TimeControl.__index.pgn, "300")

-- ---- clocks -------------------------------------------------------------------------------------
-- 10 s + 5 s increment: White uses 3 s of 10 and gets 5 back.
local clk = assert(arbiter.clock("10+5"))
assert(getmetatable(clk) == arbiter.Clock)
assert(clk:running() == nil and clk:remaining("white", 0) == 10000)
clk:start(0)
assert(clk:running() == "white")
assert(clk:remaining("white", 2000) == 8000, "the clock runs")
clk:press(3000)
assert(clk:remaining("white", 3000) == 12000, "10 s - 3 s + 5 s")
assert(clk:running() == "black" and clk:moves("white") == 1 and clk:moves("black") == 0)
assert(clk:remaining("black", 4000) == 9000)
assert(clk:flags(5000) == 0)
clk:stop(4000)
assert(clk:running() == nil and clk:remaining("black", 60000) == 9000, "stopped")
clk:resume(60000)
assert(clk:remaining("black", 61000) == 8000)
clk:add("black", 2000, 61000)
assert(clk:remaining("black", 61000) == 10000, "an added penalty")
clk:add("white", -500, 61000)
assert(clk:remaining("white", 61000) == 11500)
-- Black's flag falls at 71000 (10 s left at 61000)
assert(clk:flag_time("black", 70000) == nil)
local count, first, when = clk:flags(80000)
assert(count == 1 and first == "black" and when == 71000, "black's flag: " .. tostring(when))
assert(clk:flag_time("black", 80000) == 71000)
clk:set("black", 30000, 80000)
assert(clk:flags(80000) == 0 and clk:remaining("black", 80000) == 30000, "set raises the flag")
assert(clk:halve("black", 60000, 80000) == 15000 and clk:remaining("black", 80000) == 15000)
clk:set_turn("white", 80000)
assert(clk:running() == "white")
assert(tostring(clk):find("white"))

-- refused operations raise and say why; nothing changes
raises("before the last clock operation", clk.press, clk, 1000)
raises("already started", clk.start, clk, 90000)
-- (in parentheses: a tail call would leave LuaJIT no caller to name the method from)
raises("bad argument #2 to 'remaining' (time must not be negative)",
       function() return (clk:remaining("white", -1)) end)
raises("invalid option 'red'", function() return clk:remaining("red", 90000) end)
raises("bad argument", function() return clk:add("white", "x", 90000) end)
assert(clk:remaining("white", 80000) == 11500)
local idle = arbiter.clock("300")
raises("not running", idle.press, idle, 0)
raises("not started", idle.resume, idle, 0)
raises("not running", idle.stop, idle, 0)

-- periods by move count, and by flag
local classical = assert(arbiter.clock(tc))
assert(classical:period("white") == 1)
classical:set_moves("white", 40, 0)
assert(classical:period("white") == 2 and classical:moves("white") == 40)
local byflag = assert(arbiter.clock("40/60:60", "flag"))
byflag:start(0)
assert(byflag:remaining("white", 70000) == 50000, "by flag, the next period starts when the time runs out")
local f_count, f_first, f_when = byflag:flags(70000)
assert(f_count == 1 and f_first == "white" and f_when == 60000, "the fall is still recorded")
local bymoves = assert(arbiter.clock("40/60:60", "moves"))
bymoves:start(0)
assert(bymoves:remaining("white", 70000) == 0, "by moves, no time until 40 moves are made")

-- simple delay: the main time waits for the delay
local delayed = assert(arbiter.clock("G/5;d5"))
delayed:start(0)
assert(delayed:delay_left(2000) == 3000 and delayed:remaining("white", 2000) == 300000)
assert(delayed:remaining("white", 7000) == 298000)

-- a sandclock: the time one side uses flows to the other
local hourglass = assert(arbiter.clock("*60"))
hourglass:start(0)
hourglass:press(10000)
assert(hourglass:remaining("white", 10000) == 50000 and hourglass:remaining("black", 10000) == 70000)

-- controls without a clock, bad controls, <close>
bad, msg, code = arbiter.clock("-")
assert(bad == nil and msg:find("not timed") and code == "ARB_E_TIME_CONTROL")
assert(arbiter.clock("?") == nil)
bad, msg = arbiter.clock("40/54x00")
assert(bad == nil and msg:find("column 6", 1, true))
raises("invalid option 'sometimes'", arbiter.clock, "300", "sometimes")
raises("time control expected, got no value", arbiter.clock)
-- (LuaJIT does not parse `<close>`: the chunk is loaded from text so that
-- this file still compiles there, and LuaJIT's refusal is checked.)
local close_scope = [[
  local arbiter = ...
  local kept
  do
    local scoped <close> = arbiter.clock("300")
    scoped:start(0)
    kept = scoped
  end
  return kept
]]
local kept
if LUAJIT then
  local f, err = load(close_scope)
  assert(f == nil and err:find("'<'", 1, true), "LuaJIT refuses <close>: " .. tostring(err))
  kept = arbiter.clock("300")
  kept:start(0)
  kept:close()
else
  kept = assert(load(close_scope))(arbiter)
end
raises("closed clock", kept.press, kept, 1)
assert(tostring(kept):find("closed"))

print("test_time: ok")
