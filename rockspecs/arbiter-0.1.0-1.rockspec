-- LuaRocks: module "arbiter" (lua/arbiter_lua.c on the C library), built
-- with LuaRocks' builtin backend, and the profile and variant scripts.
--
--   luarocks make rockspecs/arbiter-0.1.0-1.rockspec      (in a source tree)
--
-- The scripts go to the tree's share/lua/5.x/arbiter/{profiles,variants}/,
-- where the module looks for them (lua/datapath.h). The version follows
-- engine/include/arbiter.h (ARB_VERSION_STRING); tests/install.sh checks that
-- this file names every source and script of the tree.
rockspec_format = "3.0"
package = "arbiter"
version = "0.1.0-1"
source = {
   -- `luarocks make` builds the tree it is run in; this names the tree.
   url = "git+file://.",
}
description = {
   summary = "Chess rules engine: legal moves, FEN, SAN, PGN, Chess960, clocks, competition rules",
   detailed = [[
      arbiter decides chess games the way a given edition of the Laws of Chess
      does (FIDE 1997-2023, US Chess, Armageddon, online), on a fast, exact
      rules engine for standard chess and Chess960. This rock installs the Lua
      module "arbiter" and the rule profiles and variant scripts it loads.
   ]],
   labels = { "chess", "chess960", "pgn", "rules" },
}
dependencies = {
   "lua >= 5.4, < 5.5",
}
build = {
   type = "builtin",
   modules = {
      arbiter = {
         sources = {
            "engine/attacks.c",
            "engine/chess960.c",
            "engine/clock.c",
            "engine/diagram.c",
            "engine/epd.c",
            "engine/fen.c",
            "engine/game.c",
            "engine/movegen.c",
            "engine/outcome.c",
            "engine/perft.c",
            "engine/pgn.c",
            "engine/position.c",
            "engine/record.c",
            "engine/rules.c",
            "engine/san.c",
            "engine/status.c",
            "engine/uci.c",
            "engine/unwinnable.c",
            "lua/arbiter_lua.c",
            "lua/datapath.c",
            "lua/profile.c",
            "lua/sandbox.c",
            "lua/variant.c",
         },
         defines = { "_POSIX_C_SOURCE=200809L", "ARBITER_BUILDING" },
         incdirs = { "engine/include", "engine", "lua" },
         libraries = { "pthread", "dl" },
      },
   },
   install = {
      lua = {
         ["arbiter.profiles.armageddon"] = "profiles/armageddon.lua",
         ["arbiter.profiles.fide1997"] = "profiles/fide1997.lua",
         ["arbiter.profiles.fide2009"] = "profiles/fide2009.lua",
         ["arbiter.profiles.fide2014"] = "profiles/fide2014.lua",
         ["arbiter.profiles.fide2018"] = "profiles/fide2018.lua",
         ["arbiter.profiles.fide2023"] = "profiles/fide2023.lua",
         ["arbiter.profiles.online"] = "profiles/online.lua",
         ["arbiter.profiles.uscf"] = "profiles/uscf.lua",
         ["arbiter.variants.chess960"] = "variants/chess960.lua",
         ["arbiter.variants.double960"] = "variants/double960.lua",
         ["arbiter.variants.longcastle"] = "variants/longcastle.lua",
         ["arbiter.variants.nocastle"] = "variants/nocastle.lua",
         ["arbiter.variants.standard"] = "variants/standard.lua",
      },
   },
}
