#!/usr/bin/env python3
"""standings_json.py -- `arbiter tournament standings --json`, the interface
outside checks rely on, against every file of tests/data/tournaments/tiebreaks/.

    python3 tests/cli/standings_json.py ARBITER DATA_DIR

For every case-NNN.trf and each edition E of 2022, 2024, 2026 the script runs

    arbiter tournament standings case-NNN.trf --regulations fideE
            --tiebreaks <every CODE of the .tsv's CODE@E columns, in order> --json

and checks the output's exact shape: one JSON object {"players": [...]}, each
player {"id": N, "rank": R, "points": P, "tiebreaks": {...}} with those keys
in that order, the tie-break keys exactly the list given, in its order, every
value a number or null; the rows in standings order (ranks 1.. non-decreasing,
points non-increasing); every player of the file once. Each value equals the
.tsv's (-0 there: null here), each player's points its `points` column. Then
the same without --tiebreaks (the file's record 202) gives each player the
rank of the .tsv's rank@E column. Exits 1 on any difference, printing the
first ones and the counts. Standard library only.
"""

import json
import os
import subprocess
import sys

EDITIONS = (2022, 2024, 2026)


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    return rows[0], rows[1:]


def run_json(arbiter, args):
    r = subprocess.run([arbiter, "tournament", "standings"] + args, capture_output=True,
                       text=True, check=False)
    if r.returncode != 0:
        raise ValueError("exit %d: %s" % (r.returncode, r.stderr.strip()))
    if r.stdout.count("\n") != 1 or not r.stdout.endswith("\n"):
        raise ValueError("not one line of output")
    return json.loads(r.stdout, object_pairs_hook=list)


def check_shape(doc, codes, ids):
    """The players of a parsed document (pairs lists), shape checked."""
    if not (len(doc) == 1 and doc[0][0] == "players" and isinstance(doc[0][1], list)):
        raise ValueError("the object is not {\"players\": [...]}")
    players, seen, last = [], set(), (0, None)
    for p in doc[0][1]:
        keys = [k for k, _ in p]
        if keys != ["id", "rank", "points", "tiebreaks"]:
            raise ValueError("player keys %s" % keys)
        d = dict(p)
        if not all(isinstance(d[k], int) and not isinstance(d[k], bool) for k in ("id", "rank")):
            raise ValueError("id and rank must be integers: %s" % p)
        if not isinstance(d["points"], (int, float)):
            raise ValueError("points must be a number: %s" % p)
        tb = d["tiebreaks"]
        if [k for k, _ in tb] != codes:
            raise ValueError("player %d: tie-break keys %s, want %s" % (d["id"], [k for k, _ in tb],
                                                                        codes))
        for k, v in tb:
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
                raise ValueError("player %d: %s is %r" % (d["id"], k, v))
        if d["id"] in seen:
            raise ValueError("player %d twice" % d["id"])
        seen.add(d["id"])
        if d["rank"] < max(last[0], 1) or (last[1] is not None and d["points"] > last[1]):
            raise ValueError("player %d: not in standings order" % d["id"])
        last = (d["rank"], d["points"])
        players.append({"id": d["id"], "rank": d["rank"], "points": d["points"],
                        "tiebreaks": dict(tb)})
    if seen != ids:
        raise ValueError("players %s missing, %s unknown" % (sorted(ids - seen),
                                                              sorted(seen - ids)))
    return {p["id"]: p for p in players}


def same(want, got):
    if want == "-0":
        return got is None
    return got is not None and abs(float(want) - got) < 1e-9


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    arbiter, data = os.path.abspath(sys.argv[1]), sys.argv[2]
    folder = os.path.join(data, "tournaments", "tiebreaks")
    cases = sorted(f[:-4] for f in os.listdir(folder) if f.endswith(".trf"))
    values = {e: [0, 0] for e in EDITIONS}  # edition: [checked, wrong]
    ranks = {e: [0, 0] for e in EDITIONS}
    problems = []

    def fail(msg):
        problems.append(msg)
        if len(problems) <= int(os.environ.get("SHOW", "40")):
            print("FAIL " + msg)

    for case in cases:
        trf = os.path.join(folder, case + ".trf")
        head, rows = read_tsv(os.path.join(folder, case + ".tsv"))
        ids = {int(r[0]) for r in rows}
        for e in EDITIONS:
            suffix = "@%d" % e
            cols = [(i, h[:-len(suffix)]) for i, h in enumerate(head)
                    if h.endswith(suffix) and h != "rank" + suffix]
            codes = [c for _, c in cols]
            try:
                got = check_shape(run_json(arbiter, [trf, "--regulations", "fide%d" % e,
                                                     "--tiebreaks", ",".join(codes), "--json"]),
                                  codes, ids)
            except ValueError as x:
                fail("%s fide%d --tiebreaks: %s" % (case, e, x))
                continue
            for r in rows:
                p = got[int(r[0])]
                if not same(r[head.index("points")], p["points"]):
                    fail("%s fide%d player %s: points %s, want %s" % (case, e, r[0], p["points"],
                                                                     r[head.index("points")]))
                for i, code in cols:
                    values[e][0] += 1
                    if not same(r[i], p["tiebreaks"][code]):
                        values[e][1] += 1
                        fail("%s fide%d player %s: %s %s, want %s" % (
                            case, e, r[0], code, p["tiebreaks"][code], r[i]))
            rank_col = head.index("rank" + suffix)
            try:
                doc = run_json(arbiter, [trf, "--regulations", "fide%d" % e, "--json"])
                first = dict(doc[0][1][0]) if doc and doc[0][1] else {"tiebreaks": []}
                got = check_shape(doc, [k for k, _ in first["tiebreaks"]], ids)
            except (ValueError, IndexError, KeyError) as x:
                fail("%s fide%d (record 202): %s" % (case, e, x))
                continue
            for r in rows:
                ranks[e][0] += 1
                if got[int(r[0])]["rank"] != int(r[rank_col]):
                    ranks[e][1] += 1
                    fail("%s fide%d player %s: rank %d, want %s" % (
                        case, e, r[0], got[int(r[0])]["rank"], r[rank_col]))
    for e in EDITIONS:
        print("standings_json: fide%d: values %d/%d, ranks %d/%d" % (
            e, values[e][0] - values[e][1], values[e][0], ranks[e][0] - ranks[e][1], ranks[e][0]))
    print("standings_json: %d files, %d problems" % (len(cases), len(problems)))
    if not cases or not all(values[e][0] for e in EDITIONS):
        print("FAIL standings_json: nothing checked")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
