#!/usr/bin/env python3
"""matching_nx.py FILE WEIGHT_FILE -- networkx's max_weight_matching on a
graph written by `matching_bench --dump`: prints its time in seconds and
exits 1 if its optimum weight differs from arbiter's (WEIGHT_FILE)."""
import sys
import time

import networkx as nx

with open(sys.argv[1]) as f:
    n, _ = map(int, f.readline().split())
    G = nx.Graph()
    G.add_nodes_from(range(n))
    for line in f:
        i, j, w = line.split()
        G.add_edge(int(i), int(j), weight=int(w, 16))
with open(sys.argv[2]) as f:
    want = int(f.read().strip(), 16)
t0 = time.process_time()
m = nx.max_weight_matching(G)
t = time.process_time() - t0
got = sum(G[i][j]["weight"] for i, j in m)
print("%.3f" % t)
sys.exit(0 if got == want else 1)
