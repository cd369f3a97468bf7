#!/usr/bin/env python3
"""swiss_random.py -- seeded random Swiss tournaments (tests/tools/swissgen.c)
paired round by round, every round checked.

    python3 tests/cli/swiss_random.py ARBITER SWISSGEN [--games G] [--seed S]
            [--rounds R] [--min-players N] [--max-players N] [--pair CMD]
            [--oracle-pairs] [--edition E] [-j N] [--keep DIR] [--timeout S]
            [--verbose]

Game g of seed S is swissgen's tournament of seed S*1000003+g (mod 2^31),
with a player count drawn log-uniformly from --min-players..--max-players
(default 5..500) and min(R, max(2, players // 2)) rounds (R default 9).
swissgen pairs each round with CMD (default `ARBITER tournament pair {}
--boards`; --oracle-pairs: bbpPairings through tests/tools/oracle_pair.py,
which needs ARBITER_ORACLE_BBP) and plays it. --edition E (2017 or 2026)
pairs, checks and asks the oracle by that edition of the Dutch rules (2017:
the oracle is ARBITER_ORACLE_BBP_2017, bbpPairings 5). Then every round is
checked:

- `ARBITER tournament check round-K.trf --round K --pairs round-K.pairs` must
  find 0 problems (every player once, no rematch, at most one
  pairing-allocated bye, colours legal, prohibited pairs kept, ...) and
  be arbiter's own pairing (the same boards and colours; exit 0);
- when ARBITER_ORACLE_BBP names bbpPairings and CMD is not the oracle
  itself, the oracle's pairing of round-K.trf must be round-K.pairs
  exactly;
- a round CMD cannot pair fails, unless the oracle cannot pair it either
  (no legal pairing: counted apart; the tournament stops there);
- an answer swissgen finds is not a pairing of the round fails.

Each failure is printed with the command lines that reproduce it (swissgen's
seed, players and rounds, then the check). Prints the counts; exits 0 only
when nothing failed, 77 when the pairer is the oracle and it is not
configured. Standard library only.
"""

import argparse
import concurrent.futures
import math
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, "..", "tools", "oracle_pair.py")


def game_params(seed, g, lo, hi, max_rounds):
    s = (seed * 1000003 + g) % (2 ** 31)
    rnd = random.Random(s)
    n = int(round(math.exp(rnd.uniform(math.log(lo), math.log(hi)))))
    n = max(lo, min(hi, n))
    return s, n, min(max_rounds, max(2, n // 2))


def read_lines(path):
    with open(path, encoding="latin-1") as f:
        return f.read().splitlines()


def run(argv, timeout):
    try:
        r = subprocess.run(argv, capture_output=True, timeout=timeout, check=False)
        return r.returncode, r.stdout.decode("latin-1"), r.stderr.decode("latin-1")
    except subprocess.TimeoutExpired:
        return -999, "", "timeout after %g s" % timeout


def one_game(a, g, workdir):
    seed, n, rounds = game_params(a.seed, g, a.min_players, a.max_players, a.rounds)
    d = os.path.join(workdir, "game-%d" % seed)
    os.makedirs(d, exist_ok=True)
    gen = [a.swissgen, "--seed", str(seed), "--players", str(n), "--rounds", str(rounds),
           "--out", d, "--pair", a.pair]
    repro = " ".join(shlex.quote(x) for x in gen)
    res = {"seed": seed, "players": n, "rounds": rounds, "dir": d, "paired": 0, "clean": 0,
           "oracle_exact": 0, "oracle_compared": 0, "nopairing": 0, "failures": [],
           "skipped": False}

    def failure(k, what):
        check = "%s tournament check %s --round %d --pairs %s%s" % (
            a.arbiter, shlex.quote(os.path.join(d, "round-%d.trf" % k)), k,
            shlex.quote(os.path.join(d, "round-%d.pairs" % k)),
            "".join(" " + shlex.quote(x) for x in a.edition_args))
        res["failures"].append((k, what, repro, check))

    rc, out, err = run(gen, a.timeout * (rounds + 1))
    stop = None  # the round swissgen stopped at
    if rc == 1:
        stop = max(int(x) for x in re.findall(r"round (\d+):", err) or ["1"])
        errfile = os.path.join(d, "round-%d.err" % stop)
        msg = open(errfile, encoding="latin-1").read().strip() if os.path.exists(errfile) else ""
        if msg.endswith(": skipped"):  # oracle_pair.py without its engine
            res["skipped"] = True
            return res
        trf = os.path.join(d, "round-%d.trf" % stop)
        if a.oracle:
            orc, _, oerr = run([sys.executable, ORACLE, "tournament", "pair", trf, "--boards"]
                               + a.edition_args, a.timeout)
            if orc == 1 and "No valid pairing" in oerr:
                res["nopairing"] += 1
            elif orc == 0:
                failure(stop, "the pairer failed where the oracle pairs: %s"
                        % (msg.splitlines()[0] if msg else "no message"))
            else:
                failure(stop, "the pairer and the oracle failed: %s / %s"
                        % (msg.splitlines()[0] if msg else "", oerr.strip()))
        else:
            failure(stop, "the pairer failed: %s" % (msg.splitlines()[0] if msg else "no message"))
    elif rc == 3:
        bad = max(int(x) for x in re.findall(r"round (\d+):", err) or ["1"])
        failure(bad, "not a pairing of the round: %s" % err.strip().splitlines()[0])
    elif rc != 0:
        failure(0, "swissgen failed (exit %d): %s" % (rc, err.strip()))
    for k in range(1, rounds + 1):
        trf = os.path.join(d, "round-%d.trf" % k)
        pairs = os.path.join(d, "round-%d.pairs" % k)
        if not os.path.exists(pairs):
            break
        res["paired"] += 1
        crc, cout, cerr = run([a.arbiter, "tournament", "check", trf, "--round", str(k),
                               "--pairs", pairs] + a.edition_args, a.timeout)
        # 0 problems, and in a Swiss the same pairing as arbiter's own (exit 0)
        if crc == 0 and re.search(r": 0 problems$", cout, re.M):
            res["clean"] += 1
        else:
            lines = (cout + cerr).strip().splitlines()
            failure(k, "check: %s" % ("; ".join(lines[:4]) if lines else "exit %d" % crc))
        if a.oracle and not a.oracle_pairs:
            orc, oout, oerr = run([sys.executable, ORACLE, "tournament", "pair", trf, "--boards"]
                                  + a.edition_args, a.timeout)
            res["oracle_compared"] += 1
            want = read_lines(pairs)
            if orc == 0 and oout.splitlines() == want:
                res["oracle_exact"] += 1
            else:
                got = oout.splitlines()
                first = next((i for i in range(max(len(got), len(want)))
                              if (got[i] if i < len(got) else None) !=
                              (want[i] if i < len(want) else None)), 0)
                failure(k, "the oracle pairs otherwise: line %d: oracle '%s', pairer '%s'%s" % (
                    first + 1, got[first] if first < len(got) else "<end>",
                    want[first] if first < len(want) else "<end>",
                    "" if orc == 0 else " (oracle exit %d: %s)" % (orc, oerr.strip())))
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("arbiter")
    ap.add_argument("swissgen")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--min-players", type=int, default=5)
    ap.add_argument("--max-players", type=int, default=500)
    ap.add_argument("--pair", default="", help="the pairing command, {} for the file")
    ap.add_argument("--oracle-pairs", action="store_true",
                    help="pair with bbpPairings (ARBITER_ORACLE_BBP) instead of arbiter")
    ap.add_argument("--edition", default="", choices=["", "2017", "2026"],
                    help="the Dutch rules' edition (default: arbiter's, 2026)")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--keep", default="", help="keep the tournaments in this directory")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds a command")
    ap.add_argument("--verbose", action="store_true", help="a line a tournament")
    a = ap.parse_args()
    if not (5 <= a.min_players <= a.max_players <= 2000) or not 1 <= a.rounds <= 30:
        ap.error("players must be 5..2000, rounds 1..30")
    a.edition_args = ["--edition", a.edition] if a.edition else []
    oracle_var = "ARBITER_ORACLE_BBP_2017" if a.edition == "2017" else "ARBITER_ORACLE_BBP"
    engine = os.environ.get(oracle_var, "")
    a.oracle = bool(engine) and os.access(engine, os.X_OK)
    ed = " --edition %s" % a.edition if a.edition else ""
    if a.oracle_pairs:
        if not a.oracle:
            print("swiss_random: skipped: %s is not set to bbpPairings" % oracle_var)
            return 77
        a.pair = "%s %s tournament pair {} --boards%s" % (shlex.quote(sys.executable),
                                                         shlex.quote(ORACLE), ed)
    elif not a.pair:
        a.pair = "%s tournament pair {} --boards%s" % (shlex.quote(a.arbiter), ed)
    workdir = a.keep or tempfile.mkdtemp(prefix="swiss-random.")
    os.makedirs(workdir, exist_ok=True)
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
            results = list(pool.map(lambda g: one_game(a, g, workdir), range(a.games)))
    finally:
        if not a.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    if results and all(r["skipped"] for r in results):
        print("swiss_random: skipped (the pairer exits 77)")
        return 77
    tot = {k: sum(r[k] for r in results) for k in
           ("paired", "clean", "oracle_exact", "oracle_compared", "nopairing")}
    failures = 0
    for r in results:
        if a.verbose:
            print("seed %d: %d players, %d rounds: %d paired, %d clean%s" % (
                r["seed"], r["players"], r["rounds"], r["paired"], r["clean"],
                ", no legal pairing" if r["nopairing"] else ""))
        for k, what, repro, check in r["failures"]:
            failures += 1
            print("FAIL seed %d (%d players, %d rounds), round %d: %s" % (
                r["seed"], r["players"], r["rounds"], k, what))
            print("  reproduce: mkdir -p %s && %s" % (shlex.quote(r["dir"]), repro))
            if k:
                print("             %s" % check)
    players = sum(r["players"] for r in results)
    print("tournaments: %d (%d players, %d-%d a tournament), pairer: %s" % (
        len(results), players, min(r["players"] for r in results) if results else 0,
        max(r["players"] for r in results) if results else 0,
        "bbpPairings (oracle)" if a.oracle_pairs else a.pair))
    print("rounds paired: %d; checked clean by 'tournament check': %d / %d" % (
        tot["paired"], tot["clean"], tot["paired"]))
    if a.oracle and not a.oracle_pairs:
        print("rounds equal to the oracle's pairing: %d / %d" % (tot["oracle_exact"],
                                                               tot["oracle_compared"]))
    elif not a.oracle:
        print("oracle comparison: skipped (ARBITER_ORACLE_BBP not set)")
    if tot["nopairing"]:
        print("rounds with no legal pairing (the oracle agrees; tournament stopped): %d"
              % tot["nopairing"])
    print("swiss_random: %s (%d failures)" % ("ok" if failures == 0 else "FAIL", failures))
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
