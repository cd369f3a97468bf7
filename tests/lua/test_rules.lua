-- test_rules.lua DATA_DIR [ARBITER_CLI]
-- Rule profiles and adjudication from Lua: profiles by name, options, path
-- and file, their fields; every row of scenarios.tsv adjudicated as a token
-- log (result, reason code and effects as tests/cli/scenarios.sh checks them
-- through the CLI) and compared in full with `arbiter adjudicate --events
-- --json`; PGN games (comment commands, inferred endings, Chess960, tricky
-- comments and tags) compared with `arbiter adjudicate FILE --json`; hooks,
-- failing hooks, and the errors.
local arbiter = require "arbiter"
local data, cli = assert(arg[1], "usage: test_rules.lua DATA_DIR [ARBITER_CLI]"), arg[2]
local root = data .. "/../.."
-- LuaJIT (a build with ARBITER_LUAJIT): no `<close>`, and a C function
-- called through pcall is named '?' in argument errors.
local LUAJIT = rawget(_G, "jit") ~= nil
-- The CLI to compare with, when given and processes can be started.
local CLI = cli and io.popen and cli or nil

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

local function shq(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

local function readfile(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end

local function writefile(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- ---- a small JSON reader, for the CLI's output ----------------------------------------------
local function utf8char(cp)
  if cp < 0x80 then return string.char(cp) end
  if cp < 0x800 then return string.char(0xC0 + math.floor(cp / 64), 0x80 + cp % 64) end
  return string.char(0xE0 + math.floor(cp / 4096), 0x80 + math.floor(cp / 64) % 64, 0x80 + cp % 64)
end

local function json_decode(s)
  local pos = 1
  local escapes = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n", r = "\r", t = "\t" }
  local value
  local function space() pos = s:find("[^ \t\r\n]", pos) or #s + 1 end
  local function str()
    local out = {}
    pos = pos + 1
    while true do
      local c = s:sub(pos, pos)
      if c == '"' then
        pos = pos + 1
        return table.concat(out)
      elseif c == "\\" then
        local e = s:sub(pos + 1, pos + 1)
        if e == "u" then
          out[#out + 1] = utf8char(assert(tonumber(s:sub(pos + 2, pos + 5), 16), "bad \\u escape"))
          pos = pos + 6
        else
          out[#out + 1] = assert(escapes[e], "bad escape")
          pos = pos + 2
        end
      else
        local j = assert(s:find('["\\]', pos), "string not terminated")
        out[#out + 1] = s:sub(pos, j - 1)
        pos = j
      end
    end
  end
  function value()
    space()
    local c = s:sub(pos, pos)
    if c == "{" or c == "[" then
      local t, close = {}, c == "{" and "}" or "]"
      pos = pos + 1
      space()
      if s:sub(pos, pos) == close then
        pos = pos + 1
        return t
      end
      while true do
        if close == "}" then
          space()
          assert(s:sub(pos, pos) == '"', "key expected at " .. pos)
          local k = str()
          space()
          assert(s:sub(pos, pos) == ":", "':' expected at " .. pos)
          pos = pos + 1
          t[k] = value()
        else
          t[#t + 1] = value()
        end
        space()
        c = s:sub(pos, pos)
        pos = pos + 1
        if c == close then return t end
        assert(c == ",", "',' expected at " .. (pos - 1))
      end
    elseif c == '"' then
      return str()
    elseif s:find("^true", pos) then
      pos = pos + 4
      return true
    elseif s:find("^false", pos) then
      pos = pos + 5
      return false
    elseif s:find("^null", pos) then
      pos = pos + 4
      return nil
    end
    local n = assert(s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos), "value expected at " .. pos)
    pos = pos + #n
    return tonumber(n)
  end
  local v = value()
  space()
  assert(pos > #s, "junk after the JSON value")
  return v
end

do -- the reader itself
  local j = json_decode('{"a": [1, "x\\"y\\u00e9", true, false], "b": {}, "c": []}')
  assert(j.a[1] == 1 and j.a[2] == 'x"y\195\169' and j.a[3] == true and j.a[4] == false)
  assert(next(j.b) == nil and #j.c == 0)
end

-- The CLI's JSON lines (one object a line) for `args`.
local function cli_json(args)
  local f = assert(io.popen(CLI .. " adjudicate " .. args .. " --json 2>/dev/null"))
  local out = {}
  for line in f:lines() do
    out[#out + 1] = json_decode(line)
  end
  f:close()
  return out
end

-- ---- comparing a verdict with the CLI's JSON ---------------------------------------------
local function same_list(a, b, what)
  assert(#a == #b, what .. ": " .. #a .. " items, the CLI has " .. #b)
  for i = 1, #a do
    assert(a[i] == b[i], what .. "[" .. i .. "]: '" .. tostring(a[i]) .. "', the CLI has '" .. tostring(b[i]) .. "'")
  end
end

local function same_verdict(v, j, what)
  local fields = { result = "result", board = "board_result", termination = "termination", reason = "reason",
                   detail = "detail", article = "article" }
  for mine, theirs in pairs(fields) do
    assert(v[mine] == j[theirs], what .. ": " .. mine .. " '" .. tostring(v[mine]) .. "', the CLI has '" .. tostring(j[theirs]) .. "'")
  end
  same_list(v.effects, j.effects, what .. ": effects")
  for _, side in ipairs { "white", "black" } do
    assert(v.trf[side] == j.trf[side], what .. ": trf." .. side)
    assert(v.points[side] == j.points[side], what .. ": points." .. side)
  end
  assert(#v.events == #j.events, what .. ": " .. #v.events .. " decisions, the CLI has " .. #j.events)
  for i, e in ipairs(v.events) do
    local c, at = j.events[i], what .. ": decision " .. i
    assert(e.ply == c.ply and (e.event or "") == c.event and e.result == c.result, at)
    assert(e.reason == c.reason and e.detail == c.detail and e.article == c.article, at)
    assert(e.ends == c.ends and (e.note ~= 0) == c.note, at)
    same_list(e.effects, c.effects, at .. ": effects")
  end
end

-- The shape of a verdict, whatever the game.
local function check_shape(v, what)
  for _, k in ipairs { "result", "board", "termination", "reason", "detail", "article" } do
    assert(type(v[k]) == "string", what .. ": " .. k)
  end
  assert(type(v.over) == "boolean" and type(v.plies) == "number" and v.plies >= 0, what)
  assert(type(v.effects) == "table" and type(v.events) == "table", what)
  assert(v.over == (v.result ~= "*"), what .. ": over and the result agree")
  local ends = 0
  for i, e in ipairs(v.events) do
    assert(type(e.ply) == "number" and e.ply <= v.plies and type(e.ends) == "boolean", what .. ": decision " .. i)
    assert(type(e.note) == "number" and e.note >= 0 and e.note <= 2, what .. ": decision " .. i)
    assert(e.event == nil or type(e.event) == "string", what)
    if e.ends then ends = ends + 1 end
  end
  assert(ends == (v.over and 1 or 0), what .. ": one decision ends an ended game")
  if v.over then
    assert(v.trf.white ~= "" and v.trf.black ~= "", what .. ": TRF codes of an ended game")
  else
    assert(v.trf.white == "" and v.trf.black == "", what .. ": no TRF codes in play")
  end
end

-- ---- profiles ------------------------------------------------------------------------------------
local blitz = assert(arbiter.profile("fide2014-blitz{supervision=full}"))
assert(getmetatable(blitz) == arbiter.Profile)
assert(blitz:name() == "fide2014-blitz{supervision=full}")
assert(blitz:edition() == "FIDE 2014")
assert(blitz:description():find("blitz", 1, true))
assert(blitz:file():find("/profiles/fide2014.lua$"), blitz:file())
assert(blitz:get("speed") == "blitz" and blitz:get("supervision") == "full")
assert(blitz:get("name") == blitz:name() and blitz:get("edition") == blitz:edition())
assert(blitz:get("articles.fivefold") == "9.6a")
assert(tostring(blitz) == "arbiter.Profile " .. blitz:name() .. " (" .. blitz:file() .. ")")
assert(blitz == blitz)
local again = assert(arbiter.profile("fide2014-blitz{supervision=full}"))
assert(again ~= blitz, "two loads are two profiles")
assert(arbiter.profile("fide2014-blitz"):get("supervision") == "limited")

-- fields(): the whole table in order, each value as get() gives it
local fields = blitz:fields()
local seen, cited = {}, nil
assert(#fields > 50)
for i, f in ipairs(fields) do
  assert(type(f.name) == "string" and not seen[f.name], "field " .. i)
  seen[f.name] = true
  assert(f.value == blitz:get(f.name), f.name)
  assert(type(f.doc) == "string" and f.doc ~= "", f.name)
  assert(f.type == "enum" or f.type == "int" or f.type == "bool" or f.type == "string", f.name)
  assert((f.type == "enum") == (f.words ~= nil), f.name .. ": words for enums only")
  assert((f.type == "int") == (f.min ~= nil and f.max ~= nil), f.name .. ": a range for ints only")
  if f.min then
    local v = tonumber(f.value)
    assert(v >= f.min and v <= f.max, f.name .. ": the value is in its range")
  end
  if f.words then
    local found = false
    for _, w in ipairs(f.words) do found = found or w == f.value end
    assert(found, f.name .. ": the value is one of the words")
  end
  assert(f.article == nil or f.article:find("^FIDE 2014"), f.name)
  if f.name == "draw.fivefold" then cited = f.article end
end
assert(fields[1].name == "name" and fields[1].article == nil)
assert(cited == "FIDE 2014 9.6a", "draw.fivefold cites " .. tostring(cited))
assert(seen["draw.threefold"] and seen["articles.threefold"])
-- the counts of the draw rules: numbers with their ranges and articles
assert(blitz:get("draw.fifty_moves") == "50" and blitz:get("draw.seventyfive_moves") == "75")
assert(blitz:get("draw.threefold_count") == "3" and blitz:get("draw.fivefold_count") == "5")
for _, f in ipairs(fields) do
  if f.name == "draw.fifty_moves" then assert(f.min == 1 and f.article == "FIDE 2014 9.3") end
  if f.name == "draw.threefold_count" then assert(f.min == 2 and f.type == "int") end
end

-- options, other families, a path, a file
local uscf = assert(arbiter.profile("uscf-standard{tc=G/90,delay=5}"))
assert(uscf:edition() == "USCF" and uscf:get("time.tc") ~= "")
local online = assert(arbiter.profile("online"))
assert(online:file():find("/profiles/online.lua$"))
local arma = assert(arbiter.profile("armageddon{base=fide2023-blitz}"))
assert(arma:get("score.draw") == "black-wins")
local examples = root .. "/examples/profiles"
local by_path = assert(arbiter.profile("no_early_draws", examples))
assert(by_path:file():find("/examples/profiles/no_early_draws.lua$"))
local by_file = assert(arbiter.profile(examples .. "/stalemate_wins.lua"))
assert(by_file:edition() == "FIDE 2023")

-- arbiter.profiles: the shipped ones, then those of a path
local names = {}
for _, p in ipairs(arbiter.profiles()) do
  names[#names + 1] = p.name
  assert(p.file:find("/" .. p.name .. ".lua$"), p.file)
end
for i = 2, #names do assert(names[i - 1] < names[i], "sorted") end
assert(table.concat(names, " "):find("fide2014", 1, true) and table.concat(names, " "):find("uscf", 1, true))
local listed = {}
for _, p in ipairs(arbiter.profiles(examples)) do listed[p.name] = p.file end
assert(listed.no_early_draws == examples .. "/no_early_draws.lua" and listed.stalemate_wins, "the path's profiles")
for _, name in ipairs(names) do assert(listed[name], name .. " is still listed") end

-- close and <close>: later use raises
local close_scope = [[
  local arbiter = ...
  local kept
  do
    local scoped <close> = assert(arbiter.profile("online"))
    kept = scoped
  end
  return kept
]]
local kept
if LUAJIT then
  kept = assert(arbiter.profile("online"))
  kept:close()
else
  kept = assert(load(close_scope))(arbiter)
end
raises("closed profile", kept.name, kept)
raises("closed profile", kept.adjudicate, kept, "e2e4")
assert(tostring(kept) == "arbiter.Profile (closed)")
kept:close() -- twice is harmless

-- ---- token logs -------------------------------------------------------------------------------
local v = assert(blitz:adjudicate("e2e4 e7e5 offer:white accept:black"))
check_shape(v, "agreement")
assert(v.result == "1/2-1/2" and v.board == "1/2-1/2" and v.reason == "agreement" and v.over and v.plies == 2)
assert(v.termination == "normal" and v.article:find("^FIDE 2014"))
assert(v.trf.white == "=" and v.trf.black == "=")
assert(#v.events == 2 and v.events[1].event == "offer:white" and v.events[1].note == 2)
assert(v.events[2].event == "accept:black" and v.events[2].ends and v.events[2].reason == "agreement")

local inplay = assert(blitz:adjudicate("e2e4"))
check_shape(inplay, "in play")
assert(inplay.result == "*" and not inplay.over and inplay.plies == 1 and inplay.reason == "")

-- a start position: FEN, X-FEN or Shredder-FEN, or a Position
local K_ONLY = "7k/8/6K1/8/8/8/8/R7 w - - 149 150"
local seventyfive = assert(arbiter.profile("fide2023-standard"):adjudicate("a1a2", K_ONLY))
assert(seventyfive.reason == "seventyfive-auto" and seventyfive.result == "1/2-1/2", seventyfive.reason)
local same = assert(arbiter.profile("fide2023-standard"):adjudicate("a1a2", arbiter.position(K_ONLY)))
assert(same.reason == seventyfive.reason and same.article == seventyfive.article)
local C960 = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1"
local c960 = assert(arbiter.profile("fide2023-standard{chess960=on}"))
local castled = assert(c960:adjudicate("b1e1", C960))
assert(castled.reason == "castling-960" and castled.plies == 1, castled.reason)
local castled2 = assert(c960:adjudicate("b1e1", arbiter.position(C960)))
assert(castled2.detail == castled.detail)
-- a Chess960 profile without a FEN starts from the standard array in
-- Chess960 notation: castling is king takes rook
local short = assert(c960:adjudicate("g1f3 g8f6 e2e3 e7e6 f1e2 f8e7 e1h1"))
assert(short.plies == 7 and short.reason == "castling-960", short.reason)

-- hooks: stalemate_wins turns Loyd's ten-move stalemate into a win
local loyd = arbiter.position()
local uci = {}
for _, san in ipairs { "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7",
                       "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6" } do
  uci[#uci + 1] = assert(loyd:move(san)):uci()
  assert(loyd:play(san))
end
assert(loyd:is_stalemate())
local drawn = assert(arbiter.profile("fide2023-standard"):adjudicate(table.concat(uci, " ")))
assert(drawn.result == "1/2-1/2" and drawn.reason == "stalemate")
local won = assert(by_file:adjudicate(table.concat(uci, " ")))
check_shape(won, "stalemate_wins")
assert(won.result == "1-0" and won.reason == "stalemate-win" and won.article == "house rule (stalemate wins)")
-- no_early_draws cancels an agreement before move 30; the game goes on
local early = assert(by_path:adjudicate("e2e4 e7e5 offer:white accept:black"))
assert(early.result == "*" and not early.over and early.reason == "agreement-not-allowed", early.reason)

-- ---- every scenario ----------------------------------------------------------------------------------
local function trim(s) return (s:gsub("^[ \t\r]+", ""):gsub("[ \t\r]+$", "")) end

-- s split at the ';' outside parentheses
local function split_top(s)
  local parts, depth, item = {}, 0, {}
  for c in s:gmatch(".") do
    if c == "(" then depth = depth + 1 elseif c == ")" and depth > 0 then depth = depth - 1 end
    if c == ";" and depth == 0 then
      parts[#parts + 1] = table.concat(item)
      item = {}
    else
      item[#item + 1] = c
    end
  end
  parts[#parts + 1] = table.concat(item)
  return parts
end

local function multiset(list)
  local copy = {}
  for i, x in ipairs(list) do copy[i] = x end
  table.sort(copy)
  return table.concat(copy, " ")
end

local xfail = {}
for line in io.lines(data .. "/scenarios_expected_failures.tsv") do
  local id = line:match("^([^\t#][^\t]*)\t")
  if id and id ~= "id" then xfail[id] = true end
end

local profiles = {}
local rows, passed, xfailed, compared = 0, 0, 0, 0
local first = true
for line in io.lines(data .. "/scenarios.tsv") do
  if first then
    first = false
  elseif line ~= "" then
    local f = {}
    for field in (line .. "\t"):gmatch("([^\t]*)\t") do f[#f + 1] = field end
    assert(#f >= 6, "malformed row: " .. line)
    local id, spec, fen, moves = f[1], f[2], f[3], f[4]
    local want_result, reason = trim(f[5]), trim(f[6])
    local parts = split_top(reason)
    local want_code = parts[1]:gsub("[( ;].*$", "")
    local want_eff = {}
    for i = 2, #parts do
      local e = trim(parts[i]):gsub("%([^)]*%)$", "")
      if e ~= "" then want_eff[#want_eff + 1] = e end
    end
    local cited = trim(f[8] or "")
    local p = profiles[spec]
    if not p then
      p = assert(arbiter.profile(spec))
      profiles[spec] = p
    end
    local got, msg = p:adjudicate(moves, fen)
    if want_result == "refused" then
      -- refused events: no verdict, a message that names the article
      assert(not got and cited ~= "" and tostring(msg):find(cited, 1, true),
        id .. ": expected a refusal naming " .. cited .. ", got " .. tostring(msg))
      rows = rows + 1
      passed = passed + 1
      if CLI then compared = compared + 1 end
      goto next_row
    end
    assert(got, id .. ": " .. tostring(msg))
    if cited ~= "" then
      assert(got.article == cited, id .. " " .. spec .. ": cited " .. tostring(got.article) .. ", expected " .. cited)
    end
    check_shape(got, id)
    local eff = {}
    for i, e in ipairs(got.effects) do eff[i] = e end
    local has_board = false
    for _, e in ipairs(eff) do has_board = has_board or e == "board=" .. got.board end
    if got.board ~= got.result and got.board ~= "" and not has_board then eff[#eff + 1] = "board=" .. got.board end
    local want = want_result .. " " .. want_code .. " {" .. multiset(want_eff) .. "}"
    local have = got.result .. " " .. got.reason .. " {" .. multiset(eff) .. "}"
    rows = rows + 1
    if xfail[id] then
      assert(want ~= have, id .. " passes: remove it from scenarios_expected_failures.tsv")
      xfailed = xfailed + 1
    else
      assert(want == have, id .. " " .. spec .. ": expected " .. want .. ", got " .. have)
      passed = passed + 1
    end
    if CLI then
      local j = cli_json("--profile " .. shq(spec) .. " --fen " .. shq(fen) .. " --events " .. shq(moves))
      assert(#j == 1, id .. ": the CLI gave no verdict")
      same_verdict(got, j[1], id)
      compared = compared + 1
    end
  end
  ::next_row::
end
assert(rows > 100 and passed + xfailed == rows, "scenarios: " .. rows .. " rows")
assert(compared == (CLI and rows or 0))

-- ---- PGN games ---------------------------------------------------------------------------------------
-- Every game of `file` under profile `spec`: the verdicts of the Game
-- snapshots from arbiter.pgn.open against the CLI's, game by game; a game
-- the CLI cannot adjudicate (no JSON line) must fail here too. Returns the
-- verdicts (false for a failure) by game number.
local function compare_file(file, spec)
  local p = assert(arbiter.profile(spec))
  local verdicts, n = {}, 0
  for game in arbiter.pgn.open(file) do
    local got, msg, code = p:adjudicate(game)
    if got then
      check_shape(got, file .. " game " .. game:number())
    else
      assert(code == "ARB_E_EVENT" or code == "ARB_E_PROFILE", tostring(msg))
    end
    verdicts[game:number()] = got or false
    n = n + 1
  end
  assert(n > 0, file .. ": no games")
  if CLI then
    local cli_games = {}
    for _, j in ipairs(cli_json("--profile " .. shq(spec) .. " " .. shq(file))) do
      local got = verdicts[j.game]
      assert(got, file .. " game " .. j.game .. " under " .. spec .. ": the CLI has a verdict, Lua has none")
      same_verdict(got, j, file .. " game " .. j.game .. " under " .. spec)
      cli_games[j.game] = true
    end
    for number, got in pairs(verdicts) do
      assert(got == false or cli_games[number], file .. " game " .. number .. ": Lua has a verdict, the CLI has none")
    end
  end
  return verdicts
end

local games = root .. "/examples/games/"
local illegal = {}
for _, spec in ipairs { "fide2014-blitz", "fide2018-blitz", "uscf-blitz" } do
  illegal[spec] = compare_file(games .. "blitz-illegal.pgn", spec)[1]
end
-- known answers (README of examples/games), with or without the CLI
assert(illegal["fide2014-blitz"].result == "0-1" and illegal["fide2014-blitz"].reason == "illegal-move-loss")
assert(illegal["uscf-blitz"].result == "0-1" and illegal["uscf-blitz"].reason == "illegal-move-loss")
assert(illegal["fide2018-blitz"].result == "1-0" and illegal["fide2018-blitz"].reason == "checkmate")
assert(illegal["fide2018-blitz"].plies == 7)
local fivefold = {}
for _, spec in ipairs { "fide2009-standard", "fide2014-standard", "fide2023-standard", "uscf-standard" } do
  fivefold[spec] = compare_file(games .. "standard-fivefold.pgn", spec)[1]
  compare_file(games .. "standard-75moves.pgn", spec)
  compare_file(games .. "standard-flag-knight.pgn", spec)
end
assert(fivefold["fide2014-standard"].result == "1/2-1/2" and fivefold["fide2009-standard"].result == "*")
local flag = compare_file(games .. "standard-flag-knight.pgn", "uscf-standard")[1]
assert(flag.result == "1/2-1/2", "US Chess 14E: a lone knight cannot force mate")
assert(compare_file(games .. "armageddon-draw.pgn", "fide2023-blitz")[1].result == "1/2-1/2")
local odds = compare_file(games .. "armageddon-draw.pgn", "armageddon{base=fide2023-blitz}")[1]
assert(odds.result == "0-1" and odds.board == "1/2-1/2")
-- a hook on a PGN game: the agreed draw of move 7 is cancelled
local cancelled = compare_file(games .. "armageddon-draw.pgn", examples .. "/no_early_draws.lua")[1]
assert(cancelled.result == "*" and cancelled.reason == "agreement-not-allowed")
compare_file(root .. "/examples/data/repetition.pgn", "fide2023-standard")

-- whole collections: endings inferred from Result and Termination tags
local lichess = data .. "/pgn/lichess-DrDrunkenstein-2019-01-29.pgn"
local tally = {}
for _, got in pairs(compare_file(lichess, "online")) do
  assert(got, "every lichess game is adjudicated")
  tally[got.reason] = (tally[got.reason] or 0) + 1
end
assert(tally["time-forfeit"] > 100 and tally["checkmate"] > 100 and tally["resignation"] > 500)
compare_file(lichess, "fide2023-blitz")
compare_file(data .. "/pgn/pgnmentor-Morphy.pgn", "fide2009-standard")

-- Tricky text: escaped tags, a rest-of-line comment holding '}', a comment
-- before the first move, an empty comment, a variation with a command (not
-- on the main line: ignored), a Black-to-move Chess960 start, and a game
-- whose command cannot happen (no verdict from either).
local tricky = [==[
[Event "Quotes \"and\" a \\ backslash"]
[White "A"]
[Black "B"]
[Result "1/2-1/2"]
[TimeControl "180+2"]

{[%clock 180 180] before the first move} 1. e4 {[%clk 0:02:59]} e5 (1... c5 {[%flag white]}) ; a } brace and [%offer black] [%accept white]
2. Nf3 {} 1/2-1/2

[Event "Chess960, Black to move"]
[White "C"]
[Black "D"]
[Result "*"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 b EAea - 0 1"]

1... O-O 2. O-O {[%claim threefold white]} *

[Event "An illegal move that is legal"]
[White "E"]
[Black "F"]
[Result "*"]

1. e4 {[%illegal black e7e5]} e5 *
]==]
local tmp = os.tmpname()
writefile(tmp, tricky)
for _, spec in ipairs { "fide2023-blitz", "uscf-blitz", "fide2014-standard{chess960=on}" } do
  local verdicts = compare_file(tmp, spec)
  assert(verdicts[1] and verdicts[2] and verdicts[3] == false, spec)
  assert(verdicts[1].plies == 2 and verdicts[1].reason == "agreement", spec .. ": " .. verdicts[1].reason)
  assert(verdicts[2].plies == 2, spec)
end
-- the same text through arbiter.pgn.parse, and the failure's message
local reader = arbiter.pgn.parse(tricky)
local g1, g2, g3 = reader(), reader(), reader()
local p23 = assert(arbiter.profile("fide2023-blitz"))
local agreed = assert(p23:adjudicate(g1))
assert(#agreed.events == 3, "the variation's [%flag white] is not an event")
assert(agreed.events[1].event == "clock:180:180" and agreed.events[1].ply == 0, "the comment before 1. e4")
assert(agreed.events[2].event == "offer:black" and agreed.events[3].event == "accept:white", "the ';' comment")
local castles = assert(p23:adjudicate(g2))
assert(castles.events[1].reason == "castling-960" and castles.events[1].detail:find("king b8->g8", 1, true))
assert(castles.events[3].event == "claim:threefold:white" and castles.events[3].reason == "threefold-claim-rejected")
fails("ARB_E_EVENT", "after ply 1, [%illegal black e7e5]: e7e5 is a legal move", p23:adjudicate(g3))
os.remove(tmp)

-- ---- hooks that fail ------------------------------------------------------------------------------------
local script = os.tmpname()
local hooked = script .. ".lua"
writefile(hooked, [[
local p = extend("fide2023")
p.on_move = function(game)
  if game.ply == 3 then error("boom at ply " .. game.ply) end
end
p.on_end = function(game, ending)
  if ending.reason == "resignation" then while true do end end
end
return p
]])
local boom = assert(arbiter.profile(hooked))
assert(boom:file() == hooked)
fails("ARB_E_PROFILE", "boom at ply 3", boom:adjudicate("e2e4 e7e5 g1f3"))
fails("ARB_E_PROFILE", "on_end", boom:adjudicate("e2e4 resign:black")) -- out of its budget
-- the profile stays usable
assert(boom:adjudicate("e2e4").plies == 1)
assert(boom:adjudicate("e2e4 e7e5 offer:white accept:black").reason == "agreement")
os.remove(hooked)
os.remove(script)

-- ---- errors -------------------------------------------------------------------------------------------------
fails("ARB_E_PROFILE", "no profile 'nosuch'", arbiter.profile("nosuch"))
fails("ARB_E_PROFILE", "option 'speed'", arbiter.profile("fide2014{speed=bogus}"))
fails("ARB_E_PROFILE", "unknown option 'nosuchoption'", arbiter.profile("fide2014{nosuchoption=1}"))
fails("ARB_E_EVENT", "column 6", blitz:adjudicate("e2e4 bogus:white"))
fails("ARB_E_EVENT", "column 11", blitz:adjudicate("e2e4 e7e6 e2e4"))
fails("ARB_E_EVENT", "column 12, 'claim:sixfold:black': unknown claim 'sixfold'", blitz:adjudicate("e2e4 claim:sixfold:black"))
local bad_fen, msg, code = blitz:adjudicate("e2e4", "not a fen")
assert(bad_fen == nil and code:find("^ARB_E_FEN") and #msg > 0, tostring(code))

local called = LUAJIT and "'?'" or "'arbiter.profile'"
raises("bad argument #1 to " .. called .. " (string expected, got no value)", arbiter.profile)
raises("bad argument #1 to " .. called .. " (string expected, got table)", arbiter.profile, {})
raises("bad argument #2 to " .. called, arbiter.profile, "online", {})
raises("zero byte", arbiter.profile, "online\0x")
-- (parenthesised: LuaJIT names a C function in a tail call '?' and counts
-- self as an argument)
raises("bad argument #1 to 'get' (unknown field 'draw.nosuch')", function() return (blitz:get("draw.nosuch")) end)
raises("bad argument #1 to 'get' (string expected, got no value)", function() return (blitz:get()) end)
raises("arbiter.Game or event tokens expected, got number", function() return blitz:adjudicate(42) end)
raises("arbiter.Game or event tokens expected, got table", function() return blitz:adjudicate({}) end)
raises("arbiter.Game or event tokens expected, got no value", function() return blitz:adjudicate() end)
raises("FEN or arbiter.Position expected, got number", function() return blitz:adjudicate("e2e4", 42) end)
raises("a Game has its own start position", function() return p23:adjudicate(g1, K_ONLY) end)
raises("arbiter.Profile expected, got string", arbiter.Profile.__index.name, "online")
raises("arbiter.Profile expected", arbiter.Profile.__index.adjudicate, g1, "e2e4")

print(string.format("test_rules: %d scenarios (%d as expected failures), %s", rows, xfailed,
  CLI and ("compared with " .. cli) or "without the CLI"))
