// compare.mjs -- the chessops side of arbiter's differential test.
//
// Reads the JSON lines diffgen writes (one game each, see README.md) and
// replays every game with chessops, an independent rules library. At every
// position it compares the legal moves (UCI), the SAN of every legal move on
// the plies diffgen sampled, the X-FEN and Shredder-FEN, check, checkmate,
// stalemate, insufficient material, the repetition count and the automatic
// ending, and perft(3) where diffgen computed it. Each game's PGN goes both
// ways: arbiter's PGN read by chessops, and the PGN chessops writes read back
// by `arbiter pgn convert` (batched). Every mismatch is printed as a minimal
// reproduction (FEN + move + both answers); mismatches recorded in
// known_differences.tsv are counted apart and still checked. Exit status 1
// on any other mismatch.
//
// The few places where chessops and arbiter follow different but legitimate
// conventions are normalised by the functions marked "Convention N"; each is
// described in known_differences.md.
//
//   diffgen ... | node compare.mjs --arbiter build/arbiter [--tmp DIR]
//   diffgen --games 3 | node compare.mjs --arbiter build/arbiter --self-test

import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

import { Chess, normalizeMove } from 'chessops/chess';
import { perft } from 'chessops/debug';
import { makeFen, parseFen } from 'chessops/fen';
import { ChildNode, defaultHeaders, Node, makePgn, parsePgn, setStartingPosition, startingPosition } from 'chessops/pgn';
import { makeSan, makeSanVariation, parseSan } from 'chessops/san';
import { kingCastlesTo, makeSquare, parseUci, squareFile } from 'chessops/util';

const HERE = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------
// Command line

const args = {
  arbiter: join(HERE, '..', '..', 'build', 'arbiter'),
  diffgen: join(HERE, '..', '..', 'build', 'tests', 'diff', 'diffgen'),
  tmp: undefined,
  selfTest: false,
  maxPrint: 40,
  batch: 2000,
  jobs: Math.max(1, Math.min(4, availableParallelism())),
  known: join(HERE, 'known_differences.tsv'),
  input: '-',
};

function parseArgs() {
  for (let i = 2; i < process.argv.length; i++) {
    const a = process.argv[i];
    const value = () => {
      if (i + 1 >= process.argv.length) usage();
      return process.argv[++i];
    };
    const count = () => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) usage();
      return n;
    };
    if (a === '--arbiter') args.arbiter = value();
    else if (a === '--diffgen') args.diffgen = value();
    else if (a === '--tmp') args.tmp = value();
    else if (a === '--self-test') args.selfTest = true;
    else if (a === '--max-print') args.maxPrint = count();
    else if (a === '--batch') args.batch = Math.max(1, count());
    else if (a === '--jobs') args.jobs = count();
    else if (a === '--known') args.known = value();
    else if (a === '--input') args.input = value();
    else usage();
  }
}

function usage() {
  process.stderr.write(
    'usage: node compare.mjs [--arbiter PATH] [--diffgen PATH] [--tmp DIR] [--max-print N]\n'
      + '                        [--batch N] [--jobs N] [--known FILE] [--input FILE] [--self-test]\n'
      + 'Reads diffgen output (standard input by default) and compares it with chessops.\n'
      + '--jobs N: worker threads (default: the cores, at most 4; 0 = none)\n',
  );
  process.exit(2);
}

// ---------------------------------------------------------------------------
// Conventions (known_differences.md explains each)

// Convention 1: castling in UCI. chessops writes a castling move as king
// onto own rook in every mode; arbiter writes king onto rook in Chess960
// mode and king origin to king destination in standard mode (the UCI
// protocol's e1g1), except when the king moves less than two files.
function arbiterUci(pos, move, chess960) {
  let uci = makeSquare(move.from);
  const castling = pos.board.king.has(move.from) && pos.board[pos.turn].has(move.to);
  if (castling && !chess960) {
    const kingTo = kingCastlesTo(pos.turn, move.to > move.from ? 'h' : 'a');
    uci += makeSquare(Math.abs(squareFile(kingTo) - squareFile(move.from)) >= 2 ? kingTo : move.to);
  } else {
    uci += makeSquare(move.to);
  }
  if (move.promotion) uci += move.promotion === 'knight' ? 'n' : move.promotion[0];
  return uci;
}

// Convention 2: Shredder-FEN. chessops writes only X-FEN; the Shredder-FEN
// expected of arbiter is chessops' X-FEN with the castling field rewritten
// from chessops' castling rights (rook squares) as file letters, White's in
// upper case first, each side from the h-file to the a-file.
function shredderCastling(pos) {
  let white = '', black = '';
  for (let sq = 63; sq >= 0; sq--) {
    if (!pos.castles.castlingRights.has(sq)) continue;
    const file = 'abcdefgh'[squareFile(sq)];
    if (sq < 8) white += file.toUpperCase();
    else black += file;
  }
  return white + black || '-';
}

// Convention 3: repetition and automatic endings. chessops has neither; the
// comparator counts a position as repeated when chessops' EPD (placement,
// side to move, castling rights, and the e.p. square only when an e.p.
// capture is legal: FIDE 9.2) recurs, and derives the ending in arbiter's
// documented precedence: checkmate, stalemate, fivefold, 75 moves.
function expectedEnding(mate, stalemate, reps, halfmoves) {
  if (mate) return 'checkmate';
  if (stalemate) return 'stalemate';
  if (reps >= 5) return 'fivefold';
  if (halfmoves >= 150) return 'seventyfive';
  return '';
}

// ---------------------------------------------------------------------------
// Known differences: cases where chessops is wrong, each with its reason
// (known_differences.tsv). Columns: kind, FEN, move ('-' for none),
// arbiter's answer, chessops' answer, reason. A mismatch that matches a row
// exactly is "known" and does not fail the run. Every row is also
// reproduced at the start of each run (diffgen --fen on its position): if
// the two sides now agree, or answer otherwise, the run fails until the
// row is updated.

function loadKnown(path) {
  const rows = new Map();
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return rows;
  }
  text.split('\n').forEach((line, k) => {
    if (!line.trim() || line.startsWith('#') || line.startsWith('kind\t')) return;
    const cols = line.split('\t');
    if (cols.length !== 6) fail(`${path}:${k + 1}: expected 6 tab-separated columns, found ${cols.length}`);
    const [kind, fen, move, arbiter, chessops, reason] = cols;
    rows.set(`${kind}\t${fen}\t${move}`, { kind, fen, move, arbiter, chessops, reason, line: k + 1, seen: 0 });
  });
  return rows;
}

// 1 if mismatch m is a recorded known difference (and counts it).
function isKnown(m, known) {
  const row = known.get(`${m.kind}\t${m.fen}\t${m.move}`);
  if (!row || row.arbiter !== String(m.arbiter) || row.chessops !== String(m.chessops)) return false;
  row.seen++;
  return true;
}

// Reproduces every row; returns mismatches of kind 'known-stale' for the
// rows that no longer hold.
function recheckKnown(known, path) {
  const stale = [];
  for (const row of known.values()) {
    const m = { kind: row.kind, fen: row.fen, move: row.move };
    const why = text =>
      stale.push({ kind: 'known-stale', game: '-', seed: '-', ply: 0, fen: row.fen, move: row.move,
        arbiter: row.arbiter, chessops: row.chessops, note: `${path}:${row.line} (${row.kind}): ${text}` });
    if (row.kind.startsWith('pgn-')) continue; // needs its whole game: met by the games only
    const argv = ['--fen', row.fen];
    if (AFTER_MOVE.has(row.kind)) argv.push('--moves', row.move);
    const r = spawnSync(args.diffgen, argv, { encoding: 'utf8' });
    if (r.status !== 0) {
      why(`diffgen: ${(r.error ?? r.stderr).toString().trim()}`);
      continue;
    }
    const found = checkGame(JSON.parse(r.stdout)).mismatches
      .find(f => f.kind === m.kind && f.fen === m.fen && f.move === m.move);
    if (!found) why('arbiter and chessops now agree: remove the row');
    else if (String(found.arbiter) !== row.arbiter || String(found.chessops) !== row.chessops) {
      why(`the answers are now arbiter: ${found.arbiter}, chessops: ${found.chessops}`);
    }
  }
  return stale;
}

// ---------------------------------------------------------------------------
// One game

// The chessops position of a FEN, or an error string.
function fromFen(fen) {
  const setup = parseFen(fen);
  if (setup.isErr) return { error: `parseFen: ${setup.error.message}` };
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) return { error: `fromSetup: ${pos.error.message}` };
  return { pos: pos.value };
}

// chessops' legal moves as a map from arbiter's UCI to chessops' move.
function legalMoves(pos, ctx, chess960) {
  const map = new Map();
  for (const [from, dests] of pos.allDests(ctx)) {
    const pawn = pos.board.pawn.has(from);
    for (const to of dests) {
      if (pawn && (to < 8 || to >= 56)) {
        for (const promotion of ['queen', 'rook', 'bishop', 'knight']) {
          const move = { from, to, promotion };
          map.set(arbiterUci(pos, move, chess960), move);
        }
      } else {
        const move = { from, to };
        map.set(arbiterUci(pos, move, chess960), move);
      }
    }
  }
  return map;
}

// A move in arbiter's UCI (either castling form) as chessops' legal move,
// or undefined.
function uciMove(pos, uci) {
  const move = parseUci(uci);
  if (!move) return undefined;
  const legal = normalizeMove(pos, move);
  return pos.isLegal(legal) ? legal : undefined;
}

const sameMove = (a, b) => a && b && a.from === b.from && a.to === b.to && a.promotion === b.promotion;

// Where lists differ: what only one side has.
function listDiff(arb, ops) {
  const a = new Set(arb), o = new Set(ops);
  const onlyA = arb.filter(m => !o.has(m)), onlyO = ops.filter(m => !a.has(m));
  return `only arbiter: [${onlyA.join(' ')}]; only chessops: [${onlyO.join(' ')}]`;
}

// The FEN with its castling field replaced.
function withCastling(fen, castling) {
  const a = fen.indexOf(' ', fen.indexOf(' ') + 1), b = fen.indexOf(' ', a + 1);
  return fen.slice(0, a + 1) + castling + fen.slice(b);
}

// Checks one game; returns { mismatches, stats, reverse } where reverse is
// what the batched chessops-to-arbiter PGN check needs.
function checkGame(game) {
  const out = [];
  const stats = { plies: 0, positions: 0, sanLists: 0, sanMoves: 0, perft: 0, fenParse: 0, ...coverage() };
  const c960 = game.chess960 === 1;
  const plies = game.plies;
  const report = (kind, ply, fen, move, arbiter, chessops, note) => {
    const m = { kind, game: game.id, seed: game.seed, ply, fen, move, arbiter, chessops, note };
    // What depends on the game's history is reproduced from its start.
    if (kind === 'repetition' || kind === 'ending' || kind.startsWith('pgn-')) {
      const upto = kind.startsWith('pgn-') ? plies.length : ply;
      m.history = { start: plies[0].x, moves: plies.slice(0, upto).map(p => p.u).filter(Boolean).join(' ') };
    }
    out.push(m);
  };

  const first = fromFen(plies[0].x);
  if (first.error) {
    report('xfen-read', 0, plies[0].x, '-', 'valid', first.error);
    return { mismatches: out, stats, reverse: null };
  }
  let pos = first.pos;
  const start = pos.clone();
  const reps = new Map();
  const played = []; // chessops' moves, for its SAN and its PGN of the game
  let resynced = false;

  for (let i = 0; i < plies.length; i++) {
    const rec = plies[i];
    const prev = i > 0 ? plies[i - 1] : undefined;
    stats.positions++;

    // FEN after the previous move (or the start), both styles.
    let fen = makeFen(pos.toSetup());
    const fenAt = prev ? prev.x : rec.x;
    const moveAt = prev ? prev.u : '-';
    if (fen !== rec.x) report('xfen', i, fenAt, moveAt, rec.x, fen);
    const shredder = withCastling(fen, shredderCastling(pos));
    if (shredder !== (rec.s ?? rec.x)) report('shredder-fen', i, fenAt, moveAt, rec.s ?? rec.x, shredder);
    if (fen !== rec.x) {
      // Go on from arbiter's position so that one difference is reported once.
      const again = fromFen(rec.x);
      if (again.error) {
        report('xfen-read', i, rec.x, '-', 'valid', again.error);
        break;
      }
      pos = again.pos;
      fen = rec.x;
      resynced = true;
    }

    // Legal moves.
    const ctx = pos.ctx();
    const moves = legalMoves(pos, ctx, c960);
    const ours = [...moves.keys()].sort().join(' ');
    if (ours !== rec.m) {
      const theirs = rec.m === '' ? [] : rec.m.split(' ');
      report('legal-moves', i, rec.x, '-', theirs.length, moves.size, listDiff(theirs, ours ? ours.split(' ') : []));
    }

    // Check, mate, stalemate, insufficient material.
    const check = ctx.checkers.nonEmpty();
    const mate = check && moves.size === 0;
    const stalemate = !check && moves.size === 0;
    const flags = (check ? 'c' : '') + (mate ? 'm' : '') + (stalemate ? 's' : '')
      + (pos.isInsufficientMaterial() ? 'i' : '');
    if (flags !== rec.f) report('status', i, rec.x, '-', rec.f || '-', flags || '-', 'c check, m mate, s stalemate, i insufficient material');

    // Repetitions and the automatic ending.
    const key = fen.slice(0, nthSpace(fen, 4));
    const count = (reps.get(key) || 0) + 1;
    reps.set(key, count);
    if (count !== rec.r) report('repetition', i, rec.x, '-', rec.r, count);
    const ending = expectedEnding(mate, stalemate, count, pos.halfmoves);
    if (ending !== (rec.e ?? '')) report('ending', i, rec.x, '-', rec.e || '-', ending || '-');
    coverPosition(stats, fen, check, count, pos.halfmoves);

    // SAN of every legal move (sampled plies), and both FEN forms read back.
    if (rec.n !== undefined) checkSanList(pos, moves, rec, i, c960, stats, report);

    for (const color of ['white', 'black']) {
      const verdict = rec[color === 'white' ? 'vw' : 'vb'];
      if (verdict !== undefined) checkMateVerdict(pos, color, verdict, rec, c960, stats, report, i);
    }

    if (rec.p !== undefined) {
      stats.perft++;
      const nodes = perft(pos, 3);
      if (nodes !== rec.p) report('perft3', i, rec.x, '-', rec.p, nodes);
    }

    if (rec.u === undefined) break;
    const move = moves.get(rec.u);
    if (!move) {
      report('move-illegal', i, rec.x, rec.u, 'legal', 'not a legal move');
      const next = plies[i + 1] && fromFen(plies[i + 1].x);
      if (!next || next.error) break;
      pos = next.pos;
      resynced = true;
      continue;
    }
    countMove(stats, pos, move, c960);
    played.push(move);
    pos.play(move);
    stats.plies++;
  }

  checkArbiterPgn(game, report);
  if (resynced) return { mismatches: out, stats, reverse: null }; // no game for chessops to write

  // The SAN of each move played, as chessops writes a line (its
  // makeSanVariation: '+' by a check, '#' only on the last move, which is
  // the only one that can mate), against arbiter's.
  const sans = sanOfLine(start, played);
  sans.forEach((san, k) => {
    if (san !== plies[k].a) report('san', k, plies[k].x, plies[k].u, plies[k].a, san);
  });
  return { mismatches: out, stats, reverse: chessopsPgn(game, start, sans) };
}

// chessops' SAN of each move of a line from pos.
function sanOfLine(pos, moves) {
  if (!moves.length) return [];
  return makeSanVariation(pos, moves).split(' ').filter(t => !/^\d+\.(\.\.)?$/.test(t));
}

function checkSanList(pos, moves, rec, i, c960, stats, report) {
  stats.sanLists++;
  const sans = rec.n.split(' ');
  rec.m.split(' ').forEach((uci, k) => {
    const move = moves.get(uci);
    if (!move) return; // already reported as a legal-move difference
    stats.sanMoves++;
    const san = makeSan(pos, move);
    if (san !== sans[k]) {
      const back = parseSan(pos, sans[k]);
      const note = sameMove(back, move) ? 'chessops reads arbiter\'s SAN as this move'
        : `chessops reads arbiter's SAN as ${back ? arbiterUci(pos, back, c960) : 'no move'}`;
      report('san', i, rec.x, uci, sans[k], san, note);
    }
  });
  stats.fenParse++;
  for (const [kind, text] of [['xfen-read', rec.x], ['shredder-read', rec.s ?? rec.x]]) {
    const again = fromFen(text);
    const back = again.error ?? makeFen(again.pos.toSetup());
    if (back !== rec.x) report(kind, i, text, '-', rec.x, back);
  }
}

// "Can this side still checkmate?" chessops answers by a material rule
// (hasInsufficientMaterial: no pawns, rooks or queens and a lone knight
// against queens at most, or bishops of one colour against no pawns and no
// knights); arbiter by a search (arb_can_checkmate) that proves a win with
// a mating line, or proves there is none. Every line is replayed with
// chessops and must end in mate by that side: when chessops' rule says that
// side cannot mate, the line is a counterexample to it.
function checkMateVerdict(pos, color, verdict, rec, c960, stats, report, ply) {
  stats.mateQueries++;
  const insufficient = pos.hasInsufficientMaterial(color);
  if (verdict === '?') {
    stats.mateUndetermined++;
    return;
  }
  if (verdict === 'U') {
    stats[insufficient ? 'mateAgree' : 'mateArbiterOnly']++;
    return;
  }
  const line = rec[color === 'white' ? 'lw' : 'lb'];
  const replay = pos.clone();
  let moves = 0;
  for (const uci of line ? line.split(' ') : []) {
    const move = uciMove(replay, uci);
    if (!move) {
      report('mate-line', ply, rec.x, '-', `${color} mates: ${line}`, `${uci} is not legal after ${moves} moves`);
      return;
    }
    replay.play(move);
    moves++;
  }
  if (!replay.isCheckmate() || replay.turn === color) {
    report('mate-line', ply, rec.x, '-', `${color} mates: ${line}`, 'the line does not end in mate');
  } else if (insufficient) {
    report('cannot-mate', ply, rec.x, '-', `${color} can mate: ${line}`, `${color} has insufficient material`);
  } else {
    stats.mateLines++;
  }
}

// What the games covered: moves played and positions seen of each kind.
function coverage() {
  return { castles: 0, castles960: 0, epCaptures: 0, promotions: 0, underpromotions: 0, checks: 0,
    epSquares: 0, xfenFiles: 0, halfmove100: 0, repeated3: 0,
    mateQueries: 0, mateLines: 0, mateAgree: 0, mateArbiterOnly: 0, mateUndetermined: 0 };
}

function coverPosition(stats, fen, check, count, halfmoves) {
  const a = fen.indexOf(' ', fen.indexOf(' ') + 1), b = fen.indexOf(' ', a + 1), c = fen.indexOf(' ', b + 1);
  if (/[a-hA-H]/.test(fen.slice(a + 1, b))) stats.xfenFiles++;
  if (fen[b + 1] !== '-' && c === b + 3) stats.epSquares++;
  if (check) stats.checks++;
  if (count >= 3) stats.repeated3++;
  if (halfmoves >= 100) stats.halfmove100++;
}

function countMove(stats, pos, move, chess960) {
  if (pos.board.king.has(move.from) && pos.board[pos.turn].has(move.to)) {
    stats[chess960 ? 'castles960' : 'castles']++;
  } else if (pos.board.pawn.has(move.from)) {
    if (squareFile(move.from) !== squareFile(move.to) && !pos.board.occupied.has(move.to)) stats.epCaptures++;
    if (move.promotion) stats[move.promotion === 'queen' ? 'promotions' : 'underpromotions']++;
  }
}

// The index of the nth space of s (its length if fewer).
function nthSpace(s, n) {
  let at = -1;
  for (let k = 0; k < n; k++) {
    at = s.indexOf(' ', at + 1);
    if (at === -1) return s.length;
  }
  return at;
}

// arbiter's PGN read by chessops: the same start and the same moves.
function checkArbiterPgn(game, report) {
  const plies = game.plies;
  const games = parsePgn(game.pgn);
  if (games.length !== 1) {
    report('pgn-read', 0, plies[0].x, '-', '1 game', `${games.length} games`, pgnSnippet(game.pgn));
    return;
  }
  const headers = games[0].headers;
  const start = startingPosition(headers);
  if (start.isErr) {
    report('pgn-read', 0, plies[0].x, '-', 'a start position', start.error.message, pgnSnippet(game.pgn));
    return;
  }
  const pos = start.value;
  const fen = makeFen(pos.toSetup());
  if (fen !== plies[0].x) report('pgn-read', 0, plies[0].x, '-', plies[0].x, fen, 'start position');
  if ((headers.get('Result') ?? '') !== game.result) {
    report('pgn-read', 0, plies[0].x, '-', game.result, headers.get('Result'), 'Result tag');
  }
  let i = 0;
  for (const node of games[0].moves.mainlineNodes()) {
    const rec = plies[i];
    if (!rec || rec.u === undefined) {
      report('pgn-read', i, fen, node.data.san, 'end of game', 'more moves');
      return;
    }
    const move = parseSan(pos, node.data.san);
    const uci = move && arbiterUci(pos, move, game.chess960 === 1);
    if (uci !== rec.u) {
      report('pgn-read', i, rec.x, rec.u, node.data.san, uci ?? 'unreadable SAN');
      return;
    }
    pos.play(move);
    i++;
  }
  if (plies[i].u !== undefined) report('pgn-read', i, plies[i].x, plies[i].u, 'more moves', 'end of game');
}

function pgnSnippet(pgn) {
  return pgn.length > 300 ? pgn.slice(0, 300) + '...' : pgn;
}

// The game as chessops writes it (its own SAN, its FEN tag), with what
// arbiter must read back: the UCI moves and the final X-FEN.
function chessopsPgn(game, start, sans) {
  const headers = defaultHeaders();
  headers.set('Event', `diffgen ${game.seed}`);
  headers.set('Round', String(game.id));
  headers.set('Result', game.result);
  setStartingPosition(headers, start);
  // Convention 4: chessops names no variant for chess, Chess960 included; a
  // Chess960 game is marked the way lichess exports it, so that arbiter
  // reads it in Chess960 mode (castling as king onto rook in UCI).
  if (game.chess960 === 1) headers.set('Variant', 'Chess960');
  const root = { headers, moves: new Node() };
  let node = root.moves;
  for (const san of sans) {
    const child = new ChildNode({ san });
    node.children.push(child);
    node = child;
  }
  const plies = game.plies;
  return {
    id: game.id,
    seed: game.seed,
    pgn: makePgn(root),
    uci: plies.filter(p => p.u !== undefined).map(p => p.u).join(' '),
    fen: plies[plies.length - 1].x,
    startFen: plies[0].x,
  };
}

// ---------------------------------------------------------------------------
// chessops' PGN read back by arbiter, a batch at a time

function runArbiter(file, format) {
  const r = spawnSync(args.arbiter, ['pgn', 'convert', '--to', format, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (r.error || (r.status !== 0 && r.status !== 1)) {
    fail(`cannot run ${args.arbiter} pgn convert: ${r.error ?? r.stderr}`);
  }
  const bad = new Map();
  for (const line of r.stderr.split('\n')) {
    const m = line.match(/: game (\d+): (.*)$/);
    if (m) bad.set(Number(m[1]), m[2]);
  }
  return { lines: r.stdout.split('\n'), bad };
}

function checkReverse(batch, tmp) {
  const out = [];
  if (!batch.length) return out;
  const file = join(tmp, 'chessops.pgn');
  writeFileSync(file, batch.map(g => g.pgn).join('\n'));
  const uci = runArbiter(file, 'uci');
  const fen = runArbiter(file, 'fen');
  let line = 0;
  batch.forEach((g, k) => {
    const report = (arbiter, chessops, note) =>
      out.push({ kind: 'pgn-write', game: g.id, seed: g.seed, ply: 0, fen: g.startFen, move: '-', arbiter, chessops, note,
        history: { start: g.startFen, moves: g.uci } });
    const error = uci.bad.get(k + 1);
    if (error !== undefined) {
      report(error, 'a valid game', pgnSnippet(g.pgn));
      return;
    }
    const gotUci = uci.lines[line], gotFen = fen.lines[line];
    line++;
    if (gotUci !== g.uci) report(gotUci, g.uci, 'UCI moves of the game read back');
    if (gotFen !== g.fen) report(gotFen, g.fen, 'final FEN of the game read back');
  });
  return out;
}

// ---------------------------------------------------------------------------
// Reporting

function fail(message) {
  process.stderr.write(`compare.mjs: ${message}\n`);
  process.exit(2);
}

// The kinds whose FEN is the position before `move` and whose answers are
// about the position after it.
const AFTER_MOVE = new Set(['xfen', 'shredder-fen']);

// The diffgen arguments that reproduce a mismatch alone.
function reproduction(m) {
  const q = s => `'${s}'`;
  if (m.history) {
    return `--fen ${q(m.history.start)}` + (m.history.moves ? ` --moves ${q(m.history.moves)}` : '');
  }
  return `--fen ${q(m.fen)}` + (AFTER_MOVE.has(m.kind) ? ` --moves ${q(m.move)}` : '');
}

function formatMismatch(m) {
  const lines = [
    `MISMATCH ${m.kind}: game ${m.game} (seed ${m.seed}), ply ${m.ply}`,
    `  fen:      ${m.fen}`,
  ];
  if (m.move !== '-') lines.push(`  move:     ${m.move}`);
  lines.push(`  arbiter:  ${m.arbiter}`, `  chessops: ${m.chessops}`);
  if (m.note) lines.push(`  note:     ${m.note}`);
  lines.push(`  again:    ${args.diffgen} ${reproduction(m)} | node ${join(HERE, 'compare.mjs')} --arbiter ${args.arbiter}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// Self-test: every way of being wrong must be caught

// Each plant corrupts one game (a copy) and names the kind it must raise.
const PLANTS = [
  ['legal-moves', g => {
    const p = g.plies.find(p => p.m.includes(' '));
    p.m = p.m.split(' ').slice(1).join(' ');
    if (p.n !== undefined) p.n = p.n.split(' ').slice(1).join(' ');
  }],
  ['san', g => {
    const p = g.plies.find(p => p.n !== undefined);
    p.n = p.n.replace(/^(\S+)/, '$1+');
  }],
  ['san', g => {
    const p = g.plies.find(p => p.n === undefined && p.a !== undefined) ?? g.plies[0];
    p.a += '+';
  }],
  ['xfen', g => {
    const p = g.plies[1];
    p.x = p.x.replace(/ (\d+) (\d+)$/, (_, h, f) => ` ${Number(h) + 1} ${f}`);
  }],
  ['shredder-fen', g => {
    const p = g.plies[0];
    p.s = p.x.replace(/ [^ ]+ ([^ ]+ \d+ \d+)$/, ' - $1');
  }],
  ['status', g => {
    g.plies[0].f += 'c';
  }],
  ['status', g => {
    g.plies[0].f += 'i';
  }],
  ['repetition', g => {
    g.plies[0].r += 1;
  }],
  ['ending', g => {
    g.plies[0].e = 'fivefold';
  }],
  ['perft3', g => {
    g.plies[0].p = 1;
  }],
  ['pgn-read', g => {
    g.pgn = g.pgn.replace(/\s\S+\s+(1-0|0-1|1\/2-1\/2|\*)\s*$/, ' $1\n');
  }],
  ['mate-line', g => {
    const p = g.plies.find(p => p.lw || p.lb);
    if (!p) return false; // no mating line in this game
    if (p.lw) p.lw = p.lw.split(' ').slice(0, -1).join(' ');
    else p.lb = p.lb.split(' ').slice(0, -1).join(' ');
  }],
  ['pgn-write', null], // the chessops PGN is spoiled before arbiter reads it
];

async function selfTest(games, tmp) {
  let planted = 0, caught = 0;
  for (const game of games) {
    const clean = checkGame(game);
    const reverse = checkReverse(clean.reverse ? [clean.reverse] : [], tmp);
    const found = [...clean.mismatches, ...reverse];
    if (found.length) {
      for (const m of found) console.log(formatMismatch(m));
      fail(`self-test: game ${game.id} has mismatches before any plant`);
    }
    for (const [kind, plant] of PLANTS) {
      planted++;
      let kinds;
      if (plant) {
        const copy = structuredClone(game);
        if (plant(copy) === false) {
          planted--; // does not apply to this game
          continue;
        }
        kinds = checkGame(copy).mismatches.map(m => m.kind);
      } else {
        const r = { ...clean.reverse };
        r.pgn = r.pgn.replace(/(\n\n)1\. (\S+)/, '$11. Ke4');
        kinds = checkReverse([r], tmp).map(m => m.kind);
      }
      if (kinds.includes(kind)) caught++;
      else console.log(`self-test: game ${game.id}: plant '${kind}' not caught (got: ${kinds.join(', ') || 'nothing'})`);
    }
  }
  // The known-differences machinery: a recorded row is recognised, and a
  // row that does not reproduce is reported stale.
  const fake = { kind: 'san', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', move: 'e2e4' };
  const known = new Map([[`${fake.kind}\t${fake.fen}\t${fake.move}`,
    { ...fake, arbiter: 'e4', chessops: 'e4!', reason: 'self-test', line: 1, seen: 0 }]]);
  planted += 2;
  if (isKnown({ ...fake, arbiter: 'e4', chessops: 'e4!' }, known)) caught++;
  else console.log('self-test: a recorded known difference was not recognised');
  const stale = recheckKnown(known, '(self-test)');
  if (stale.length === 1 && stale[0].kind === 'known-stale') caught++;
  else console.log(`self-test: a known difference that does not reproduce was not reported (${stale.length})`);
  console.log(`self-test: ${caught} of ${planted} planted mismatches caught in ${games.length} games`);
  return caught === planted && planted > 0;
}

// ---------------------------------------------------------------------------
// Main loop

// The games are checked by worker threads, a chunk of lines at a time; the
// results are taken in input order, so the output does not depend on --jobs.
const CHUNK = 16;

function checkLines(lines) {
  return lines.map(line => {
    const game = JSON.parse(line);
    return { start: game.start, end: game.end, ...checkGame(game) };
  });
}

class Pool {
  constructor(jobs) {
    this.workers = [];
    this.pending = new Map(); // seq -> results, waiting for their turn
    this.sent = 0;
    this.next = 0;
    this.wake = null;
    for (let k = 0; k < jobs; k++) {
      const w = new Worker(new URL(import.meta.url));
      w.busy = 0;
      w.on('message', ({ seq, results }) => {
        w.busy--;
        this.pending.set(seq, results);
        if (this.wake) this.wake();
      });
      w.on('error', e => fail(`worker: ${e.stack ?? e}`));
      this.workers.push(w);
    }
  }

  // Hands a chunk to the least busy worker; waits while all are full.
  async send(lines, take) {
    for (;;) {
      this.drain(take);
      const w = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
      if (w.busy < 4) {
        w.busy++;
        w.postMessage({ seq: this.sent++, lines });
        return;
      }
      await new Promise(resolve => (this.wake = resolve));
    }
  }

  // Takes the results that are next in order.
  drain(take) {
    while (this.pending.has(this.next)) {
      take(this.pending.get(this.next));
      this.pending.delete(this.next++);
    }
  }

  async finish(take) {
    while (this.next < this.sent) {
      this.drain(take);
      if (this.next < this.sent) await new Promise(resolve => (this.wake = resolve));
    }
    for (const w of this.workers) await w.terminate();
  }
}

async function main() {
  parseArgs();
  const t0 = Date.now();
  const known = loadKnown(args.known);
  const tmp = args.tmp ?? mkdtempSync(join(tmpdir(), 'arbiter-diff-'));
  const input = args.input === '-' ? process.stdin : createReadStream(args.input);
  const rl = createInterface({ input, crlfDelay: Infinity });

  if (args.selfTest) {
    const games = [];
    for await (const line of rl) if (line) games.push(JSON.parse(line));
    const ok = await selfTest(games, tmp);
    if (!args.tmp) rmSync(tmp, { recursive: true, force: true });
    process.exit(ok ? 0 : 1);
  }

  const totals = { games: 0, plies: 0, positions: 0, sanLists: 0, sanMoves: 0, perft: 0, fenParse: 0, pgnRead: 0, pgnWrite: 0,
    ...coverage() };
  const byKind = new Map(), knownByKind = new Map();
  const starts = new Map(), ends = new Map();
  let printed = 0, unexplained = 0;
  let batch = [];

  const handle = mismatches => {
    for (const m of mismatches) {
      if (isKnown(m, known)) {
        knownByKind.set(m.kind, (knownByKind.get(m.kind) || 0) + 1);
        continue;
      }
      unexplained++;
      byKind.set(m.kind, (byKind.get(m.kind) || 0) + 1);
      if (printed++ < args.maxPrint) console.log(formatMismatch(m));
    }
  };
  const flush = () => {
    totals.pgnWrite += batch.length;
    handle(checkReverse(batch, tmp));
    batch = [];
  };
  const take = results => {
    for (const r of results) {
      totals.games++;
      totals.pgnRead++;
      for (const k of Object.keys(r.stats)) totals[k] += r.stats[k];
      starts.set(r.start, (starts.get(r.start) || 0) + 1);
      ends.set(r.end, (ends.get(r.end) || 0) + 1);
      handle(r.mismatches);
      if (r.reverse) batch.push(r.reverse);
    }
    if (batch.length >= args.batch) flush();
  };

  handle(recheckKnown(known, args.known));
  const pool = args.jobs > 0 ? new Pool(args.jobs) : null;
  let chunk = [];
  for await (const line of rl) {
    if (!line) continue;
    chunk.push(line);
    if (chunk.length < CHUNK) continue;
    if (pool) await pool.send(chunk, take);
    else take(checkLines(chunk));
    chunk = [];
  }
  if (chunk.length) {
    if (pool) await pool.send(chunk, take);
    else take(checkLines(chunk));
  }
  if (pool) await pool.finish(take);
  flush();
  if (!args.tmp) rmSync(tmp, { recursive: true, force: true });

  const seconds = (Date.now() - t0) / 1000;
  const list = m => [...m].map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  console.log(`games: ${totals.games} (${list(starts)}); endings: ${list(ends)}`);
  console.log(`positions compared: ${totals.positions}, moves played: ${totals.plies}`);
  console.log(`SAN lists: ${totals.sanLists} positions (${totals.sanMoves} moves), FEN read back: ${totals.fenParse}, perft(3): ${totals.perft}`);
  const t = totals;
  console.log(`moves played: castling ${t.castles} standard + ${t.castles960} Chess960, e.p. ${t.epCaptures}, `
    + `promotions ${t.promotions} + ${t.underpromotions} under`);
  console.log(`positions: in check ${t.checks}, with an e.p. square ${t.epSquares}, X-FEN castling by file `
    + `${t.xfenFiles}, half-move clock >= 100 ${t.halfmove100}, repeated 3+ times ${t.repeated3}`);
  console.log(`can-mate analysis (sides with minor pieces only): ${t.mateQueries} queries; `
    + `${t.mateLines} mating lines replayed to mate; unwinnable: ${t.mateAgree} also by chessops' rule, `
    + `${t.mateArbiterOnly} beyond it; ${t.mateUndetermined} undetermined`);
  console.log(`PGN: ${totals.pgnRead} read by chessops, ${totals.pgnWrite} written by chessops and read by arbiter`);
  console.log(`known differences: ${known.size} recorded, met: ${list(knownByKind)}`);
  console.log(`mismatches: ${unexplained}${unexplained ? ` (${list(byKind)})` : ''}${printed > args.maxPrint ? `, ${printed - args.maxPrint} not printed` : ''}`);
  console.log(`time: ${seconds.toFixed(1)} s`);
  if (totals.games === 0) fail('no games read');
  process.exit(unexplained ? 1 : 0);
}

if (isMainThread) {
  await main();
} else {
  parentPort.on('message', ({ seq, lines }) => parentPort.postMessage({ seq, results: checkLines(lines) }));
}
