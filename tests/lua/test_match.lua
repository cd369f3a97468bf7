-- test_match.lua DATA_DIR
-- Matches and knockouts from Lua (arbiter.tournament.match/.knockout, Match,
-- Knockout): a two-game match won outright, one that goes through rapid and
-- blitz play-offs to an Armageddon with draw odds and colours by lot, the
-- schedule written and read back, a bracket of five with the top seeds' byes
-- played to its winner; and bad input: malformed schedules give nil, the
-- column and the reason, wrong games and winners nil and the reason, wrong
-- argument types raise, closed objects raise.
local arbiter = require "arbiter"
local T = arbiter.tournament

local function raises(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error matching '" .. pattern .. "'")
  assert(tostring(err):find(pattern, 1, true), "error '" .. tostring(err) .. "' lacks '" .. pattern .. "'")
end

local function fails(code, text, value, msg, got)
  assert(value == nil, "expected a failure (" .. code .. "), got a value")
  assert(got == code, "expected " .. code .. ", got " .. tostring(got) .. ": " .. tostring(msg))
  assert(type(msg) == "string" and msg:find(text, 1, true), "message '" .. tostring(msg) .. "' lacks '" .. text .. "'")
end

-- A match won in its two games: 1-0, then a draw; 1.5-0.5.
do
  local m = assert(T.match(7, 3, "2 games fide2023-standard 5400+30"))
  local s = m:state()
  assert(s.status == "playing" and s.game == 1 and s.white == 7 and s.black == 3)
  assert(s.profile == "fide2023-standard" and s.tc == "5400+30" and s.stage == 1)
  assert(s.winner == false and s.games == 0)
  s = assert(m:record(7, "1"))
  assert(s.white == 3 and s.black == 7 and s.score[1] == 1 and s.score[2] == 0)
  s = assert(m:record(3, "="))
  assert(s.status == "won" and s.winner == 7 and s.loser == 3, s.status)
  assert(s.score[1] == 1.5 and s.score[2] == 0.5)
  local g = m:games()
  assert(#g == 2 and g[1].white == 7 and g[1].code == "1" and g[1].points[1] == 1)
  assert(g[2].white == 3 and g[2].code == "=" and g[2].points[2] == 0.5)
  -- decided: no more games
  fails("ARB_E_PAIRING", "the match is over", m:record(7, "1"))
  assert(tostring(m) == "arbiter.Match (won, 2 games)")
end

-- Level after the match and the rapid games; the blitz drawn; the Armageddon
-- drawn, which under draw odds is Black's win.
do
  local m = assert(T.match(1, 2, "2 games fide2023-standard 5400+30",
    "2 games fide2023-rapid 900+10; 2 games fide2023-blitz 300+2; 1 game armageddon W300-B240"))
  local st = m:stages()
  assert(#st == 4 and st[2].profile == "fide2023-rapid" and st[2].colours == "alternate")
  assert(st[4].draw_odds and st[4].sudden_death and st[4].colours == "lot" and st[4].tc == "W300-B240")
  local again = assert(T.match(1, 2, m:schedule()))
  assert(again:schedule() == m:schedule(), "the schedule reads back")
  local s
  for _, g in ipairs { { 1, "=" }, { 2, "=" }, { 1, "1" }, { 2, "1" }, { 1, "=" }, { 2, "=" } } do
    s = assert(m:record(g[1], g[2]))
  end
  assert(s.status == "playing" and s.stage == 4 and s.white == false and s.black == false)
  assert(s.profile == "armageddon")
  fails("ARB_E_ARGUMENT", "", m:set_white(9))
  assert(m:set_white(2))
  s = m:state()
  assert(s.white == 2 and s.black == 1)
  fails("ARB_E_PAIRING", "", m:record(1, "="))
  s = assert(m:record(2, "="))
  assert(s.status == "won" and s.winner == 1 and s.stage == 4, "draw odds: Black goes through")
  assert(#m:games() == 7)
  m:close()
  raises("closed match", m.state, m)
  assert(tostring(m) == "arbiter.Match (closed)")
  m:close()
end

-- Bad schedules and arguments.
do
  local m, msg, code = T.match(1, 2, "2 gamez fide2023-rapid 900+10")
  fails("ARB_E_PAIRING", "", m, msg, code)
  assert(msg:find("3", 1, true), "the column: " .. msg)
  fails("ARB_E_PAIRING", "", T.match(1, 2, ""))
  fails("ARB_E_PAIRING", "", T.match(1, 2, "2 games fide2023-rapid 900+10", "0 games x 60"))
  raises("two", T.match, 1, 1, "2 games fide2023-rapid 900+10")
  raises("player id", T.match, 0, 2, "2 games fide2023-rapid 900+10")
  raises("bad argument #3", T.match, 1, 2, {})
  m = assert(T.match(1, 2, "1 game fide2023-rapid 900+10"))
  raises("a result is", m.record, m, 1, "x")
  raises("a result is", m.record, m, 1, "10")
  fails("ARB_E_PAIRING", "", m:record(2, "1"))
  fails("ARB_E_PAIRING", "", m:set_white(1))
end

-- A knockout of five: seeds 1, 2 and 3 have byes; 4 v 5 in round 1.
do
  local k = assert(T.knockout { 11, 12, 13, 14, 15 })
  assert(k:rounds() == 3 and k:current_round() == 1 and k:winner() == false)
  local r1 = k:matches(1)
  assert(#r1 == 4)
  local byes, played = 0, nil
  for i, m in ipairs(r1) do
    if m.bye then
      byes = byes + 1
      assert(m.b == false and m.winner == m.a)
    else
      played = i
      assert(m.a == 14 and m.b == 15 and m.seed_a == 4 and m.seed_b == 5 and m.winner == false)
    end
  end
  assert(byes == 3 and played)
  fails("ARB_E_PAIRING", "", k:set_winner(1, played, 11))
  assert(k:set_winner(1, played, 15))
  assert(k:set_winner(1, played, 15), "the same winner again is fine")
  fails("ARB_E_PAIRING", "", k:set_winner(1, played, 14))
  assert(k:current_round() == 2)
  local r2 = k:matches(2)
  assert(#r2 == 2)
  fails("ARB_E_PAIRING", "", k:set_winner(3, 1, 11))
  for i, m in ipairs(r2) do
    assert(m.a and m.b)
    assert(k:set_winner(2, i, m.b))
  end
  local f = k:matches(3)[1]
  assert(k:set_winner(3, 1, f.a))
  assert(k:winner() == f.a and k:current_round() == 4)
  raises("no such round", k.matches, k, 4)
  raises("no such match", k.set_winner, k, 1, 5, 11)
  assert(tostring(k) == "arbiter.Knockout (3 rounds, round 4)")
  k:close()
  raises("closed knockout", k.rounds, k)
end

-- Bad brackets.
do
  raises("2 to", T.knockout, { 1 })
  raises("player ids", T.knockout, { 1, "x" })
  raises("player ids", T.knockout, { 1, 0 })
  raises("bad argument #1", T.knockout, 5)
  fails("ARB_E_ARGUMENT", "twice", T.knockout { 1, 2, 1 })
end

print("match: ok")
