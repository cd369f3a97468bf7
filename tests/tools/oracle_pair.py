#!/usr/bin/env python3
"""oracle_pair.py -- an external Dutch engine (bbpPairings) behind the command
line of `arbiter tournament pair FILE --boards`, for the pairing harnesses.

    python3 tests/tools/oracle_pair.py tournament pair FILE.trf --boards [--edition E]

prints the pairing of FILE's next round in the .pairs form of
tests/data/tournaments/swiss/README.md: `WHITE BLACK` a board in the engine's
board order, then `ID bye U`, then every player the engine left out with his
pre-assigned bye of that round (`ID bye H|F|Z`, ascending id). It is a test
stand-in for arbiter's own pairer: swiss_reference.py and swiss_random.py
run it where they would run arbiter, to test themselves and the data.

The engine is not part of the repository. Its path comes from the
environment:

    ARBITER_ORACLE_BBP       bbpPairings v6 (the revised rules, "2025" there,
                             FIDE_DUTCH_2026 in TRF-2026)
    ARBITER_ORACLE_BBP_2017  bbpPairings v5 (the 2017 rules), used with
                             --edition 2017 (or any E containing 2017)

Without it the script exits 77 (the CTest skip status). The engine reads a
temporary copy: record 192 FIDE_DUTCH_2026[_BAKU] becomes FIDE_DUTCH_2025
[_BAKU] (v6 knows no other spelling); for v5, which reads TRF-16 only, the
file is turned into TRF-16: XXR from 142, XXC from 152, the round's 240 byes
written into its column (their points added, JaVaFo's convention), 162 as
BBW BBD BBL BBZ BBF BBU, 250 as XXA, 260 as XXP, the TRF-2026 records
dropped. The engine is run as
`ENGINE --dutch COPY -p OUT` (OUT: the number of pairs, then `WHITE BLACK`,
`ID 0` for the pairing-allocated bye).

Exit status: 0 paired; 1 the engine failed or found no pairing (its message
on stderr); 2 bad command line or unreadable file; 77 no engine configured.
Standard library only.
"""

import os
import re
import subprocess
import sys
import tempfile

CELL0 = 91  # 0-based column of round 1's cell (TRF columns 92-99)


def split_lines(data):
    return re.split(r"\r\n|\r|\n", data)


def cell(line, r):
    """(opponent, colour, result) of round r (1-based) of a 001 line, or None
    past the line's end. A blank cell is an absence: (0, '-', 'Z')."""
    start = CELL0 + 10 * (r - 1)
    if len(line) <= start:
        return None
    c = line[start:start + 8].ljust(8)
    if not c.strip():
        return (0, "-", "Z")
    opp = c[0:4].strip()
    return (int(opp) if opp.isdigit() else 0, c[5], c[7])


def ncells(line):
    return max(0, (len(line.rstrip()) - CELL0 + 9) // 10)


class Trf:
    def __init__(self, text):
        self.lines = split_lines(text)
        self.players = {}  # id -> line
        for line in self.lines:
            if line.startswith("001") and len(line) >= 8 and line[4:8].strip().isdigit():
                self.players[int(line[4:8])] = line
        maxc = max([ncells(l) for l in self.players.values()] + [0])
        # The round to pair: the first column without a game or a
        # pairing-allocated bye in it (TRF-16 pre-fills its byes there).
        k = maxc
        if maxc > 0:
            for line in self.players.values():
                c = cell(line, maxc)
                if c and (c[0] != 0 or c[2] == "U"):
                    k = maxc + 1
                    break
        else:
            k = 1
        self.round = k
        self.byes = {}  # id -> H|F|Z|U of round k
        for line in self.lines:
            if line.startswith("240") and len(line) >= 9 and line[6:9].strip().isdigit():
                if int(line[6:9]) == k:
                    for tok in line[9:].split():
                        if tok.isdigit():
                            self.byes[int(tok)] = line[4]
        for pid, line in self.players.items():
            c = cell(line, k)
            if c and c[0] == 0:
                self.byes.setdefault(pid, c[2] if c[2] in "HFZU" else "Z")


def fmt_points(x):
    return "%4.1f" % x


def to_trf16(trf):
    """TRF-2026 to the TRF-16 bbpPairings v5 reads (see the header)."""
    k = trf.round
    out, xxa, xxp = [], {}, []
    rounds, colour = None, None
    win, draw = 1.0, 0.5
    system = {}  # 162's codes: W D L A P X
    for line in trf.lines:
        code = line[:3]
        if code == "142":
            rounds = line[4:].strip()
        elif code == "152":
            colour = "white1" if line[4:].strip().upper().startswith("W") else "black1"
        elif code == "162":
            for c, v in re.findall(r"([WDLAZPX])\s+([0-9.]+)", line[4:]):
                system[{"Z": "A"}.get(c, c)] = float(v)
            win, draw = system.get("W", win), system.get("D", draw)
        elif code == "250":
            pts = float(line[9:13])
            r1, r2 = int(line[14:17]), int(line[18:21])
            p1, p2 = int(line[22:26]), int(line[27:31])
            for p in range(p1, p2 + 1):
                acc = xxa.setdefault(p, {})
                for r in range(r1, r2 + 1):
                    acc[r] = pts
        elif code == "260":
            r1, r2 = int(line[4:7]), int(line[8:11])
            if r1 <= k <= r2:
                xxp.append(line[11:].split())
    for line in trf.lines:
        code = line[:3]
        if code in ("142", "152", "162", "172", "182", "192", "202", "212", "222", "240",
                    "250", "260", "132", "352", "362"):
            continue
        if code == "001" and len(line) >= 8 and line[4:8].strip().isdigit():
            pid = int(line[4:8])
            bye = trf.byes.get(pid)
            if bye and bye in "HFZ" and (cell(line, k) is None):
                body = line.ljust(CELL0 + 10 * (k - 1) - 2)
                line = body + "  0000 - " + bye
                extra = {"H": draw, "F": win, "Z": 0.0}[bye]
                try:
                    pts = float(line[80:84]) + extra
                    line = line[:80] + fmt_points(pts) + line[84:]
                except ValueError:
                    pass
        out.append(line)
    # the point system as bbpPairings' BBW BBD BBL BBZ BBF BBU (162's A is
    # both the zero-point bye and the forfeit loss; P the PAB, else W's)
    for bb, c in (("BBW", "W"), ("BBD", "D"), ("BBL", "L"), ("BBZ", "A"), ("BBF", "A"),
                  ("BBU", "P")):
        if c in system:
            out.append("%s %s" % (bb, fmt_points(system[c])))
    if rounds:
        out.append("XXR " + rounds)
    if colour:
        out.append("XXC " + colour)
    for pid in sorted(xxa):
        acc = xxa[pid]
        last = max(acc)
        out.append("XXA %4d" % pid + "".join(
            " " + (fmt_points(acc[r]) if r in acc else "    ") for r in range(1, last + 1)))
    for group in xxp:
        out.append("XXP " + " ".join(group))
    return out


def main(argv):
    args = argv[1:]
    if len(args) < 3 or args[0] != "tournament" or args[1] != "pair":
        sys.stderr.write("usage: oracle_pair.py tournament pair FILE.trf --boards [--edition E]\n")
        return 2
    path, edition, i = args[2], "", 3
    while i < len(args):
        if args[i] == "--boards":
            i += 1
        elif args[i] == "--edition" and i + 1 < len(args):
            edition, i = args[i + 1], i + 2
        else:
            sys.stderr.write("oracle_pair.py: unknown option %s\n" % args[i])
            return 2
    v5 = "2017" in edition
    engine = os.environ.get("ARBITER_ORACLE_BBP_2017" if v5 else "ARBITER_ORACLE_BBP", "")
    if not engine or not os.access(engine, os.X_OK):
        sys.stderr.write("oracle_pair.py: %s is not set to an executable: skipped\n"
                         % ("ARBITER_ORACLE_BBP_2017" if v5 else "ARBITER_ORACLE_BBP"))
        return 77
    try:
        with open(path, "rb") as f:
            text = f.read().decode("latin-1")
    except OSError as e:
        sys.stderr.write("oracle_pair.py: %s\n" % e)
        return 2
    trf = Trf(text)
    if v5:
        lines = to_trf16(trf)
    else:
        lines = [re.sub(r"^192 FIDE_DUTCH_2026", "192 FIDE_DUTCH_2025", l) for l in trf.lines]
    with tempfile.TemporaryDirectory(prefix="oracle-pair.") as tmp:
        inp, out = os.path.join(tmp, "in.trf"), os.path.join(tmp, "out.txt")
        with open(inp, "wb") as f:
            f.write("\r".join(lines).encode("latin-1"))
        r = subprocess.run([engine, "--dutch", inp, "-p", out], capture_output=True, text=True,
                           check=False)
        if r.returncode != 0 or not os.path.exists(out):
            msg = (r.stderr or r.stdout).strip().replace(inp, path)
            sys.stderr.write("oracle_pair.py: the engine failed (exit %d): %s\n"
                             % (r.returncode, msg or "no output"))
            return 1
        with open(out, encoding="latin-1") as f:
            rows = [l.split() for l in f.read().splitlines() if l.strip()]
    if not rows or len(rows[0]) != 1 or int(rows[0][0]) != len(rows) - 1:
        sys.stderr.write("oracle_pair.py: the engine's answer is malformed\n")
        return 1
    boards, pab, seen = [], None, set()
    for w, b in ((int(x), int(y)) for x, y in rows[1:]):
        if b == 0:
            pab = w
            seen.add(w)
        else:
            boards.append("%d %d" % (w, b))
            seen.update((w, b))
    lines = boards + (["%d bye U" % pab] if pab else [])
    for pid in sorted(trf.players):
        if pid not in seen:
            lines.append("%d bye %s" % (pid, trf.byes.get(pid, "Z")))
    sys.stdout.write("".join(l + "\n" for l in lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
