#!/usr/bin/env python3
"""matching_networkx.py -- the pairing layer's maximum-weight matching
(engine/pairing/matching.c, through tests/diff/matching_driver.c) against
networkx's max_weight_matching on random graphs: the same total weight, and
in maximum-cardinality mode the same cardinality, and a valid matching of
the graph. Graphs of 2 to 300 vertices, sparse to complete, weights small
(many ties), 64-bit, 190-bit, or a few wide fields with ties in the high
bits (as a Swiss system's weights); a fixed seed, so every run checks the
same graphs.

usage: matching_networkx.py DRIVER [COUNT [SEED]]
Exit status 0, 1 on a difference, 77 (skipped) without networkx
(Debian: apt-get install python3-networkx; .ci/run installs it).
"""
import random
import subprocess
import sys

try:
    import networkx as nx
except ImportError:
    print("matching_networkx: SKIP: networkx is not installed "
          "(apt-get install python3-networkx)")
    sys.exit(77)


def weight(rng, kind):
    if kind == 0:
        return rng.randrange(8)
    if kind == 1:
        return rng.getrandbits(64)
    if kind == 2:
        return rng.getrandbits(190)
    # a few 4-bit fields, mostly high: ties in the high words
    w = 0
    for _ in range(5):
        w |= rng.randrange(16) << rng.choice((0, 20, 100, 150, 180, 186))
    return w


def graph(rng, n, kind):
    density = rng.choice((0.05, 0.2, 0.5, 1.0))
    edges = []
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                edges.append((i, j, weight(rng, kind)))
    return edges


def run(driver, n, edges, maxcard):
    text = "%d %d\n" % (n, 1 if maxcard else 0)
    text += "".join("%d %d %x\n" % e for e in edges)
    out = subprocess.run([driver], input=text, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("driver failed: " + out.stderr.strip())
    first, second = out.stdout.split("\n")[:2]
    total, card = first.split()
    mate = [int(x) for x in second.split()] if n else []
    return int(total, 16), int(card), mate


def main():
    if len(sys.argv) < 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    driver = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 160
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 19)
    bad = 0
    checked = 0
    for k in range(count):
        # mostly small graphs, every tenth up to 300 vertices
        n = rng.randrange(2, 301) if k % 10 == 9 else rng.randrange(2, 60)
        kind = k % 4
        edges = graph(rng, n, kind)
        G = nx.Graph()
        G.add_nodes_from(range(n))
        for i, j, w in edges:
            G.add_edge(i, j, weight=w)
        for maxcard in (False, True):
            total, card, mate = run(driver, n, edges, maxcard)
            ref = nx.max_weight_matching(G, maxcardinality=maxcard)
            ref_total = sum(G[i][j]["weight"] for i, j in ref)
            w = {(i, j): x for i, j, x in edges}
            mine = 0
            ok = len(mate) == n
            for v in range(n if ok else 0):
                u = mate[v]
                if u == -1:
                    continue
                if not (0 <= u < n and mate[u] == v and (min(u, v), max(u, v)) in w):
                    ok = False
                    break
                if v < u:
                    mine += w[(v, u)]
            what = "graph %d (n %d, %d edges, kind %d, maxcard %d)" % (
                k, n, len(edges), kind, maxcard)
            if not ok:
                print("FAIL: %s: not a matching of the graph" % what)
                bad += 1
            elif mine != total % (1 << 256) or mine != ref_total:
                print("FAIL: %s: weight %x (reported %x), networkx %x" % (
                    what, mine, total, ref_total))
                bad += 1
            elif maxcard and card != len(ref):
                print("FAIL: %s: %d pairs, networkx %d" % (what, card, len(ref)))
                bad += 1
            checked += 1
    print("matching_networkx: %d graphs and modes, %d differences (networkx %s)" % (
        checked, bad, nx.__version__))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
