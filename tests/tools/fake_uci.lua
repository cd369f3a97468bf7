--[[
fake_uci.lua -- a scripted fake UCI chess engine that misbehaves on demand,
for the tests of `arbiter match` (the UCI engine runner). It plays legal
moves chosen without search (first, pseudo-random or a capture), answers
`go` at once, and can crash, hang, sleep, send garbage or illegal moves at a
chosen `go` or command, so that every failure the runner must handle can be
produced on purpose and reproduced exactly (no clock, no math.random).

  build/arbiter run tests/tools/fake_uci.lua [KEY=VALUE | FLAG]...

N counts this engine's own `go` commands since the process started (from 1);
where N is asked for, `all` (or `always`) means every `go`. Keys that take N
may be repeated for different N (sleep=2:100 sleep=5:3000). A bad or unknown
argument is an error: the message on stderr, exit status 2.

  name=NAME        `id name NAME` (default "fake")
  noid             omit the `id name` line
  no960            do not offer the UCI_Chess960 option
  play=first|random|capture
                   first: the first legal move in sorted UCI text (the
                   default without seed); random: pseudo-random (the default
                   with seed); capture: a mate in one if there is one, else a
                   capture, else any move (each picked as random does with
                   seed, else the first): games end sooner
  seed=N           the generator's seed (default 0): a Park-Miller LCG seeded
                   by N and the position's ply, the same on Lua 5.4 and LuaJIT
  score=CP         `score cp CP` in every info line (default 0)
  mate=N           `score mate N` instead
  illegal=N[:TEXT] at go N, `bestmove TEXT`; without TEXT a well-formed UCI
                   move that is not legal here: the first own piece onto an
                   own piece (a1b1 from the start), checked with the library
  crash=N | crash=uci
                   at go N (or at `uci`), exit with status 3 without a word
  hang=N | hang=uci | hang=ready
                   at go N never answer; at `uci` send the id and option
                   lines but never `uciok`; at `isready` never `readyok`.
                   From then on every line is read, logged and ignored (stop,
                   isready and quit too); exit 0 only at EOF, or when killed
  sleep=N:MS       at go N, sleep MS milliseconds before answering (an
                   external `sleep`, no busy wait; `stop` does not cut it)
  slowstart=MS     sleep MS milliseconds before answering `uci`
  garbage=N        at go N, first send lines that are not UCI (raw bytes, an
                   empty line, a nonsense `info`, `bestmovex e2e4`, 5000
                   characters), then answer normally
  badmove=N:TEXT   at go N, `bestmove TEXT` as given (0000, (none), zz)
  wrongcastle      castle in the other notation: in Chess960 mode the king's
                   move to its destination (e1g1), in standard mode king takes
                   rook (e1h1); no change where the two coincide (king b1 and
                   rook g1; a king that moves one file or none)
  quitafter=G      exit 0 on `ucinewgame` number G+1 (G games played)
  log=PATH         append every line read ("< " LINE) and sent ("> " LINE)

Protocol: uci, setoption (UCI_Chess960 true|false switches the notation;
Hash is accepted and ignored), isready, ucinewgame, position startpos|fen
FEN [moves M...], go [wtime btime winc binc movestogo nodes depth movetime
infinite ponder searchmoves M...] (the limits are ignored; searchmoves,
last, restricts the move chosen), stop, ponderhit, quit. `go`
answers `info depth 1 score ... nodes 1 pv M` and `bestmove M` at once
(without pv when the answer is scripted), except `go infinite` and `go
ponder`, whose bestmove waits for `stop` or `ponderhit`. Unknown commands
are ignored; quit and EOF exit 0.

The position is set up at `go`, in the notation mode of that moment: X-FEN
castling letters are read the Chess960 way when UCI_Chess960 is true,
Shredder-FEN always. Moves after `moves` must be UCI; castling is read both
as king takes rook and as the king's move to its destination (where that is
not also a plain king move) in either mode. At the first move that is not
legal the rest are dropped, and at a bad FEN the answer is `bestmove 0000`;
either way an `info string` line says why. With no legal move the answer is
`info depth 0 score mate 0` (or `cp 0` for stalemate) and `bestmove 0000`.
Precedence at one go: crash, hang, sleep, garbage, then badmove over illegal
over the chosen move.
]]

local arbiter = require "arbiter"

io.stdout:setvbuf("line")

local PROG = "fake_uci"

local config = {
	name = "fake",
	noid = false,
	no960 = false,
	play = nil, -- nil: "random" with a seed, else "first"
	seed = nil,
	score = 0,
	mate = nil,
	wrongcastle = false,
	slowstart = 0,
	quitafter = nil,
	log = nil, -- the open log file
	at_uci = nil, -- "crash" or "hang"
	hang_ready = false,
	-- per go: key -> {[N] = value, all = value}
	go = { illegal = {}, crash = {}, hang = {}, sleep = {}, garbage = {}, badmove = {} },
}

local state = {
	gos = 0, -- go commands so far
	games = 0, -- ucinewgame commands so far
	chess960 = false, -- UCI_Chess960
	position = { "startpos" }, -- the last position command's tokens
	pending = nil, -- the bestmove line held back by go infinite / go ponder
}

-- ------------------------------------------------------------------------
-- Arguments
-- ------------------------------------------------------------------------

local function usage_error(fmt, ...)
	io.stderr:write(PROG, ": ", string.format(fmt, ...), "\n")
	os.exit(2)
end

-- An integer written in decimal, at least min.
local function whole(text, what, min)
	local n = text and text:match("^-?%d+$") and tonumber(text)
	if not n or n < min or n > 2 ^ 53 then
		usage_error("%s: '%s' is not a whole number of at least %d", what, tostring(text), min)
	end
	return n
end

-- "N" or "all"/"always" -> the go number, or "all".
local function which_go(text, key)
	if text == "all" or text == "always" then
		return "all"
	end
	return whole(text, key, 1)
end

-- key=WHEN[:VALUE]: records value (or true) for the go WHEN; need says
-- whether VALUE is required ("yes"), optional ("maybe") or refused ("no").
local function schedule(key, text, need)
	local when, value = text:match("^([^:]*):(.*)$")
	if not when then
		when = text
	end
	if need == "yes" and not value then
		usage_error("%s=%s: expected %s=N:VALUE", key, text, key)
	elseif need == "no" and value then
		usage_error("%s=%s: expected %s=N", key, text, key)
	end
	if key == "sleep" then
		value = whole(value, "sleep milliseconds", 0)
	end
	config.go[key][which_go(when, key)] = value or true
end

local function open_log(path)
	local f, msg = io.open(path, "a")
	if not f then
		usage_error("log: %s", msg)
	end
	config.log = f
end

local plays = { first = true, random = true, capture = true }

local setters = {
	name = function(v) config.name = v end,
	play = function(v)
		if not plays[v] then
			usage_error("play=%s: expected first, random or capture", v)
		end
		config.play = v
	end,
	seed = function(v) config.seed = whole(v, "seed", 0) end,
	score = function(v) config.score = whole(v, "score", -100000) end,
	mate = function(v) config.mate = whole(v, "mate", -1000) end,
	illegal = function(v) schedule("illegal", v, "maybe") end,
	badmove = function(v) schedule("badmove", v, "yes") end,
	sleep = function(v) schedule("sleep", v, "yes") end,
	garbage = function(v) schedule("garbage", v, "no") end,
	crash = function(v)
		if v == "uci" then
			config.at_uci = "crash"
		else
			schedule("crash", v, "no")
		end
	end,
	hang = function(v)
		if v == "uci" then
			config.at_uci = "hang"
		elseif v == "ready" then
			config.hang_ready = true
		else
			schedule("hang", v, "no")
		end
	end,
	slowstart = function(v) config.slowstart = whole(v, "slowstart", 0) end,
	quitafter = function(v) config.quitafter = whole(v, "quitafter", 0) end,
	log = open_log,
}

local flags = {
	noid = function() config.noid = true end,
	no960 = function() config.no960 = true end,
	wrongcastle = function() config.wrongcastle = true end,
}

local function parse_args()
	for i = 1, #arg do
		local key, value = arg[i]:match("^([%w_]+)=(.*)$")
		if key and setters[key] then
			setters[key](value)
		elseif flags[arg[i]] then
			flags[arg[i]]()
		else
			usage_error("unknown argument '%s' (see the comment at the top of this script)", arg[i])
		end
	end
	if not config.play then
		config.play = config.seed and "random" or "first"
	end
end

-- ------------------------------------------------------------------------
-- Input and output
-- ------------------------------------------------------------------------

local function note(line)
	if config.log then
		config.log:write(line, "\n")
		config.log:flush()
	end
end

local function send(line)
	io.stdout:write(line, "\n")
	io.stdout:flush()
	note("> " .. line)
end

-- The next line of stdin without its line end, or nil at EOF.
local function receive()
	local line = io.stdin:read("l")
	if line then
		line = line:gsub("\r$", "")
		note("< " .. line)
	end
	return line
end

-- Never answers again: reads (and logs) to EOF, then exits 0.
local function hang()
	while receive() do
	end
	os.exit(0)
end

-- The shell execs the sleep with its streams on /dev/null, so that neither
-- holds the runner's pipes open: a runner that kills us mid-sleep and reads
-- to EOF would otherwise wait for the orphaned sleep.
local function nap(ms)
	if ms > 0 then
		os.execute(string.format("exec sleep %.3f </dev/null >/dev/null 2>&1", ms / 1000))
	end
end

-- The value scheduled for key at go n, or nil.
local function at(key, n)
	local s = config.go[key]
	if s[n] ~= nil then
		return s[n]
	end
	return s.all
end

local function split(line)
	local t = {}
	for word in line:gmatch("%S+") do
		t[#t + 1] = word
	end
	return t
end

-- ------------------------------------------------------------------------
-- Positions and moves
-- ------------------------------------------------------------------------

local function is_uci_text(s)
	return s:match("^[a-h][1-8][a-h][1-8][nbrq]?$") ~= nil
end

-- The position of the tokens after `position`: pos (nil if the FEN is bad)
-- and a warning (nil if all is well).
local function build_position(tokens)
	local mode = state.chess960 and "chess960" or "auto"
	local i, fen = 2, nil
	if tokens[1] == "fen" then
		local fields = {}
		while tokens[i] and tokens[i] ~= "moves" do
			fields[#fields + 1] = tokens[i]
			i = i + 1
		end
		fen = table.concat(fields, " ")
	elseif tokens[1] ~= "startpos" then
		return nil, "position: expected startpos or fen"
	end
	local pos, msg = arbiter.position(fen, mode)
	if not pos then
		return nil, "position: bad FEN: " .. msg
	end
	if tokens[i] ~= "moves" then
		return pos, tokens[i] and ("position: ignored from '" .. tokens[i] .. "'") or nil
	end
	for j = i + 1, #tokens do
		local ok, why = is_uci_text(tokens[j]), "'" .. tokens[j] .. "' is not a UCI move"
		if ok then
			ok, why = pos:play(tokens[j])
		end
		if not ok then
			return pos, "position: move " .. (j - i) .. ": " .. why
		end
	end
	return pos, nil
end

local function file_of(square)
	return square:byte(1) - ("a"):byte(1)
end

-- A castling (a Move) written king takes rook and king to destination.
-- Move:uci() follows the Position's notation mode, which is not always this
-- engine's (a Chess960 FEN read while UCI_Chess960 is false is in Chess960
-- mode, and Lua cannot switch the mode of a Position), so both are built here.
local function castle_texts(m)
	local from, to = m:from(), m:to()
	local dest = (file_of(to) > file_of(from) and "g" or "c") .. from:sub(2, 2)
	return from .. to, from .. dest
end

-- The text this engine sends for m: UCI in the engine's mode (wrongcastle:
-- in the other one). A king that moves less than two files is always
-- written onto its rook, as the library does in standard mode: king to
-- destination would read as a plain king move (or no move at all).
local function move_text(m)
	if m:kind() ~= "castling" then
		return m:uci()
	end
	local onto_rook, to_dest = castle_texts(m)
	if math.abs(file_of(to_dest:sub(3, 4)) - file_of(m:from())) < 2 then
		return onto_rook
	end
	local rook_form = state.chess960 ~= config.wrongcastle
	return rook_form and onto_rook or to_dest
end

-- The legal moves as {move = Move, text = what we send}, sorted by text.
local function candidates(pos)
	local list = {}
	for _, m in ipairs(pos:moves()) do
		list[#list + 1] = { move = m, text = move_text(m) }
	end
	table.sort(list, function(a, b) return a.text < b.text end)
	return list
end

local function is_capture(pos, m)
	local kind = m:kind()
	return kind == "en_passant" or (kind ~= "castling" and pos:piece_at(m:to()) ~= nil)
end

local function mates(pos, m)
	local after = pos:copy()
	after:play(m)
	return after:is_checkmate()
end

-- The candidates that satisfy test(pos, move).
local function filter(pos, list, test)
	local out = {}
	for _, c in ipairs(list) do
		if test(pos, c.move) then
			out[#out + 1] = c
		end
	end
	return out
end

-- Park-Miller's minimal standard generator (x * 48271 mod 2^31 - 1): every
-- product stays below 2^47, exact in LuaJIT's doubles as in Lua's integers.
local LCG_M = 2147483647

local function step(x)
	x = x % LCG_M
	if x == 0 then
		x = 1
	end
	return x * 48271 % LCG_M
end

-- A number in 1..n from the seed and the ply: the seed and the ply are
-- mixed in one after the other, and the draw takes the high part of the
-- state (the low part of a Lehmer generator is the weak one).
local function pick(seed, ply, n)
	local x = step(step(seed % LCG_M + 1) + ply * 7919)
	x = step(step(x))
	return math.floor(x * n / LCG_M) + 1
end

local function ply_of(pos)
	return (pos:fullmove_number() - 1) * 2 + (pos:side_to_move() == "black" and 1 or 0)
end

-- The candidate this engine plays, or nil when there is no legal move;
-- only among `only` (a set of UCI texts, from go searchmoves) when given.
local function choose(pos, only)
	local list = candidates(pos)
	if only then
		list = filter(pos, list, function(_, m) return only[m:uci()] or only[move_text(m)] end)
	end
	if config.play == "capture" then
		local best = filter(pos, list, mates)
		if #best == 0 then
			best = filter(pos, list, is_capture)
		end
		if #best > 0 then
			list = best
		end
	end
	if #list == 0 then
		return nil
	end
	local random = config.play == "random" or (config.play == "capture" and config.seed)
	if not random then
		return list[1]
	end
	return list[pick(config.seed or 0, ply_of(pos), #list)]
end

local function square_name(i)
	return string.char(("a"):byte(1) + i % 8) .. tostring(math.floor(i / 8) + 1)
end

local function own(pos, square)
	local p = pos:piece_at(square)
	if not p then
		return false
	end
	return (p == p:upper()) == (pos:side_to_move() == "white")
end

-- The first move from f (an own piece) that is well-formed UCI but not
-- legal: onto an own piece, or with onto_own false onto any square. Each is
-- checked with Position:move, since king onto own rook is legal castling.
local function illegal_from(pos, f, onto_own)
	for to = 0, 63 do
		local t = square_name(to)
		if t ~= f and (not onto_own or own(pos, t)) and not pos:move(f .. t) then
			return f .. t
		end
	end
	return nil
end

-- A well-formed UCI move that is not legal in pos, own piece onto own piece
-- where there is one.
local function illegal_text(pos)
	for _, onto_own in ipairs({ true, false }) do
		for from = 0, 63 do
			local f = square_name(from)
			local text = own(pos, f) and illegal_from(pos, f, onto_own)
			if text then
				return text
			end
		end
	end
	return "a2a5" -- not reached: the side to move has a king
end

-- ------------------------------------------------------------------------
-- Misbehaviour
-- ------------------------------------------------------------------------

-- Bytes that are no UCI: none is a line end, and high bytes are not UTF-8.
local function raw_bytes(n)
	local out, x = {}, n
	for i = 1, 40 do
		x = step(x + i)
		local b = x % 253 + 3 -- 3..255
		if b == 10 or b == 13 then
			b = b + 1
		end
		out[i] = string.char(b)
	end
	return table.concat(out)
end

local function garbage(n)
	send(raw_bytes(n))
	send("")
	send("info depth banana score cp pv zz9 nodes -1 seldepth")
	send("info score mate")
	send("bestmovex e2e4")
	send(string.rep("garbage ", 625)) -- 5000 characters
end

-- ------------------------------------------------------------------------
-- Commands
-- ------------------------------------------------------------------------

local function info(pv)
	local score = config.mate and string.format("mate %d", config.mate)
		or string.format("cp %d", config.score)
	return "info depth 1 score " .. score .. " nodes 1" .. (pv and " pv " .. pv or "")
end

-- The bestmove text for go n and the info line before it.
local function decide(n, only)
	local bad = at("badmove", n)
	if bad then
		return bad, info(nil)
	end
	local pos, warning = build_position(state.position)
	if warning then
		send("info string " .. PROG .. ": " .. warning)
	end
	if not pos then
		return "0000", info(nil)
	end
	local illegal = at("illegal", n)
	if illegal then
		return illegal == true and illegal_text(pos) or illegal, info(nil)
	end
	local c = choose(pos, only)
	if not c then
		return "0000", pos:is_checkmate() and "info depth 0 score mate 0" or "info depth 0 score cp 0"
	end
	return c.text, info(c.text)
end

local function on_go(tokens)
	state.gos = state.gos + 1
	local n = state.gos
	if at("crash", n) then
		os.exit(3)
	end
	if at("hang", n) then
		hang()
	end
	nap(at("sleep", n) or 0)
	if at("garbage", n) then
		garbage(n)
	end
	local only
	for i, word in ipairs(tokens) do
		if word == "searchmoves" then
			only = {}
			for j = i + 1, #tokens do
				only[tokens[j]] = true
			end
		end
	end
	local best, line = decide(n, only)
	send(line)
	for _, word in ipairs(tokens) do
		if word == "infinite" or word == "ponder" then
			state.pending = "bestmove " .. best
			return
		end
	end
	send("bestmove " .. best)
end

-- stop and ponderhit: the held-back bestmove, if any.
local function on_stop()
	if state.pending then
		send(state.pending)
		state.pending = nil
	end
end

local function on_uci()
	if config.at_uci == "crash" then
		os.exit(3)
	end
	nap(config.slowstart)
	if not config.noid then
		send("id name " .. config.name)
	end
	send("id author arbiter tests")
	if not config.no960 then
		send("option name UCI_Chess960 type check default false")
	end
	send("option name Hash type spin default 16 min 1 max 1024")
	if config.at_uci == "hang" then
		hang()
	end
	send("uciok")
end

local function on_isready()
	if config.hang_ready then
		hang()
	end
	send("readyok")
end

-- setoption name NAME [value VALUE]: NAME and VALUE may hold spaces.
local function on_setoption(tokens)
	local line = table.concat(tokens, " ", 2)
	local name, value = line:match("^name (.-) value (.*)$")
	if not name then
		name = line:match("^name (.*)$")
	end
	if name and name:lower() == "uci_chess960" then
		state.chess960 = value ~= nil and value:lower() == "true"
	end
end

local function on_ucinewgame()
	state.games = state.games + 1
	if config.quitafter and state.games > config.quitafter then
		os.exit(0)
	end
end

local function on_position(tokens)
	local rest = {}
	for i = 2, #tokens do
		rest[#rest + 1] = tokens[i]
	end
	state.position = rest
end

local commands = {
	uci = on_uci,
	isready = on_isready,
	setoption = on_setoption,
	ucinewgame = on_ucinewgame,
	position = on_position,
	go = on_go,
	stop = on_stop,
	ponderhit = on_stop,
	quit = function() os.exit(0) end,
}

parse_args()
while true do
	local line = receive()
	if not line then
		break
	end
	local tokens = split(line)
	local command = tokens[1] and commands[tokens[1]]
	if command then
		command(tokens)
	end
end
os.exit(0)
