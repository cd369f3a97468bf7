-- missed_threefold.lua: games in which a draw by threefold repetition could
-- have been claimed but play went on.
--
-- Replays the main line of every game in a PGN file and counts how often each
-- position has occurred. Positions are the same under FIDE 9.2: the same
-- placement, side to move, castling rights and e.p. possibility (pos:key()
-- buckets them, pos1 == pos2 confirms). The player to move may claim
--   * FIDE 9.2.2: the position has just occurred for the third time, or
--   * FIDE 9.2.1: a move he writes down would make its resulting position
--     occur for the third time.
-- A chance is missed when the game went on after it: more plies follow, or
-- the game ended in a result that is not a draw. When the move that could
-- have been written down was played, the chance is reported at the next ply,
-- where the position stands on the board for the third time. For each game
-- with a missed chance the first one is printed:
--     game N: White - Black, ply P: could claim (position occurred 3 times)
--     game N: White - Black, ply P: could claim with SAN
-- where P is the number of plies played when the claim could be made. A
-- summary line ends the output: "N games, M with a missed threefold claim".
-- Broken games are skipped (counted on stderr).
--
-- usage: arbiter run examples/missed_threefold.lua FILE.pgn   ("-": stdin)
local arbiter = require "arbiter"

local path = arg[1]
if not path then
  io.stderr:write("usage: arbiter run missed_threefold.lua FILE.pgn\n")
  os.exit(2)
end

-- Occurrence counts of one game: buckets maps a key to an array of
-- {pos = Position, n = count}; repeated counts entries seen twice or more.
local function new_counter()
  return {buckets = {}, repeated = 0}
end

local function find(counter, pos)
  local bucket = counter.buckets[pos:key()]
  if bucket then
    for _, e in ipairs(bucket) do
      if e.pos == pos then return e end
    end
  end
  return nil
end

-- Records one more occurrence of pos and returns its count.
local function record(counter, pos)
  local e = find(counter, pos)
  if not e then
    local key = pos:key()
    local bucket = counter.buckets[key]
    if not bucket then
      bucket = {}
      counter.buckets[key] = bucket
    end
    e = {pos = pos, n = 0}
    bucket[#bucket + 1] = e
  end
  e.n = e.n + 1
  if e.n == 2 then counter.repeated = counter.repeated + 1 end
  return e.n
end

-- The moves of pos (SAN) whose resulting position has occurred twice
-- already: a set {san = true} and the first of them in generation order.
local function claiming_moves(counter, pos)
  local set, first = {}, nil
  if counter.repeated == 0 then return set, nil end -- nothing occurred twice
  for _, m in ipairs(pos:moves()) do
    local after = pos:copy()
    assert(after:play(m))
    local e = find(counter, after)
    if e and e.n >= 2 then
      local san = m:san()
      set[san] = true
      first = first or san
    end
    after:close()
  end
  return set, first
end

-- The first missed claim of a game: ply, text; or nil.
local function first_missed(game)
  local plies = game:ply_count()
  local drawn = game:result() == "1/2-1/2"
  local played = game:san_moves() -- played[p + 1]: the move made at ply p
  local counter = new_counter()
  for ply, pos in game:positions() do
    local went_on = ply < plies or not drawn
    -- FIDE 9.2.2: the position has just appeared for the third time.
    if record(counter, pos) >= 3 and went_on then
      return ply, "could claim (position occurred 3 times)"
    end
    -- FIDE 9.2.1: a written move would make a position appear a third time.
    -- When that move was played, the repetition is on the board at the next
    -- ply and is reported there if play went on after it.
    local set, first = claiming_moves(counter, pos)
    if first and not set[played[ply + 1]] and went_on then
      return ply, "could claim with " .. first
    end
  end
  return nil
end

local reader, msg = arbiter.pgn.open(path)
if not reader then
  io.stderr:write("missed_threefold: ", msg, "\n")
  os.exit(1)
end

local games, missed = 0, 0
for game in reader do
  games = games + 1
  local ply, text = first_missed(game)
  if ply then
    missed = missed + 1
    print(("game %d: %s - %s, ply %d: %s"):format(game:number(),
      game:tag("White") or "?", game:tag("Black") or "?", ply, text))
  end
end
if reader:error_count() > 0 then
  io.stderr:write(("missed_threefold: %d broken games skipped\n"):format(reader:error_count()))
end
print(("%d games, %d with a missed threefold claim"):format(games, missed))
