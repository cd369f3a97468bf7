-- LuaRocks: module "arbiter" (lua/linit.c and lua/l*.c on the C library), built
-- with LuaRocks' builtin backend, and the profile and variant scripts.
--
--   luarocks make rockspecs/arbiter-0.1.0-1.rockspec      (in a source tree)
--
-- The scripts go to the tree's share/lua/5.x/arbiter/{profiles,regulations,variants}/,
-- where the module looks for them (lua/datapath.h). The version follows
-- engine/include/arbiter.h (ARB_VERSION_STRING); tests/cli/install.sh checks that
-- this file names every source and script of the tree.
rockspec_format = "3.0"
package = "arbiter"
version = "0.1.0-1"
source = {
   -- `luarocks make` builds the tree it is run in; this names the tree.
   url = "git+file://.",
}
description = {
   summary = "Chess rules engine: legal moves, FEN, SAN, PGN, Chess960, clocks, competition rules, tournaments",
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
            "engine/chess960/chess960.c",
            "engine/clock/clock.c",
            "engine/clock/timecontrol.c",
            "engine/core/attacks.c",
            "engine/core/movegen.c",
            "engine/core/perft.c",
            "engine/core/position.c",
            "engine/notation/diagram.c",
            "engine/notation/epd.c",
            "engine/notation/events.c",
            "engine/notation/fen.c",
            "engine/notation/pgn.c",
            "engine/notation/record.c",
            "engine/notation/san.c",
            "engine/notation/uci.c",
            "engine/outcome/helpmate.c",
            "engine/outcome/outcome.c",
            "engine/outcome/structure.c",
            "engine/outcome/unwinnable.c",
            "engine/outcome/uscf.c",
            "engine/pairing/berger.c",
            "engine/pairing/dutch.c",
            "engine/pairing/explain.c",
            "engine/pairing/match.c",
            "engine/pairing/matching.c",
            "engine/pairing/pairing.c",
            "engine/pairing/roundpgn.c",
            "engine/match/engine.c",
            "engine/match/play.c",
            "engine/match/stats.c",
            "engine/rules/categories.c",
            "engine/rules/clock_history.c",
            "engine/rules/game.c",
            "engine/rules/game_pgn.c",
            "engine/rules/reasons.c",
            "engine/rules/rules.c",
            "engine/status.c",
            "engine/tournament/regulation.c",
            "engine/tournament/tournament.c",
            "engine/tournament/trf.c",
            "engine/tournament/tiebreak.c",
            "engine/tournament/event960.c",
            "lua/datapath.c",
            "lua/lbind.c",
            "lua/linit.c",
            "lua/lpgn.c",
            "lua/lposition.c",
            "lua/lrules.c",
            "lua/lsvg.c",
            "lua/ltime.c",
            "lua/ltournament.c",
            "lua/lmatch.c",
            "lua/lengine.c",
            "lua/profile.c",
            "lua/profile_hooks.c",
            "lua/regulation.c",
            "lua/sandbox.c",
            "lua/variant.c",
         },
         defines = { "_POSIX_C_SOURCE=200809L", "ARBITER_BUILDING" },
         incdirs = { "engine/include", "engine", "engine/core", "engine/chess960",
                     "engine/notation", "engine/outcome", "engine/clock", "engine/rules",
                     "engine/tournament", "engine/pairing", "engine/match", "lua" },
         libraries = { "pthread", "dl", "m" },
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
         ["arbiter.regulations.fide2009"] = "regulations/fide2009.lua",
         ["arbiter.regulations.fide2022"] = "regulations/fide2022.lua",
         ["arbiter.regulations.fide2024"] = "regulations/fide2024.lua",
         ["arbiter.regulations.fide2026"] = "regulations/fide2026.lua",
         ["arbiter.regulations.uscf"] = "regulations/uscf.lua",
         ["arbiter.variants.chess960"] = "variants/chess960.lua",
         ["arbiter.variants.double960"] = "variants/double960.lua",
         ["arbiter.variants.longcastle"] = "variants/longcastle.lua",
         ["arbiter.variants.nocastle"] = "variants/nocastle.lua",
         ["arbiter.variants.standard"] = "variants/standard.lua",
      },
   },
}
