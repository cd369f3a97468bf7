#!/usr/bin/env python3
"""svg_render.py -- the SVG diagrams of `arbiter fen --svg` and `arbiter 960
--svg` rendered by headless Chromium and checked pixel by pixel.

    python3 tests/cli/svg_render.py ARBITER [--screenshots DIR]

Each diagram is made by the command line, embedded in one HTML page as a
data: image, drawn onto a canvas by the browser and read back there. Two
reference diagrams (Chess960 518 and 534, RNBKQBNR, which between them have
every piece on both square colours) give a template of every piece on each
square colour, of the empty squares and of the labels. Then, for every board
of every case:
  - each square matches the template of the piece the FEN puts there (or of
    the empty square) better than any other template, and closely;
  - the king in check, and only it, has the red check mark under it;
  - the side-to-move disc is beside the mover's first rank, in its colour,
    and there is no disc on the other side;
  - the rank and file labels are in the board's orientation (flipped boards
    show the reference's labels in reverse order);
  - the title is drawn, or absent when it is "".
The page writes its findings into the DOM, which Chromium prints
(--dump-dom); this script prints them and exits 1 on any failure, 77 (a
skip for CTest) when no Chromium is installed (or ARBITER_CHROMIUM names
none). With --screenshots DIR it also writes DIR/NAME.png of each case, to
look at. Standard library only.
"""

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77

# The diagram geometry of engine/notation/diagram.c (user units; rendered 1:1).
MARGIN, SIDE, TITLE_H, PANEL_W, PANEL_H, GAP, SQ = 30, 50, 100, 900, 1030, 70, 100


def columns_for(count):
    c = 1
    while c < 4 and c * c < count:
        c += 1
    return c


def placement(fen):
    """{square index a1=0: 'wK', ...} from the FEN's first field."""
    board = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        rank, file = 7 - row, 0
        for ch in text:
            if ch.isdigit():
                file += int(ch)
                continue
            board[rank * 8 + file] = ("w" if ch.isupper() else "b") + ch.upper()
            file += 1
    return board


def find_chromium():
    names = [os.environ.get("ARBITER_CHROMIUM", "")] if "ARBITER_CHROMIUM" in os.environ else \
        ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    for name in names:
        path = shutil.which(name) if name else None
        if path:
            return path
    return None


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


class Cases:
    def __init__(self, arbiter, tmp):
        self.arbiter, self.tmp = arbiter, tmp
        self.items = []  # {name, svg (text), width, height, boards: [...]}

    def make(self, name, args, boards):
        path = os.path.join(self.tmp, name + ".svg")
        r = run([self.arbiter] + args + ["--svg", path])
        if r.returncode != 0:
            raise SystemExit("svg_render: arbiter %s failed: %s" % (" ".join(args), r.stderr))
        with open(path, encoding="utf-8") as f:
            svg = f.read()
        cols = columns_for(len(boards))
        rows = (len(boards) + cols - 1) // cols
        width = 2 * MARGIN + cols * PANEL_W + (cols - 1) * GAP
        height = 2 * MARGIN + rows * PANEL_H + (rows - 1) * GAP
        for i, b in enumerate(boards):
            b["x"] = MARGIN + (i % cols) * (PANEL_W + GAP) + SIDE
            b["y"] = MARGIN + (i // cols) * (PANEL_H + GAP) + TITLE_H
        self.items.append({"name": name, "svg": svg, "width": width, "height": height,
                           "boards": boards})
        return r.stdout

    def fen(self, name, fen, check=None, flip=False, title=True, extra=()):
        args = ["fen", fen] + (["--flip"] if flip else []) + list(extra)
        side = fen.split()[1]
        self.make(name, args, [{"pieces": placement(fen), "check": check, "mover": side,
                                "flip": flip, "title": title}])


SQUARES = {n: (ord(n[0]) - 97) + 8 * (int(n[1]) - 1) for n in
           [f + r for f in "abcdefgh" for r in "12345678"]}


def build(arbiter, tmp):
    c = Cases(arbiter, tmp)
    # The references: every piece on both colours, White at the bottom.
    for n in (518, 534):
        fen = run([arbiter, "960", str(n)]).stdout.strip()
        c.fen("ref%d" % n, fen)
    mate = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    c.fen("mate", mate, check=SQUARES["e8"])
    c.fen("mate-flipped", mate, check=SQUARES["e8"], flip=True)
    c.fen("check-e1", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", check=SQUARES["e1"])
    c.fen("check-flipped-no-title", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", check=SQUARES["e1"],
          flip=True, title=False, extra=["--title", ""])
    c.fen("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    c.fen("promoted", "1Q2N3/4P1k1/8/8/3q4/2n5/p5K1/1r2B1R1 b - - 0 60", check=SQUARES["g7"])
    c.fen("stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    # A tournament sheet and a double-960 pair, as `960 --svg` draws them.
    out = run([arbiter, "960", "--rounds", "5", "--seed", "1"]).stdout.split("\n")
    fens = [" ".join(line.split()[3:]) for line in out if line]
    c.make("rounds", ["960", "--rounds", "5", "--seed", "1"],
           [{"pieces": placement(f), "check": None, "mover": "w", "flip": False,
             "title": True} for f in fens])
    out = run([arbiter, "960", "--double", "349-813"]).stdout.split()
    c.make("double", ["960", "--double", "349-813"],
           [{"pieces": placement(" ".join(out[3:])), "check": None, "mover": "w",
             "flip": False, "title": True}])
    return c.items


# The checks, run by the browser on the rendered pixels.
SCRIPT = r"""
const out = [];
const say = (ok, what) => out.push((ok ? "ok   " : "FAIL ") + what);
const px = {};
for (const c of CASES) {
  const img = document.getElementById(c.name);
  const cv = document.createElement("canvas");
  cv.width = c.width; cv.height = c.height;
  const g = cv.getContext("2d");
  g.fillStyle = "#fff"; g.fillRect(0, 0, c.width, c.height);
  g.drawImage(img, 0, 0, c.width, c.height);
  px[c.name] = g.getImageData(0, 0, c.width, c.height);
}
function get(name, x, y, w, h) {
  const d = px[name], a = new Uint8ClampedArray(w * h * 3);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const s = ((y + j) * d.width + x + i) * 4, t = (j * w + i) * 3;
      a[t] = d.data[s]; a[t + 1] = d.data[s + 1]; a[t + 2] = d.data[s + 2];
    }
  return a;
}
function diff(a, b, mask) {
  let sum = 0, n = 0;
  for (let k = 0; k < a.length; k += 3) {
    if (mask && !mask[k / 3]) continue;
    sum += Math.abs(a[k] - b[k]) + Math.abs(a[k + 1] - b[k + 1]) + Math.abs(a[k + 2] - b[k + 2]);
    n++;
  }
  return n ? sum / (3 * n) : 0;
}
// Square (col,row) of a drawn board -> square index, and its colour.
const index = (b, col, row) => b.flip ? (row * 8 + 7 - col) : ((7 - row) * 8 + col);
const dark = sq => ((sq & 7) + (sq >> 3)) % 2 === 0;
const INSET = 2, S = 100 - 2 * INSET;
const cell = (c, b, col, row) => get(c.name, b.x + col * 100 + INSET, b.y + row * 100 + INSET, S, S);
// Templates from the two references.
const tpl = {};
for (const name of ["ref518", "ref534"]) {
  const c = CASES.find(x => x.name === name), b = c.boards[0];
  for (let row = 0; row < 8; row++)
    for (let col = 0; col < 8; col++) {
      const sq = index(b, col, row), key = (b.pieces[sq] || "--") + (dark(sq) ? "d" : "l");
      if (!tpl[key]) tpl[key] = cell(c, b, col, row);
    }
}
say(Object.keys(tpl).length === 26, "templates: 12 pieces x 2 colours and 2 empty squares (" +
    Object.keys(tpl).length + ")");
// The labels of the reference: rank r beside row 7 - r, file f under column f.
const ref = CASES[0], rb = ref.boards[0];
const rankLabel = (c, b, row) => get(c.name, b.x - 45, b.y + row * 100 + 20, 40, 60);
const fileLabel = (c, b, col) => get(c.name, b.x + col * 100 + 20, b.y + 805, 60, 45);
const reddish = a => { let n = 0; for (let k = 0; k < a.length; k += 3)
  if (a[k] > 190 && a[k + 1] < 120 && a[k + 2] < 120) n++; return n / (a.length / 3); };
function pixel(c, x, y) { const a = get(c.name, x, y, 1, 1); return [a[0], a[1], a[2]]; }
const near = (p, q, tol) => Math.abs(p[0] - q[0]) <= tol && Math.abs(p[1] - q[1]) <= tol &&
  Math.abs(p[2] - q[2]) <= tol;
for (const c of CASES) c.boards.forEach((b, i) => {
  const what = c.name + (c.boards.length > 1 ? " board " + (i + 1) : "");
  let wrong = [], red = [];
  for (let row = 0; row < 8; row++)
    for (let col = 0; col < 8; col++) {
      const sq = index(b, col, row), name = "abcdefgh"[sq & 7] + (1 + (sq >> 3));
      const want = (b.pieces[sq] || "--") + (dark(sq) ? "d" : "l"), a = cell(c, b, col, row);
      const r = reddish(a);
      if (sq === b.check) {
        // The mark shows round the piece; the king itself is opaque over it.
        const bare = tpl["--" + want.slice(2)], k = tpl[want], mask = new Uint8Array(S * S);
        for (let p = 0; p < S * S; p++)
          mask[p] = Math.abs(k[3 * p] - bare[3 * p]) + Math.abs(k[3 * p + 1] - bare[3 * p + 1]) > 120;
        if (r < 0.05) red.push(name + " has no check mark");
        if (diff(a, k, mask) > 12) wrong.push(name + " is not " + want.slice(0, 2));
        continue;
      }
      if (r > 0.002) red.push(name + " is red");
      let best = null, bestErr = 1e9;
      for (const key in tpl) {
        if (key.slice(2) !== want.slice(2)) continue;
        const e = diff(a, tpl[key]);
        if (e < bestErr) { bestErr = e; best = key; }
      }
      if (best !== want || bestErr > 3)
        wrong.push(name + ": " + best.slice(0, 2) + " (" + bestErr.toFixed(1) + "), not " + want.slice(0, 2));
    }
  say(wrong.length === 0, what + ": every square holds what the FEN says" +
      (wrong.length ? ": " + wrong.join(", ") : ""));
  say(red.length === 0, what + ": " + (b.check === null ? "no check mark" : "the check mark on the king in check only") +
      (red.length ? ": " + red.join(", ") : ""));
  // The disc: beside the mover's first rank (the bottom row unless flipped for White).
  const bottom = (b.mover === "w") !== b.flip, cx = b.x + 825;
  const yOn = b.y + (bottom ? 750 : 50), yOff = b.y + (bottom ? 50 : 750);
  const fill = b.mover === "w" ? [255, 255, 255] : [26, 26, 26];
  const ring = pixel(c, cx + 15, yOn), centre = pixel(c, cx, yOn), away = pixel(c, cx + 15, yOff);
  say(near(centre, fill, 12) && ring[0] < 90 && near(away, [255, 255, 255], 12),
      what + ": the " + (b.mover === "w" ? "white" : "black") + " disc beside the " +
      (bottom ? "bottom" : "top") + " row, none at the other end");
  // Labels: the reference's, in this board's order.
  let labels = 0;
  for (let k = 0; k < 8; k++) {
    const rowOf = b.flip ? k : 7 - k, colOf = b.flip ? 7 - k : k;   // rank k+1, file k
    labels += diff(rankLabel(c, b, rowOf), rankLabel(ref, rb, 7 - k)) > 2;
    labels += diff(fileLabel(c, b, colOf), fileLabel(ref, rb, k)) > 2;
  }
  say(labels === 0, what + ": ranks and files labelled " + (b.flip ? "h..a, 1..8 down" : "a..h, 8..1 down") +
      (labels ? " (" + labels + " wrong)" : ""));
  const title = get(c.name, b.x - 40, b.y - 75, 880, 50);
  let ink = 0; for (let k = 0; k < title.length; k += 3) ink += title[k] < 80;
  say(b.title ? ink > 200 : ink === 0, what + (b.title ? ": a title" : ": no title"));
});
document.getElementById("result").textContent = out.join("\n") + "\nDONE";
"""


def page(items):
    imgs = "".join(
        '<img id="%s" width="%d" height="%d" src="data:image/svg+xml;base64,%s">\n' % (
            it["name"], it["width"], it["height"],
            base64.b64encode(it["svg"].encode("utf-8")).decode("ascii"))
        for it in items)
    cases = [{k: v for k, v in it.items() if k != "svg"} for it in items]
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n%s"
            "<pre id=\"result\">NOT RUN</pre>\n<script>\nconst CASES = %s;\n"
            "window.addEventListener('load', () => {\n"
            "try {%s} catch (e) { document.getElementById('result').textContent = "
            "'FAIL the page: ' + e + '\\nDONE'; }\n});\n</script></body></html>\n" % (
                imgs, json.dumps(cases), SCRIPT))


def chromium_args(chromium, *extra):
    return [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--virtual-time-budget=20000"] + list(extra)


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    arbiter = os.path.abspath(sys.argv[1])
    shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
    chromium = find_chromium()
    if not chromium:
        print("svg_render: skipped: no Chromium (install Debian's chromium, or set ARBITER_CHROMIUM)")
        return SKIP
    with tempfile.TemporaryDirectory(prefix="arbiter-svg-") as tmp:
        items = build(arbiter, tmp)
        html = os.path.join(tmp, "page.html")
        with open(html, "w", encoding="utf-8") as f:
            f.write(page(items))
        r = subprocess.run(chromium_args(chromium, "--user-data-dir=" + os.path.join(tmp, "profile"),
                                         "--dump-dom", "file://" + html),
                           capture_output=True, text=True, timeout=300, check=False)
        dom = r.stdout
        start, end = dom.find('<pre id="result">'), dom.find("DONE</pre>")
        if start < 0 or end < 0:
            print("FAIL svg_render: no result from Chromium (exit %d)\n%s" % (r.returncode, r.stderr[-2000:]))
            return 1
        text = dom[start + len('<pre id="result">'):end].replace("&lt;", "<").replace(
            "&gt;", ">").replace("&amp;", "&").strip()
        print(text)
        if shots:
            os.makedirs(shots, exist_ok=True)
            for it in items:
                one = os.path.join(tmp, it["name"] + ".html")
                with open(one, "w", encoding="utf-8") as f:
                    f.write('<html><body style="margin:0"><img src="%s.svg" width="%d" '
                            'height="%d"></body></html>' % (it["name"], it["width"], it["height"]))
                subprocess.run(chromium_args(chromium, "--user-data-dir=" + os.path.join(tmp, "profile"),
                                             "--window-size=%d,%d" % (it["width"], it["height"]),
                                             "--screenshot=" + os.path.join(os.path.abspath(shots),
                                                                            it["name"] + ".png"),
                                             "file://" + one),
                               capture_output=True, timeout=120, check=False)
        lines = text.split("\n")
        failed = [l for l in lines if not l.startswith("ok")]
        print("svg_render: %d checks, %d failed" % (len(lines), len(failed)))
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
