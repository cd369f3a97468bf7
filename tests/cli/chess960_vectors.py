#!/usr/bin/env python3
"""chess960_vectors.py -- an independent re-implementation of arbiter's
documented Chess960 numbering and seeded draws, written from the text of
engine/include/arbiter.h ("Chess960 start positions") and not from the C code.

It prints the test vectors that tests/unit/test_chess960.c states as literals
(SplitMix64 outputs, seeded random numbers, tournament draws, double-960
pairs, chi-square statistics), so anyone can check them -- or reproduce a
published draw -- without the library:

    python3 tests/cli/chess960_vectors.py                 # print the vectors
    python3 tests/cli/chess960_vectors.py --check ARBITER # compare with the CLI

With --check, the `arbiter 960` command is run for each vector and its output
is compared with what this script computes; the exit status is 1 on any
difference. Standard library only.
"""

import math
import subprocess
import sys

MASK = (1 << 64) - 1
COUNT = 960


# ---- SplitMix64 (Steele, Lea, Flood 2014), as the header describes it --------

class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def uniform(self, m):
        """The first output x with x < 2^64 - (2^64 mod m), as x mod m."""
        bound = (1 << 64) - ((1 << 64) % m)
        while True:
            x = self.next()
            if x < bound:
                return x % m


# ---- Scharnagl numbering ---------------------------------------------------------

KNIGHTS = ["NN---", "N-N--", "N--N-", "N---N", "-NN--",
           "-N-N-", "-N--N", "--NN-", "--N-N", "---NN"]


def back_rank(n):
    """n % 4: light bishop on b/d/f/h; (n/4) % 4: dark bishop on a/c/e/g;
    (n/16) % 6: queen on that free square; n/96: knights on the five left;
    R K R on the last three."""
    assert 0 <= n < COUNT
    r = [None] * 8
    r[2 * (n % 4) + 1] = "B"
    r[2 * ((n // 4) % 4)] = "B"
    free = [f for f in range(8) if r[f] is None]
    r[free[(n // 16) % 6]] = "Q"
    free = [f for f in range(8) if r[f] is None]
    for f, c in zip(free, KNIGHTS[n // 96]):
        if c == "N":
            r[f] = "N"
    free = [f for f in range(8) if r[f] is None]
    for f, c in zip(free, "RKR"):
        r[f] = c
    return "".join(r)


NUMBER = {back_rank(n): n for n in range(COUNT)}


def mirror(n):
    return NUMBER[back_rank(n)[::-1]]


def fen(white, black, shredder=False):
    w, b = back_rank(white), back_rank(black)
    if shredder:
        rights = (chr(ord("A") + w.rindex("R")) + chr(ord("A") + w.index("R")) +
                  chr(ord("a") + b.rindex("R")) + chr(ord("a") + b.index("R")))
    else:
        rights = "KQkq"
    return "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s - 0 1" % (b.lower(), w, rights)


# ---- the draws ---------------------------------------------------------------------

def draw(rng, rounds, exclude=(), no_twins=False):
    """Tournament draw: candidates 0..959 in increasing order without the
    excluded numbers; round i takes j = i + uniform(count - i) and swaps
    candidates i and j. With no_twins the drawn number's mirror twin is
    removed from the candidates after it by moving the last candidate into
    its place (this is how engine/chess960/chess960.c removes it; the header only says
    "removes")."""
    cand = [n for n in range(COUNT) if n not in set(exclude)]
    out = []
    for i in range(rounds):
        if i >= len(cand):
            raise ValueError("too many rounds")
        j = i + rng.uniform(len(cand) - i)
        cand[i], cand[j] = cand[j], cand[i]
        out.append(cand[i])
        if no_twins:
            twin = mirror(cand[i])
            for k in range(i + 1, len(cand)):
                if cand[k] == twin:
                    cand[k] = cand[-1]
                    cand.pop()
                    break
    return out


def double_pair(rng):
    x = rng.uniform(COUNT * COUNT)
    return x // COUNT, x % COUNT


def double_draw(rng, rounds, exclude=()):
    """Double-960 tournament draw: each round takes the next random pair
    (as double_pair) while W or B is excluded or the pair W-B was drawn in
    an earlier round."""
    excluded, drawn, out = set(exclude), set(), []
    if rounds > (COUNT - len(excluded)) ** 2:
        raise ValueError("too many rounds")
    for _ in range(rounds):
        while True:
            w, b = double_pair(rng)
            if w not in excluded and b not in excluded and (w, b) not in drawn:
                break
        drawn.add((w, b))
        out.append((w, b))
    return out


# ---- chi-square ------------------------------------------------------------------------

def chi_square(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def gamma_q(a, x):
    """The regularised upper incomplete gamma function Q(a, x)."""
    if x < a + 1:  # series for P
        term = total = 1.0 / a
        k = a
        while abs(term) > abs(total) * 1e-15:
            k += 1
            term *= x / k
            total += term
        return 1.0 - total * math.exp(-x + a * math.log(x) - math.lgamma(a))
    # Lentz's continued fraction for Q
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    i = 1
    while True:
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
        i += 1
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def chi2_critical(df, alpha):
    """The x with P(chi2(df) > x) = alpha, by bisection."""
    lo, hi = 0.0, df * 10.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if gamma_q(df / 2, mid / 2) > alpha:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


# ---- the vectors -----------------------------------------------------------------------

def vectors():
    v = {}
    for seed in (0, 1):
        rng = SplitMix64(seed)
        v["splitmix64 seed %d" % seed] = ["0x%016X" % rng.next() for _ in range(3)]
    rng = SplitMix64(1)
    v["random seed 1 x5"] = [rng.uniform(COUNT) for _ in range(5)]
    v["draw seed 2024 rounds 8 exclude 518"] = draw(SplitMix64(2024), 8, [518])
    v["draw seed 7 rounds 12 exclude 518 no-twins"] = draw(SplitMix64(7), 12, [518], True)
    rng = SplitMix64(3)
    v["double seed 3 x3"] = ["%d-%d" % double_pair(rng) for _ in range(3)]
    v["double draw seed 3 rounds 2 exclude 349"] = [
        "%d-%d" % p for p in double_draw(SplitMix64(3), 2, [349])]
    v["double draw seed 12 rounds 30 exclude 0-899"] = [
        "%d-%d" % p for p in double_draw(SplitMix64(12), 30, range(900))]
    v["double draw seed 5 rounds 4 exclude 0-957"] = [
        "%d-%d" % p for p in double_draw(SplitMix64(5), 4, range(958))]
    rng = SplitMix64(5)
    m = 3 << 61
    v["uniform seed 5 m 3*2^61 x5"] = ["0x%016X" % rng.uniform(m) for _ in range(5)]
    return v


def chi_vectors():
    v = {}
    rng = SplitMix64(42)
    counts = [0] * COUNT
    for _ in range(960000):
        counts[rng.uniform(COUNT)] += 1
    v["chi2 seed 42, 960000 positions"] = chi_square(counts, 1000.0)
    rng = SplitMix64(43)
    counts = [0] * COUNT
    for _ in range(960000):
        counts[rng.uniform(COUNT * COUNT) // COUNT] += 1
    v["chi2 seed 43, 960000 pairs by W"] = chi_square(counts, 1000.0)
    v["chi2 critical, 959 df, 99.99%"] = chi2_critical(959, 1e-4)
    return v


# ---- --check: compare with the command line -----------------------------------------------

def run(arbiter, *args):
    p = subprocess.run([arbiter, "960"] + list(args), capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("arbiter 960 %s: exit %d: %s" % (" ".join(args), p.returncode,
                                                              p.stderr.strip()))
    return p.stdout.splitlines()


def round_lines(numbers):
    return ["%d %d %s %s" % (i + 1, n, back_rank(n), fen(n, n)) for i, n in enumerate(numbers)]


def check(arbiter):
    v = vectors()
    failures = 0
    cases = [
        (["--rounds", "8", "--seed", "2024", "--exclude", "518"],
         round_lines(v["draw seed 2024 rounds 8 exclude 518"])),
        (["--rounds", "12", "--seed", "7", "--exclude", "518", "--no-twins"],
         round_lines(v["draw seed 7 rounds 12 exclude 518 no-twins"])),
        (["--random", "--seed", "1"], round_lines(v["random seed 1 x5"][:1])),
        (["--all"], ["%d %s %s" % (n, back_rank(n), fen(n, n)) for n in range(COUNT)]),
        (["--all", "--shredder"],
         ["%d %s %s" % (n, back_rank(n), fen(n, n, True)) for n in range(COUNT)]),
    ]
    w, b = (int(x) for x in v["double seed 3 x3"][0].split("-"))
    cases.append((["--double", "--random", "--seed", "3"],
                  ["1 %d-%d %s %s %s" % (w, b, back_rank(w), back_rank(b).lower(), fen(w, b))]))
    def pair_lines(pairs):
        return ["%d %s %s %s %s" % (i + 1, p, back_rank(int(p.split("-")[0])),
                                    back_rank(int(p.split("-")[1])).lower(),
                                    fen(*(int(x) for x in p.split("-"))))
                for i, p in enumerate(pairs)]
    cases.append((["--double", "--rounds", "3", "--seed", "3"], pair_lines(v["double seed 3 x3"])))
    cases.append((["--double", "--rounds", "2", "--seed", "3", "--exclude", "349"],
                  pair_lines(v["double draw seed 3 rounds 2 exclude 349"])))
    cases.append((["--double", "--rounds", "30", "--seed", "12", "--exclude", "0-899"],
                  pair_lines(v["double draw seed 12 rounds 30 exclude 0-899"])))
    cases.append((["--double", "--rounds", "4", "--seed", "5", "--exclude", "0-957"],
                  pair_lines(v["double draw seed 5 rounds 4 exclude 0-957"])))
    cases.append((["--rounds", "8", "--seed", "2024", "--exclude", "0-99,518"],
                  round_lines(draw(SplitMix64(2024), 8, list(range(100)) + [518]))))
    cases.append((["--double", "518-0"],
                  ["518-0 %s %s %s" % (back_rank(518), back_rank(0).lower(), fen(518, 0))]))
    for n in (0, 518, 959):
        cases.append(([str(n)], [fen(n, n)]))
        cases.append(([str(n), "--shredder"], [fen(n, n, True)]))
    for args, want in cases:
        got = run(arbiter, *args)
        if got != want:
            failures += 1
            print("FAIL arbiter 960 %s" % " ".join(args))
            for g, e in zip(got, want):
                if g != e:
                    print("  got      %s\n  expected %s" % (g, e))
                    break
            if len(got) != len(want):
                print("  %d lines, expected %d" % (len(got), len(want)))
        else:
            print("ok   arbiter 960 %s" % " ".join(args))
    print("chess960_vectors: %d checks, %d failed" % (len(cases), failures))
    return 1 if failures else 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--check":
        return check(argv[2])
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    assert back_rank(518) == "RNBQKBNR" and back_rank(0) == "BBQNNRKR"
    assert back_rank(959) == "RKRNNQBB"
    for name, values in vectors().items():
        print("%-44s %s" % (name, " ".join(str(x) for x in values)))
    for name, value in chi_vectors().items():
        print("%-44s %.4f" % (name, value))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
