-- test_tournament.lua DATA_DIR [ARBITER_CLI]
-- Tournaments from Lua (arbiter.tournament, Tournament, Pairing): every file
-- of tournaments/tiebreaks/ read and its standings compared value for value
-- with its .tsv under C.07 2022, 2024 and 2026 (undefined values as false);
-- every round of the ten round robins paired again and compared with what
-- the file says was played; events built from nothing (new, add_player,
-- pair, apply, set_game, standings) paired exactly as the Berger tables of
-- tournaments/berger/, written, saved and read back; external engines'
-- answers read back to their .pairs; and bad input: wrong types raise,
-- every broken TRF of tournaments/bad/ gives nil, its message and the
-- tournament read, an unknown regulation or tie-break gives nil, message.
local arbiter = require "arbiter"
local data = assert(arg[1], "usage: test_tournament.lua DATA_DIR [ARBITER_CLI]")
local dir = data .. "/tournaments"
local T = arbiter.tournament

local function raises(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error matching '" .. pattern .. "'")
  assert(tostring(err):find(pattern, 1, true), "error '" .. tostring(err) .. "' lacks '" .. pattern .. "'")
end

-- nil, message, code with the message containing `text` and the code.
local function fails(code, text, value, msg, got)
  assert(value == nil, "expected a failure (" .. code .. "), got a value")
  assert(got == code, "expected " .. code .. ", got " .. tostring(got) .. ": " .. tostring(msg))
  assert(type(msg) == "string" and msg:find(text, 1, true), "message '" .. tostring(msg) .. "' lacks '" .. text .. "'")
end

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

-- A TSV file as {head = {...}, rows = {{...}, ...}}.
local function tsv(path)
  local t = { rows = {} }
  for line in slurp(path):gmatch("([^\n]*)\n") do
    local cells = {}
    for cell in (line .. "\t"):gmatch("([^\t]*)\t") do
      cells[#cells + 1] = cell
    end
    if not t.head then
      t.head = cells
    elseif line ~= "" then
      t.rows[#t.rows + 1] = cells
    end
  end
  return t
end

local index = tsv(dir .. "/tiebreaks/index.tsv")
assert(index.head[1] == "case" and index.head[2] == "kind")

-- ---- the types --------------------------------------------------------------------------
assert(type(T) == "table" and type(T.read) == "function" and type(T.open) == "function")
assert(type(arbiter.Tournament) == "table" and type(arbiter.Pairing) == "table")

-- ---- standings of every tie-break file against its .tsv ---------------------------------
-- Per edition: DE and EDE alone (C.07 6: among the players tied on points),
-- every other code of the file in one list (their values do not depend on
-- the order), and rank@ED under the file's own 202 order.
local checked, undefined, files = 0, 0, 0
for _, row in ipairs(index.rows) do
  local name = row[1]
  local t = assert(T.open(dir .. "/tiebreaks/" .. name .. ".trf"))
  assert(getmetatable(t) == arbiter.Tournament)
  local want = tsv(dir .. "/tiebreaks/" .. name .. ".tsv")
  assert(want.head[1] == "id" and want.head[2] == "points")
  local players = {}
  for _, p in ipairs(t:players()) do
    players[p.id] = p
  end
  -- lists[ed] = {list text = {columns}}
  local lists = {}
  for col = 3, #want.head do
    local code, ed = want.head[col]:match("^(.-)@(%d+)$")
    assert(code, name .. ": column " .. want.head[col])
    lists[ed] = lists[ed] or { together = {}, alone = {} }
    if code == "rank" or code == "DE" or code == "EDE" then
      lists[ed].alone[#lists[ed].alone + 1] = col
    else
      lists[ed].together[#lists[ed].together + 1] = col
    end
  end
  local function compare(ed, cols)
    local codes = {}
    for k, col in ipairs(cols) do
      codes[k] = want.head[col]:match("^(.-)@")
    end
    local opts = { regulation = "fide" .. ed }
    if codes[1] ~= "rank" then
      opts.tiebreaks = table.concat(codes, ",")
    end
    local rows, got_codes = t:standings(opts)
    assert(rows, name .. " " .. tostring(opts.tiebreaks) .. ": " .. tostring(got_codes))
    assert(#rows == #want.rows, name .. ": " .. #rows .. " rows")
    local by_id = {}
    for i, r in ipairs(rows) do
      assert(r.rank >= (i > 1 and rows[i - 1].rank or 1), name .. ": ranks out of order")
      by_id[r.id] = r
    end
    if opts.tiebreaks then
      assert(table.concat(got_codes, ",") == opts.tiebreaks, table.concat(got_codes, ","))
    end
    for _, w in ipairs(want.rows) do
      local id = tonumber(w[1])
      local r = assert(by_id[id], name .. ": no row for player " .. w[1])
      assert(math.abs(r.points - tonumber(w[2])) < 1e-9, name .. ": points " .. tostring(r.points))
      for k, col in ipairs(cols) do
        local where = name .. " player " .. id .. " " .. want.head[col]
        if codes[k] == "rank" then
          assert(r.rank == tonumber(w[col]), where .. ": want " .. w[col] .. ", got " .. r.rank)
        else
          local got = r.tiebreaks[codes[k]]
          if w[col] == "-0" then -- undefined in the reference
            assert(got == false, where .. ": want undefined, got " .. tostring(got))
            undefined = undefined + 1
          else
            assert(type(got) == "number" and math.abs(got - tonumber(w[col])) < 1e-9,
              where .. ": want " .. w[col] .. ", got " .. tostring(got))
          end
        end
        checked = checked + 1
      end
    end
  end
  for ed, l in pairs(lists) do
    if #l.together > 0 then
      compare(ed, l.together)
    end
    for _, col in ipairs(l.alone) do
      compare(ed, { col })
    end
  end
  -- the players' points as the file has them are the standings' points
  for _, r in ipairs(assert(t:standings())) do
    assert(r.excluded == false or r.excluded == true)
    assert(r.by_lot == false or r.by_lot == true)
    if not r.excluded then
      assert(math.abs(players[r.id].points - r.points) < 1e-9,
        name .. ": player " .. r.id .. " points " .. players[r.id].points .. " vs " .. r.points)
    end
  end
  files = files + 1
end
assert(files == 40, files .. " tie-break files")
assert(checked > 100000 and undefined > 0, checked .. " values, " .. undefined .. " undefined")
print(string.format("tournament: %d files, %d standings values as the reference (%d undefined)",
  files, checked, undefined))

-- Several codes at once: the row has each code, in the order given.
do
  local t = assert(T.open(dir .. "/tiebreaks/case-001.trf"))
  local rows, codes = assert(t:standings({ regulation = "fide2026", tiebreaks = "BH/C1,BH,DE,WIN" }))
  assert(#codes == 4 and codes[1] == "BH/C1" and codes[4] == "WIN")
  for _, r in ipairs(rows) do
    for _, c in ipairs(codes) do
      assert(type(r.tiebreaks[c]) == "number", c)
    end
  end
  -- the default order is the file's record 202
  local _, own = assert(t:standings())
  assert(table.concat(own, ",") == t:info().tiebreaks, table.concat(own, ","))
  -- a regulation script by its path
  local club = data .. "/../../examples/regulations/club.lua"
  local f = io.open(club, "rb")
  if f then
    f:close()
    assert(t:standings({ regulation = club }))
  end
end

-- ---- round robins: every round paired again, as played ----------------------------------
local rr_files, rr_rounds, rr_boards, rr_byes = 0, 0, 0, 0
for _, row in ipairs(index.rows) do
  if row[2] == "roundrobin" then
    local t = assert(T.open(dir .. "/tiebreaks/" .. row[1] .. ".trf"))
    local played = t:rounds_played()
    assert(played > 0)
    for r = 1, played do
      local p, msg = t:pair(r)
      assert(p, row[1] .. ": " .. tostring(msg))
      assert(getmetatable(p) == arbiter.Pairing and p:round() == r and p:tournament() == t)
      for b, board in ipairs(p:boards()) do
        assert(board[1] == board.white and board[2] == board.black)
        local c = t:cell(board.white, r)
        assert(c.opponent == board.black and c.color == "white",
          string.format("%s round %d board %d: %d-%d, the file has %s %s", row[1], r, b,
            board.white, board.black, tostring(c.opponent), tostring(c.color)))
        local d = t:cell(board.black, r)
        assert(d.opponent == board.white and d.color == "black")
        rr_boards = rr_boards + 1
      end
      for _, bye in ipairs(p:byes()) do
        local c = t:cell(bye.id, r)
        assert(c.opponent == false and c.result == bye.code,
          string.format("%s round %d: %d bye %s, the file has %s", row[1], r, bye.id, bye.code,
            tostring(c.result)))
        rr_byes = rr_byes + 1
      end
      local problems = t:check(p)
      assert(#problems == 0, row[1] .. " round " .. r .. ": " .. tostring(problems[1]))
      rr_rounds = rr_rounds + 1
    end
    fails("ARB_E_ARGUMENT", "the next is " .. (played + 1), t:pair(played + 2))
    rr_files = rr_files + 1
  end
end
assert(rr_files == 10 and rr_rounds > 80, rr_files .. " files, " .. rr_rounds .. " rounds")
print(string.format("tournament: %d round robins, %d rounds, %d boards and %d byes as played",
  rr_files, rr_rounds, rr_boards, rr_byes))

-- ---- events built from nothing, paired by the Berger tables -----------------------------
-- The table of berger/N.tsv: rounds[r] = {boards = {{w, b}, ...}, bye = id}.
local function berger(n)
  local rounds = {}
  for _, row in ipairs(tsv(dir .. "/berger/" .. n .. ".tsv").rows) do
    local r, w, b = tonumber(row[1]), tonumber(row[3]), tonumber(row[4])
    rounds[r] = rounds[r] or { boards = {} }
    if w == 0 or b == 0 then
      rounds[r].bye = w == 0 and b or w
    else
      local bs = rounds[r].boards
      bs[#bs + 1] = { w, b }
    end
  end
  return rounds
end

-- A result for board b of round r that is not always White's win.
local results = { { "1", "0" }, { "=", "=" }, { "0", "1" }, { "1", "0" }, { "+", "-" } }

local function build(n)
  local t = T.new()
  assert(getmetatable(t) == arbiter.Tournament and t:rounds_played() == 0 and #t:players() == 0)
  local rounds = n % 2 == 0 and n - 1 or n
  t:set_info({ name = "Lua Round Robin " .. n, city = "Hastings", federation = "ENG",
    start = "2026/01/05", system = "FIDE_ROUNDROBIN", type = "Individual: Round robin", rounds = rounds, first_color = "white",
    chief_arbiter = "IA Lua", tc_code = "5400+30" })
  for i = 1, n do
    local id = assert(t:add_player({ name = "Player, No. " .. i, rating = 2500 - 10 * i,
      federation = "ENG", sex = i % 3 == 0 and "w" or "m", title = i == 1 and "GM" or "",
      fide_id = tostring(100000 + i), birth = "1990/01/0" .. (i % 9 + 1) }))
    assert(id == i)
  end
  return t, rounds
end

-- The players and cells of a and b are the same.
local function same_players(a, b, n, rounds)
  for i = 1, n do
    local p, q = a:player(i), b:player(i)
    for _, k in ipairs({ "id", "name", "rating", "federation", "sex", "title", "fide_id", "birth", "points" }) do
      assert(p[k] == q[k], "player " .. i .. " " .. k .. ": " .. tostring(p[k]) .. " vs " .. tostring(q[k]))
    end
    for r = 1, rounds do
      local c, d = a:cell(i, r), b:cell(i, r)
      assert(c.opponent == d.opponent and c.color == d.color and c.result == d.result,
        "player " .. i .. " round " .. r)
    end
  end
end

local points_of = { ["1"] = 1, ["="] = 0.5, ["0"] = 0, ["+"] = 1, ["-"] = 0, U = 1 }

for _, n in ipairs({ 5, 6, 9, 10 }) do
  local t, rounds = build(n)
  local table_ = berger(n)
  local expect = {}
  for i = 1, n do
    expect[i] = 0
  end
  for r = 1, rounds do
    local p = assert(t:pair())
    assert(p:round() == r)
    local boards = p:boards()
    assert(#boards == #table_[r].boards, n .. " players, round " .. r)
    for b, board in ipairs(boards) do
      assert(board.white == table_[r].boards[b][1] and board.black == table_[r].boards[b][2],
        string.format("%d players round %d board %d: %d-%d, the table says %d-%d", n, r, b,
          board.white, board.black, table_[r].boards[b][1], table_[r].boards[b][2]))
    end
    local byes = p:byes()
    if table_[r].bye then
      assert(#byes == 1 and byes[1].id == table_[r].bye and byes[1].code == "U")
      expect[byes[1].id] = expect[byes[1].id] + points_of.U
    else
      assert(#byes == 0)
    end
    assert(#t:check(p) == 0)
    assert(p:apply() == true)
    assert(t:rounds_played() == r)
    for b, board in ipairs(boards) do
      local res = results[(b + r) % #results + 1]
      t:set_game(r, board.white, board.black, res[1], res[2])
      expect[board.white] = expect[board.white] + points_of[res[1]]
      expect[board.black] = expect[board.black] + points_of[res[2]]
      local c = t:cell(board.white, r)
      assert(c.opponent == board.black and c.color == "white" and c.result == res[1])
    end
  end
  -- the round after the last is refused, with the reason
  fails("ARB_E_ARGUMENT", "has " .. rounds .. " rounds", t:pair())
  -- points as the results say, ranks in order
  for i = 1, n do
    assert(math.abs(t:player(i).points - expect[i]) < 1e-9, i .. ": " .. t:player(i).points)
  end
  local rows, codes = assert(t:standings({ regulation = "fide2026" }))
  assert(#rows == n and #codes > 0)
  for i, r in ipairs(rows) do
    assert(math.abs(r.points - expect[r.id]) < 1e-9)
    if i > 1 then
      assert(r.points <= rows[i - 1].points and r.rank >= rows[i - 1].rank)
    end
  end
  local rows2 = assert(t:standings({ regulation = "fide2022", tiebreaks = "SB,WIN,TPN" }))
  assert(rows2[1].points == rows[1].points and rows2[1].tiebreaks.TPN ~= nil)

  -- written, read back, written again: the same bytes
  local text = t:write()
  assert(not text:find("\n", 1, true), "TRF-2026 ends its lines with CR")
  local back = assert(T.read(text, "built"))
  assert(back:write() == text)
  assert(#back:problems() == 0, tostring((back:problems()[1] or {}).message))
  local info = back:info()
  assert(info.name == "Lua Round Robin " .. n and info.system == "FIDE_ROUNDROBIN")
  assert(info.rounds == rounds and info.first_color == "white" and info.dialect == "trf2026")
  assert(info.start == "2026/01/05" and info.start_date == 20260105 and info.tc_code == "5400+30")
  assert(info.points.win == 1 and info.points.draw == 0.5 and info.team == false)
  same_players(t, back, n, rounds)
  -- TRF-16 and back: the players and rounds kept, the system derived from
  -- 092's text (TRF-16 has no record 192)
  local t16 = t:write({ trf16 = true })
  assert(t16:find("XXR " .. rounds, 1, true) and t16:find("XXC white1", 1, true))
  local from16 = assert(T.read(t16))
  local i16 = from16:info()
  assert(i16.dialect == "trf16" and i16.rounds == rounds and i16.first_color == "white")
  assert(i16.system == "FIDE_ROUNDROBIN", i16.system)
  same_players(t, from16, n, rounds)
  assert(assert(T.read(from16:write({ trf26 = true }))):write({ trf16 = true }) == t16)
  -- keep_eol on a file with LF line ends
  local lf = text:gsub("\r", "\n")
  assert(assert(T.read(lf)):write({ keep_eol = true }) == lf)
  assert(assert(T.read(lf)):write() == text)
end

-- set_info(info()) changes nothing; set_player(id, player(id)) neither.
do
  local t = build(4)
  local before = t:write()
  t:set_info(t:info())
  t:set_player(2, t:player(2))
  assert(t:write() == before)
  t:set_player(2, { rating = 2222, name = "Renamed, Ria" })
  assert(t:player(2).rating == 2222 and t:player(2).name == "Renamed, Ria")
  t:set_info({ first_color = false, points = { win = 3, draw = 1 } })
  assert(t:info().first_color == false and t:info().points.win == 3 and t:info().points.loss == 0)
  -- a long name is cut at the field's size, as the library cuts it
  t:set_info({ name = string.rep("x", 300) })
  assert(#t:info().name == 127)
  -- players with their own pairing numbers, the next one after them
  assert(t:add_player({ id = 9, name = "Nine" }) == 9)
  assert(t:add_player({ name = "Ten" }) == 10)
  fails("ARB_E_ARGUMENT", "pairing number 9 is in use", t:add_player({ id = 9 }))
  assert(t:player(11) == nil)
  -- a gap in the numbers: no round robin
  fails("ARB_E_ARGUMENT", "without a gap", t:pair())
end

-- Byes, a double round robin with the last two rounds swapped.
do
  local t = build(4)
  t:set_info({ system = "FIDE_DOUBLEROUNDROBIN", rounds = 6 })
  assert(assert(t:pair(1)):apply())
  local a = assert(t:pair(2))
  local b = assert(t:pair(2, { swap_last = true }))
  assert(a:apply())
  local c = assert(t:pair(3))
  local d = assert(t:pair(3, { swap_last = true }))
  assert(tostring(a) ~= tostring(b) and tostring(b) == tostring(c) and tostring(d) == tostring(a),
    "swap_last: rounds 2 and 3 swapped")
  -- the second cycle: the first with the colours reversed
  assert(c:apply())
  local first = assert(T.read(t:write())):pair(1)
  local fourth = assert(t:pair(4))
  for k, board in ipairs(fourth:boards()) do
    assert(board.white == first:boards()[k].black and board.black == first:boards()[k].white)
  end
  -- a half-point bye known in advance for round 5; cleared again
  t:set_bye(5, 4, "H")
  assert(t:cell(4, 5).result == "H" and t:cell(4, 5).opponent == false)
  assert(t:write():find("\r240 H 005    4\r", 1, true), "a 240 record")
  t:set_bye(5, 4, false)
  assert(t:cell(4, 5).result == false)
  t:set_bye(4, 3, "U")
  assert(t:rounds_played() == 4 and t:cell(3, 4).result == "U" and t:cell(3, 4).opponent == false)
  assert(t:player(3).points == 1, t:player(3).points)
  raises("round 4 is paired", t.set_bye, t, 4, 3)
  raises("round must be 1..5", t.set_bye, t, 6, 3, "U")
end

-- save: atomic, then read back with open.
do
  local t = build(6)
  assert(t:pair():apply())
  local path = os.tmpname()
  assert(t:save(path) == true)
  local back = assert(T.open(path))
  assert(back:write() == t:write() and back:rounds_played() == 1)
  assert(t:save(path, { trf16 = true }))
  assert(assert(T.open(path)):info().dialect == "trf16")
  os.remove(path)
  fails("ARB_E_IO", "cannot create", t:save(path .. "/no/such/dir/x.trf"))
  fails("ARB_E_IO", "cannot open", T.open(path .. "/no/such/file.trf"))
end

-- ---- external engines' answers ---------------------------------------------------------
local engines = 0
for _, row in ipairs(tsv(dir .. "/cases/index.tsv").rows) do
  local trf = row[1]
  if trf:match("%.trf$") == nil then
    trf = trf .. ".trf"
  end
  local base = trf:gsub("%.trf$", "")
  local t = assert(T.open(dir .. "/cases/" .. base .. ".trf"))
  local pairs_text = slurp(dir .. "/cases/" .. base .. ".pairs")
  local p = assert(t:pairing_from_engine(pairs_text))
  assert(tostring(p) == pairs_text, base .. ": the .pairs text read back")
  assert(p:round() == t:rounds_played() + 1)
  assert(#t:check(p) == 0, base .. ": " .. tostring(t:check(p)[1]))
  -- the JaVaFo form: a count, then WHITE BLACK, the bye as ID 0
  local lines = { tostring(#p:boards() + (p:byes()[1] and p:byes()[1].code == "U" and 1 or 0)) }
  for _, b in ipairs(p:boards()) do
    lines[#lines + 1] = b.white .. " " .. b.black
  end
  for _, bye in ipairs(p:byes()) do
    if bye.code == "U" then
      lines[#lines + 1] = bye.id .. " 0"
    end
  end
  local q = assert(t:pairing_from_engine(table.concat(lines, "\n") .. "\n"))
  assert(tostring(q) == pairs_text, base .. ": the JaVaFo form")
  -- applied, the round is the tournament's
  assert(q:apply())
  assert(t:rounds_played() == p:round())
  local b1 = p:boards()[1]
  assert(t:cell(b1.white, p:round()).opponent == b1.black)
  -- a rematch of the first board's players is named
  local r2 = assert(t:pairing_from_engine("1\n" .. b1.white .. " " .. b1.black .. "\n",
    p:round()))
  local problems = t:check(r2)
  assert(#problems > 0)
  engines = engines + 1
end
assert(engines >= 10, engines .. " engine answers")

-- ---- the Dutch rules of 2017 --------------------------------------------------------------
-- A generated Swiss where the editions differ on C.04.1 d: 23 had a full-point
-- bye in round 1, which bars the pairing-allocated bye under the revised rules
-- only. Each edition's pairing is bbpPairings' answer (5 for 2017, 6 revised).
do
  local base = dir .. "/swiss/regressions/random-2017006353-round-8"
  local t = assert(T.open(base .. ".trf"))
  local old = assert(t:pair(0, { dutch_2017 = true }))
  local new = assert(t:pair())
  assert(tostring(old) == slurp(base .. ".2017.pairs"), "2017: " .. tostring(old))
  assert(tostring(new) == slurp(base .. ".pairs"), "revised: " .. tostring(new))
  assert(#t:check(old, { dutch_2017 = true }) == 0)
  local problems = t:check(old)
  assert(#problems == 1 and problems[1]:find("player 23 had a win's points", 1, true),
    tostring(problems[1]))
  assert(#t:check(new) == 0)
  assert(not pcall(t.check, t, new, { dutch_2071 = true }), "an unknown option is an error")
end

-- ---- bad input ----------------------------------------------------------------------------
-- Every broken file of tournaments/bad/: nil, the message of its first
-- error with line and column, "ARB_E_TRF", and the tournament read, whose
-- problems list that error.
local bad, seen = 0, {}
for _, row in ipairs(tsv(dir .. "/bad/expected.tsv").rows) do
  local file, line, column, message = row[1], tonumber(row[2]), tonumber(row[3]), row[4]
  local text = slurp(dir .. "/bad/" .. file)
  local value, msg, code, t = T.read(text, file)
  if not seen[file] then -- the file's first error is the message
    fails("ARB_E_TRF", file .. ":" .. line .. ":" .. column .. ": " .. message, value, msg, code)
    -- open gives the same, named by its path
    local v2, m2, c2 = T.open(dir .. "/bad/" .. file)
    fails("ARB_E_TRF", dir .. "/bad/" .. file .. ":" .. line .. ":" .. column, v2, m2, c2)
    seen[file] = true
    bad = bad + 1
  end
  assert(value == nil and getmetatable(t) == arbiter.Tournament, file .. ": the tournament read")
  local found = false
  for _, p in ipairs(t:problems()) do
    assert(type(p.message) == "string" and type(p.error) == "boolean")
    if p.error and p.line == line and p.column == column then
      found = p.message:find(message, 1, true) ~= nil
      break
    end
  end
  assert(found, file .. ": no problem at " .. line .. ":" .. column)
  assert(#t:players() == tonumber(row[5]), file .. ": " .. #t:players() .. " players read")
end
assert(bad > 20, bad .. " broken files")

-- A warning does not fail a read: player 1's cell of round 1 names player
-- 2, whose cell says he was absent.
do
  local t = build(4)
  t:set_game(1, 1, 2, "1", "0")
  t:set_game(1, 3, 4, "=", "=")
  local text, n = t:write():gsub("(\r001    2[^\r]-)   1 b 0", "%10000 - Z")
  assert(n == 1)
  local back = assert(T.read(text, "warned"))
  local problems = back:problems()
  assert(#problems >= 1 and problems[1].error == false, tostring((problems[1] or {}).message))
  assert(problems[1].message:find("^warned:%d+:%d+: warning: "), problems[1].message)
end

do
  local t = assert(T.open(dir .. "/tiebreaks/case-001.trf"))
  -- wrong types and values raise
  raises("bad argument #1", T.read, {})
  raises("bad argument #2", T.read, "", {})
  raises("unknown option 'f_as_bye'", T.read, "", nil, { f_as_bye = true })
  raises("bad argument #1", T.open, nil)
  raises("Tournament expected", t.info, "x")
  raises("no player with pairing number 99", t.cell, t, 99, 1)
  raises("round must be 1..999", t.cell, t, 1, 0)
  raises("bad argument #2", t.cell, t, "one", 1)
  raises("round must be 1..8", t.set_game, t, 9, 1, 2)
  raises("cannot play himself", t.set_game, t, 1, 1, 1, "1", "0")
  raises("are not a game's pair", t.set_game, t, 1, 1, 2, "1", "1")
  raises("a TRF code", t.set_game, t, 1, 1, 2, "1-0", "0")
  raises("a TRF code", t.set_bye, t, 8, 1, "X")
  raises("unknown field 'nmae'", t.add_player, t, { nmae = "Typo" })
  raises("field 'rating': an integer from 0 to 9999", t.add_player, t, { rating = -5 })
  raises("field 'rating'", t.add_player, t, { rating = 2000.5 })
  raises("field 'name': a string expected", t.add_player, t, { name = 5 })
  raises("field 'name': a control character", t.add_player, t, { name = "a\tb" })
  raises("field 'fide_id': digits", t.add_player, t, { fide_id = "12a" })
  raises("field 'sex'", t.add_player, t, { sex = "x" })
  raises("field 'points' is read-only", t.add_player, t, { points = 1 })
  raises("field 'id' is read-only", t.set_player, t, 1, { id = 2 })
  raises("field 'rounds': an integer from 0 to 999", t.set_info, t, { rounds = 1000 })
  raises("field 'dialect' is read-only", t.set_info, t, { dialect = "trf16" })
  raises("field 'start_date' is read-only", t.set_info, t, { start_date = 1 })
  raises("unknown field 'nmae'", t.set_info, t, { nmae = "x" })
  raises("field 'first_color'", t.set_info, t, { first_color = "w" })
  raises("field 'points': unknown field 'won'", t.set_info, t, { points = { won = 1 } })
  raises("at most one decimal place", t.set_info, t, { points = { win = 0.25 } })
  raises("trf16 and trf26 together", t.write, t, { trf16 = true, trf26 = true })
  raises("unknown option 'eol'", t.write, t, { eol = true })
  raises("unknown option 'regulations'", t.standings, t, { regulations = "fide2026" })
  raises("option 'tiebreaks': a string expected", t.standings, t, { tiebreaks = { "BH" } })
  raises("bad argument #2", t.check, t, {})
  raises("unknown option 'swap'", t.pair, t, 0, { swap = true })
  raises("round must be 0", t.pair, t, -1)
  -- data failures return nil, message, code
  fails("ARB_E_PROFILE", "no regulation 'fide2025'", t:standings({ regulation = "fide2025" }))
  fails("ARB_E_ARGUMENT", "tiebreaks, column 4: unknown tie-break 'XYZ'", t:standings({ tiebreaks = "BH,XYZ" }))
  fails("ARB_E_ARGUMENT", "round 8: the event has 7 rounds", t:pair())
  fails("ARB_E_PAIRING", "2 pairs announced, 1 given", t:pairing_from_engine("2\n1 2\n"))
  fails("ARB_E_PAIRING", "line 2: no player 77", t:pairing_from_engine("1\n1 77\n"))
  fails("ARB_E_PAIRING", "line 2: not a pair", t:pairing_from_engine("1\n1 x\n"))
  -- closed objects raise
  local p = assert(t:pairing_from_engine("1 2\n"))
  p:close()
  raises("closed pairing", p.boards, p)
  assert(tostring(p) == "arbiter.Pairing (closed)")
  t:close()
  raises("closed tournament", t.players, t)
  assert(tostring(t) == "arbiter.Tournament (closed)")
  t:close() -- twice: nothing
end

-- A Pairing keeps its tournament alive.
do
  local p = assert(build(4):pair())
  collectgarbage()
  collectgarbage()
  assert(p:apply() and p:tournament():rounds_played() == 1)
end


-- Round PGN and Chess960 events: per board, per pair (the return games of a
-- double round robin), the positions the library's documented draw gives.
do
  local t = build(4)
  t:set_info({ system = "FIDE_DOUBLEROUNDROBIN", rounds = 6 })
  assert(t:chess960() == nil and t:note("chess960-seed") == nil)
  t:set_chess960({ seed = 5, per = "pair" })
  local c = t:chess960()
  assert(c.seed == 5 and c.per == "pair" and c.double == false)
  assert(t:note("chess960-per") == "pair")
  for _ = 1, 6 do assert(assert(t:pair()):apply()) end
  -- board 1 of round 1: the first of round 1's own draw (seed 5 + 1)
  local all = arbiter.chess960.draw(960, 6)
  local w, b = t:game_chess960(1, 1, 1, 4)
  assert(w == all[1] and b == all[1], "round 1 board 1: " .. tostring(w))
  assert(t:board_of(1, 1, 4) == 1 and t:board_of(1, 4, 1) == nil)
  assert(select(1, arbiter.chess960.event_draw(5, false, 6, 1, 1)) == all[1])
  -- the return game (cycle 2, colours reversed) has the first game's position
  for r = 1, 3 do
    for _, g in ipairs({ { 1, 4 }, { 2, 3 }, { 4, 3 }, { 1, 2 }, { 2, 4 }, { 3, 1 } }) do
      local x = t:board_of(r, g[1], g[2])
      if x then
        local y = assert(t:board_of(r + 3, g[2], g[1]))
        assert(select(1, t:game_chess960(r, x, g[1], g[2])) ==
          select(1, t:game_chess960(r + 3, y, g[2], g[1])))
      end
    end
  end
  local pgn = assert(t:pgn(1))
  local fen = arbiter.chess960.back_rank(all[1]):lower() .. "/pppppppp"
  assert(pgn:find('[FEN "' .. fen, 1, true) and pgn:find('[Variant "Chess960"]', 1, true))
  assert(pgn:find('[Event "Lua Round Robin 4"]', 1, true) and pgn:find('[Site "Hastings ENG"]', 1, true))
  assert(pgn:find('[Date "2026.01.05"]', 1, true) and pgn:find('[WhiteFideId "100001"]', 1, true))
  local n = 0
  for _ in pgn:gmatch("%[Round ") do n = n + 1 end
  assert(n == 2, "round 1 has 2 games, not " .. n)
  local every = assert(t:pgn())
  n = 0
  for _ in every:gmatch("%[Round ") do n = n + 1 end
  assert(n == 12)
  assert(t:round_date(1) == nil)
  fails("ARB_E_ARGUMENT", "round 7 is not paired (6 rounds are)", t:pgn(7))
  raises("round must be 0..999", t.pgn, t, -1)
  raises("seed must not be negative", t.set_chess960, t, { seed = -1 })
  raises("invalid option 'game'", t.set_chess960, t, { seed = 1, per = "game" })
  raises("set_note", t.set_note, t, "Bad Key", "x")
  -- double-960, per round: arbiter.chess960.draw_double's pairs
  local d = build(2)
  d:set_chess960({ seed = "9", double = true })
  assert(assert(d:pair()):apply())
  local pairs = arbiter.chess960.draw_double(1, 9)
  local dw, db = d:game_chess960(1, 1, 1, 2)
  assert(dw == pairs[1][1] and db == pairs[1][2])
  d:set_note("chess960-double", "maybe")
  fails("ARB_E_TRF", "is not yes or no", d:chess960())
  fails("ARB_E_TRF", "is not yes or no", d:pgn(1))
  fails("ARB_E_ARGUMENT", "not a Chess960 event", build(2):game_chess960(1, 1, 1, 2))
end

-- Withdrawals and prohibited pairings (record 260).
do
  local t = build(6)
  assert(t:info().rounds == 5)
  local p = assert(t:pair())
  assert(p:apply())
  -- a game in round 1: refused; a permanent withdrawal from round 3
  local ok, msg = t:withdraw(3, 1)
  assert(ok == nil and msg:find("cannot be withdrawn", 1, true))
  assert(t:withdraw(3, 3) == true)
  assert(t:withdrawn(3, 2) == false and t:withdrawn(3, 3) == "permanent")
  assert(t:withdrawn(3, 5) == "permanent" and t:withdrawn(3) == "permanent")
  assert(t:withdraw(5, 2, 2) == true and t:withdrawn(5, 2) == "temporary")
  assert(t:withdrawn(5, 3) == false and t:withdrawn(99, 3) == false)
  local w = t:withdrawals(3)
  assert(#w == 1 and w[1].from == 3 and w[1].to == false)
  assert(t:cell(3, 4).result == "Z" and t:cell(5, 2).result == "Z")
  raises("no player", t.withdraw, t, 99, 2)
  raises("last round", t.withdraw, t, 4, 3, 2)
  -- round 2 of the round robin: 5 forfeits his game, '-' against '+'
  for _, b in ipairs(t:pair():boards()) do
    if b.white == 5 then assert(b.forfeit == "-+") elseif b.black == 5 then assert(b.forfeit == "+-")
    else assert(b.forfeit == nil) end
  end
  -- a prohibited pair, checked; the record written and read back
  assert(t:prohibit({ 1, 2 }, 1, 5) == true)
  local g = t:prohibited()
  assert(#g == 1 and g[1].first == 1 and g[1].last == 5 and g[1].ids[1] == 1 and g[1].ids[2] == 2)
  raises("two pairing numbers", t.prohibit, t, { 1 })
  raises("not a player", t.prohibit, t, { 1, 77 })
  local dup, why = t:prohibit({ 1, 1 })
  assert(dup == nil and why:find("twice", 1, true))
  local back = assert(T.read(t:write()))
  assert(#back:prohibited() == 1 and back:withdrawn(3, 4) == "permanent")
  local q = assert(back:pairing_from_engine("1 2\n3 4\n5 6\n", 2))
  local found = {}
  for _, problem in ipairs(back:check(q)) do found[#found + 1] = problem end
  local text = table.concat(found, "\n")
  assert(text:find("1 and 2 must not meet", 1, true), text)
  assert(text:find("player 5 is withdrawn", 1, true), text)
end

print("tournament: ok")
