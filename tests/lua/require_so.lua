-- require_so.lua DIR DATA_DIR ARBITER_CLI SCRIPT...
-- Loads module "arbiter" from DIR/arbiter.so through package.cpath (not a
-- preload), checks that it came from there, then runs each SCRIPT with
-- DATA_DIR and ARBITER_CLI as its `arg`, as CTest runs them with the runner
-- (their own `require "arbiter"` gets the module already loaded).
local dir, data, cli = arg[1], arg[2], arg[3]
assert(dir and data and cli and arg[4], "usage: require_so.lua DIR DATA_DIR ARBITER_CLI SCRIPT...")
assert(package.preload.arbiter == nil, "arbiter must not be preloaded here")

package.cpath = dir .. "/?.so;" .. package.cpath
local found = package.searchpath("arbiter", package.cpath)
assert(found == dir .. "/arbiter.so", "arbiter.so not found first in " .. dir .. ": " .. tostring(found))

local arbiter = require "arbiter"
assert(type(arbiter) == "table" and type(arbiter.version) == "string", "require returned no module")
assert(package.loaded.arbiter == arbiter)
assert(arbiter.position():perft(2) == 400, "the loaded module does not work")

local scripts = { (table.unpack or unpack)(arg, 4) } -- LuaJIT: Lua 5.1's unpack
for _, script in ipairs(scripts) do
  arg = { [0] = script, data, cli }
  dofile(script)
end
