#!/usr/bin/env python3
"""swiss_reference.py -- arbiter's Dutch Swiss pairings against the reference
pairings of tests/data/tournaments/swiss/ (README.md there: where they come
from, the .pairs format).

    python3 tests/cli/swiss_reference.py ARBITER [DATA_DIR] [--sample N]
            [--cases case-001,case-004,...] [--edition E] [-j N]
            [--timeout S] [--verbose]

ARBITER is the program (or a command line, split as the shell would:
"python3 tests/tools/oracle_pair.py" runs the bbpPairings stand-in);
DATA_DIR defaults to tests/data/tournaments/swiss beside this script. For
every round it runs

    ARBITER tournament pair ROUND.trf --boards [--edition E]

and compares standard output with the expected answer:

- case-NNN/round-K.trf: exactly round-K.pairs, line by line (boards, colours,
  board order, the pairing-allocated bye, the pre-assigned byes); with
  --edition 2017, round-K.2017.pairs (the 2017 rules' answer) instead;
- disagreements/case-NNN/round-K.trf: the same set of lines as both engines'
  answers (round-K.bbp.pairs and .gacrux.pairs, the same set), order free
  (revised rules: not with --edition 2017);
- handbook/NAME/round-K.trf: a worked example of the FIDE literature (README.md
  there): the same set of lines as round-K.pairs, order free (the source gives
  the boards, not their order), under every edition;
- nopairing/case-NNN/round-K.trf: no legal pairing exists: the exit status
  must be a failure (1..125, not a signal or a timeout), standard error must
  say why, and standard output must hold no board.

A flat directory of case-NNN-round-K.trf/.pairs (tests/data/tournaments/
cases) is read too. --sample N takes N of the regular rounds spread evenly
over all cases (the list sorted by case and round, every total/N-th), plus
one disagreement round in 20 of N (at least one), every handbook round and
every nopairing round;
--cases keeps the rounds of the named cases in every folder (a handbook
example is named handbook/NAME).
--known-differences FILE lists rounds ("case-NNN K" a line) that must
differ from their answer: a known gap, counted apart; one that is exact
fails the run until it is taken off the list. A round
that runs longer than --timeout seconds (default 60) fails. -j N runs N
rounds at a time.

Prints the failures (case, round, the first differing line; --verbose: a
unified diff and standard error), then the counts: rounds exact / total per
folder. Exits 0 only when every round passes, 1 otherwise, 2 on a bad
command line or no data; 77 when ARBITER exits 77 on every round (a stand-in
whose engine is not configured: skipped). Standard library only.
"""

import argparse
import concurrent.futures
import difflib
import glob
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.relpath(os.path.join(HERE, "..", "data", "tournaments", "swiss"))


def round_key(path):
    m = re.search(r"(case-\d+)[/-]round-(\d+)\.trf$", path.replace(os.sep, "/"))
    return (m.group(1), int(m.group(2))) if m else (path, 0)


def read_lines(path):
    with open(path, encoding="latin-1") as f:
        return f.read().splitlines()


def collect(data, edition=""):
    """The rows [(kind, case, round, trf, expected)] of DATA_DIR, sorted: the
    regular rounds, the disagreements, the handbook examples, the rounds with
    no pairing."""
    regular, disagree, book, nopair = [], [], [], []
    old = edition == "2017"
    for trf in glob.glob(os.path.join(data, "handbook", "*", "round-*.trf")):
        case = "handbook/" + os.path.basename(os.path.dirname(trf))
        k = int(re.search(r"round-(\d+)\.trf$", trf).group(1))
        book.append(("book", case, k, trf, (trf[:-4] + ".pairs",)))
    for trf in glob.glob(os.path.join(data, "case-*", "round-*.trf")) + \
            glob.glob(os.path.join(data, "case-*-round-*.trf")):
        pairs = trf[:-4] + (".2017.pairs" if old else ".pairs")
        if os.path.exists(pairs):
            case, k = round_key(trf)
            regular.append(("exact", case, k, trf, pairs))
    for trf in [] if old else glob.glob(os.path.join(data, "disagreements", "case-*",
                                                     "round-*.trf")):
        case, k = round_key(trf)
        disagree.append(("set", case, k, trf, (trf[:-4] + ".bbp.pairs",
                                                trf[:-4] + ".gacrux.pairs")))
    for trf in glob.glob(os.path.join(data, "nopairing", "case-*", "round-*.trf")):
        case, k = round_key(trf)
        nopair.append(("none", case, k, trf, None))
    key = lambda r: (r[1], r[2])
    return tuple(sorted(rows, key=key) for rows in (regular, disagree, book, nopair))


def spread(rows, n):
    """n rows spread evenly over the sorted list (deterministic)."""
    if n >= len(rows):
        return rows
    return [rows[(2 * i + 1) * len(rows) // (2 * n)] for i in range(n)]


def first_difference(got, want):
    for i in range(max(len(got), len(want))):
        g = got[i] if i < len(got) else "<end>"
        w = want[i] if i < len(want) else "<end>"
        if g != w:
            return "line %d: expected '%s', got '%s'" % (i + 1, w, g)
    return "identical"


def run_round(cmd, row, edition, timeout):
    """(ok, skipped, message, details) of one round."""
    kind, case, k, trf, expected = row
    argv = cmd + ["tournament", "pair", trf, "--boards"] + (["--edition", edition] if edition else [])
    try:
        r = subprocess.run(argv, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return False, False, "timeout after %g s" % timeout, ""
    except OSError as e:
        return False, False, "cannot run: %s" % e, ""
    out = r.stdout.decode("latin-1").splitlines()
    err = r.stderr.decode("latin-1").strip()
    if r.returncode == 77:
        return False, True, "skipped (exit 77): %s" % err.splitlines()[0] if err else "skipped", err
    if kind == "none":
        boards = [l for l in out if re.match(r"^\d+ \d+$", l)]
        if r.returncode == 0:
            return False, False, "paired a round that has no legal pairing (%d boards)" % len(boards), \
                "\n".join(out)
        if r.returncode < 0 or r.returncode > 125:
            return False, False, "died (exit %d) instead of an error" % r.returncode, err
        if not err:
            return False, False, "failed (exit %d) without a message on stderr" % r.returncode, ""
        if boards:
            return False, False, "failed but printed %d boards" % len(boards), "\n".join(out)
        return True, False, "", err
    if r.returncode != 0:
        lines = err.splitlines()
        # a sanitizer's report opens with a rule of '='; its SUMMARY line says what
        first = next((l for l in lines if l.startswith("SUMMARY:")), lines[0] if lines else "no message")
        return False, False, "exit %d: %s" % (r.returncode, first), err
    if kind == "exact":
        want = read_lines(expected)
        if out == want:
            return True, False, "", ""
        diff = "\n".join(difflib.unified_diff(want, out, "expected " + expected, "arbiter",
                                              lineterm=""))
        return False, False, first_difference(out, want), diff + ("\n" + err if err else "")
    want = read_lines(expected[0])
    if sorted(out) == sorted(want):
        return True, False, "", ""
    missing = sorted(set(want) - set(out))
    extra = sorted(set(out) - set(want))
    dup = len(out) != len(set(out))
    msg = "boards differ as a set: missing %s, extra %s%s" % (
        missing[:3] or "none", extra[:3] or "none", ", duplicate lines" if dup else "")
    diff = "\n".join(difflib.unified_diff(sorted(want), sorted(out), "expected (sorted)",
                                          "arbiter (sorted)", lineterm=""))
    return False, False, msg, diff


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("arbiter", help="the program, or a command line")
    ap.add_argument("data", nargs="?", default=DEFAULT_DATA, help="the data folder")
    ap.add_argument("--sample", type=int, default=0, help="N rounds spread over all cases")
    ap.add_argument("--cases", default="", help="only these cases (comma separated)")
    ap.add_argument("--edition", default="", help="passed as --edition E")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds a round (default 60)")
    ap.add_argument("--verbose", action="store_true", help="a diff for every failure")
    ap.add_argument("--known-differences", default="",
                    help="a file of 'case-NNN K' lines: rounds that must differ (a known gap)")
    a = ap.parse_args()
    cmd = shlex.split(a.arbiter)
    if not cmd:
        ap.error("no program")
    regular, disagree, book, nopair = collect(a.data, a.edition)
    if not regular and not disagree and not book and not nopair:
        sys.stderr.write("swiss_reference.py: no rounds in %s\n" % a.data)
        return 2
    if a.cases:
        names = set(c.strip() for c in a.cases.split(",") if c.strip())
        keep = lambda rows: [r for r in rows if r[1] in names]
        regular, disagree, book, nopair = keep(regular), keep(disagree), keep(book), keep(nopair)
        if not regular and not disagree and not book and not nopair:
            sys.stderr.write("swiss_reference.py: no rounds of %s\n" % a.cases)
            return 2
    if a.sample > 0:
        regular = spread(regular, a.sample)
        disagree = spread(disagree, max(1, a.sample // 20)) if disagree else []
    # the two engines' answers on disagreements/ must be the same set
    for row in disagree:
        b, g = (read_lines(p) for p in row[4])
        if sorted(b) != sorted(g):
            sys.stderr.write("swiss_reference.py: %s: the engines' boards differ as a set\n"
                             % row[3])
            return 2
    known, known_seen = set(), set()
    if a.known_differences:
        with open(a.known_differences, encoding="utf-8") as f:
            for no, line in enumerate(f, 1):
                fields = line.split("#")[0].split()
                if not fields:
                    continue
                if len(fields) != 2 or not fields[1].isdigit():
                    sys.stderr.write("swiss_reference.py: %s:%d: expected 'case-NNN K'\n"
                                     % (a.known_differences, no))
                    return 2
                known.add((fields[0], int(fields[1])))
    rows = regular + disagree + book + nopair
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        results = list(pool.map(lambda row: run_round(cmd, row, a.edition, a.timeout), rows))
    if all(skip for _, skip, _, _ in results):
        print("swiss_reference: %s" % results[0][2])
        return 77
    labels = {"exact": "reference rounds exact", "set": "disagreements, same boards (order free)",
              "book": "handbook examples, same boards (order free)",
              "none": "no legal pairing, refused with a message"}
    totals = {k: [0, 0] for k in labels}
    failures = 0
    last_case = None
    for row, (ok, skip, msg, details) in zip(rows, results):
        kind, case, k = row[0], row[1], row[2]
        totals[kind][1] += 1
        if kind == "exact" and (case, k) in known:
            if ok:  # the list must stay exact: a gap closed is taken off it
                failures += 1
                print("%s round %d: exact now, but listed as a known difference" % (case, k))
            else:
                known_seen.add((case, k))
            continue
        if ok:
            totals[kind][0] += 1
            continue
        failures += 1
        where = {"exact": "", "set": "disagreements/", "book": "", "none": "nopairing/"}[kind]
        if (where, case) != last_case:
            print("%s%s:" % (where, case))
            last_case = (where, case)
        print("  round %d: %s" % (k, msg))
        if a.verbose and details:
            print("\n".join("    " + l for l in details.splitlines()))
    if known:
        print("known differences (listed in %s): %d, as listed"
              % (a.known_differences, len(known_seen)))
    for kind, label in labels.items():
        if totals[kind][1]:
            print("%s: %d / %d" % (label, totals[kind][0], totals[kind][1]))
    print("swiss_reference: %s (%d of %d rounds failed)"
          % ("ok" if failures == 0 else "FAIL", failures, len(rows)))
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
