#!/usr/bin/env python3
"""standings_html.py -- the HTML pages of `arbiter tournament standings
--html` and `arbiter tournament crosstable --html`, rendered by headless
Chromium and read back from its DOM.

    python3 tests/cli/standings_html.py ARBITER DATA_DIR [--screenshots DIR]

The event is the biggest of tests/data/tournaments/tiebreaks/ (by players).
For the standings page and the crosstable page, each under fide2024 and
fide2026:
  - the page is self-contained: no <script>, no src= or href= to anything,
    no @import or url() in its CSS;
  - Chromium loads it, then a script appended to a copy of the page (the
    page itself has none) reads every cell's rendered text (innerText) of
    table #standings and the tie-break headers' code and edition; the
    result, printed by --dump-dom, must equal the JSON of the same command
    with --json: one row per player in the same order, No, rank, id, name,
    rating, points, every tie-break value (empty = null), every round's
    cell (the opponent's No, colour and result: 12w1, 7b½; a bye's code);
    the headers name each code and its edition;
  - a screenshot is taken (PNG: right size, not blank: dark text pixels on
    a light page) and the page prints to PDF (one page at least).
Exits 1 on any failure, 77 (a skip for CTest) when no Chromium is installed
(or ARBITER_CHROMIUM names none). Standard library only.
"""

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SKIP = 77
WIDTH, HEIGHT = 1600, 1200

READ = r"""
<script>
window.addEventListener('load', () => {
  const t = document.getElementById('standings'), out = {heads: [], rows: []};
  for (const th of t.tHead.rows[0].cells)
    out.heads.push({text: th.innerText.replace(/\s+/g, ' ').trim(), cls: th.className,
                    code: th.dataset.code || null, edition: th.dataset.edition || null});
  for (const tr of t.tBodies[0].rows)
    out.rows.push(Array.from(tr.cells, td => [td.className, td.innerText.trim()]));
  const pre = document.createElement('pre');
  pre.id = 'result';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
"""


def find_chromium():
    names = [os.environ.get("ARBITER_CHROMIUM", "")] if "ARBITER_CHROMIUM" in os.environ else \
        ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    for name in names:
        path = shutil.which(name) if name else None
        if path:
            return path
    return None


def chromium_args(chromium, profile, *extra):
    return [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--user-data-dir=" + profile] + list(extra)


def biggest(folder):
    best = None
    for f in sorted(os.listdir(folder)):
        if f.endswith(".trf"):
            with open(os.path.join(folder, f), "rb") as fh:
                n = sum(1 for line in fh.read().replace(b"\r\n", b"\n").replace(b"\r", b"\n")
                        .split(b"\n") if line.startswith(b"001"))
            if not best or n > best[0]:
                best = (n, os.path.join(folder, f))
    return best


def png_info(path):
    """(width, height, dark pixels, light pixels) of an 8-bit RGB(A) PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6):
                raise ValueError("PNG colour type %d depth %d" % (ctype, depth))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride = zlib.decompress(idat), w * bpp
    prev, dark, light, i = bytearray(stride), 0, 0, 0
    for _ in range(h):
        ft, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if ft == 1:
                line[x] = (line[x] + a) & 255
            elif ft == 2:
                line[x] = (line[x] + b) & 255
            elif ft == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ft == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, bpp):
            s = line[x] + line[x + 1] + line[x + 2]
            dark += s < 150
            light += s > 600
        prev = line
    return w, h, dark, light


def expected_cell(rnd):
    if rnd["opponent"] is None:
        return rnd["result"]
    res = "\u00bd" if rnd["result"] == "=" else rnd["result"]
    return "%d%s%s" % (rnd["no"], rnd["color"] or " ", res)


def number(text):
    return None if text == "" else float(text)


class Checks:
    def __init__(self):
        self.lines = []

    def say(self, ok, what):
        self.lines.append(("ok   " if ok else "FAIL ") + what)
        return ok


def compare(c, label, got, want, regulation, crosstable):
    """The DOM's table against the crosstable JSON (which has the standings'
    columns too)."""
    heads = got["heads"]
    codes = want["tiebreaks"]
    tbh = [h for h in heads if h["cls"] == "tb"]
    c.say([h["code"] for h in tbh] == codes, "%s: tie-break headers %s" % (
        label, [h["code"] for h in tbh]))
    c.say(all(h["edition"] == regulation and h["text"] == h["code"] + " " + regulation
              for h in tbh), "%s: each tie-break header names its code and edition (%s)" % (
        label, tbh[0]["text"] if tbh else "none"))
    rounds = [h for h in heads if h["cls"] == "round"]
    c.say(len(rounds) == (want["rounds"] if crosstable else 0),
          "%s: %d round columns" % (label, len(rounds)))
    c.say(len(got["rows"]) == len(want["players"]), "%s: %d rows, %d players in the JSON" % (
        label, len(got["rows"]), len(want["players"])))
    bad = []
    for row, p in zip(got["rows"], want["players"]):
        cells = {}
        for cls, text in row:
            cells.setdefault(cls, []).append(text)
        one = {k: v[0] for k, v in cells.items()}
        checks = [
            ("no", int(one["no"]) == p["no"]),
            ("rank", int(one["rank"]) == p["rank"]),
            ("id", int(one["id"]) == p["id"]),
            ("name", one["name"] == p["name"].strip()),
            ("title", one["title"] == p["title"]),
            ("rating", number(one["rating"]) == (p["rating"] or None)),
            ("fed", one["fed"] == p["federation"]),
            ("points", number(one["points"]) == p["points"]),
            ("tiebreaks", [number(x) for x in cells.get("tb", [])] ==
             [p["tiebreaks"][k] for k in codes]),
            ("rounds", cells.get("round", []) ==
             ([expected_cell(r) for r in p["rounds"]] if crosstable else [])),
        ]
        for what, ok in checks:
            if not ok:
                bad.append("player %d: %s: %s" % (p["id"], what, row))
    c.say(not bad, "%s: every cell equals the JSON (%d rows)%s" % (
        label, len(got["rows"]), "".join("\n     " + b for b in bad[:5])))


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    arbiter, data = os.path.abspath(sys.argv[1]), sys.argv[2]
    shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
    chromium = find_chromium()
    if not chromium:
        print("standings_html: skipped: no Chromium (install Debian's chromium, "
              "or set ARBITER_CHROMIUM)")
        return SKIP
    players, trf = biggest(os.path.join(data, "tournaments", "tiebreaks"))
    c = Checks()
    c.say(players >= 80, "the event: %s, %d players" % (os.path.basename(trf), players))
    with tempfile.TemporaryDirectory(prefix="arbiter-html-") as tmp:
        profile = os.path.join(tmp, "profile")
        for regulation in ("fide2024", "fide2026"):
            cross = subprocess.run([arbiter, "tournament", "crosstable", trf, "--regulations",
                                    regulation, "--json"], capture_output=True, text=True,
                                   check=False)
            if not c.say(cross.returncode == 0, "crosstable --json %s" % regulation):
                continue
            want = json.loads(cross.stdout)
            std = subprocess.run([arbiter, "tournament", "standings", trf, "--regulations",
                                  regulation, "--json"], capture_output=True, text=True,
                                 check=False)
            c.say(std.returncode == 0 and json.loads(std.stdout)["players"] == [
                {k: p[k] for k in ("id", "rank", "points", "tiebreaks")} for p in want["players"]],
                "standings --json %s: the crosstable's players, ranks, points and tie-breaks" %
                regulation)
            for action in ("standings", "crosstable"):
                label = "%s %s" % (action, regulation)
                page = os.path.join(tmp, "%s-%s.html" % (action, regulation))
                r = subprocess.run([arbiter, "tournament", action, trf, "--regulations",
                                    regulation, "--html", page], capture_output=True,
                                   text=True, check=False)
                if not c.say(r.returncode == 0 and os.path.exists(page),
                             "%s --html (exit %d %s)" % (label, r.returncode, r.stderr.strip())):
                    continue
                with open(page, encoding="utf-8") as f:
                    html = f.read()
                c.say("<script" not in html and not re.search(r"\b(src|href)\s*=", html)
                      and "@import" not in html and "url(" not in html,
                      "%s: self-contained (no script, no link, no url)" % label)
                c.say("@media print" in html, "%s: has print rules" % label)
                probe = page[:-5] + ".probe.html"
                with open(probe, "w", encoding="utf-8") as f:
                    f.write(html.replace("</body>", READ + "</body>"))
                r = subprocess.run(chromium_args(chromium, profile, "--dump-dom",
                                                 "file://" + probe),
                                   capture_output=True, text=True, timeout=120, check=False)
                m = re.search(r'<pre id="result">(.*?)</pre>', r.stdout, re.S)
                if not c.say(m is not None, "%s: Chromium read the DOM (exit %d)" % (
                        label, r.returncode)):
                    continue
                text = m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace(
                    "&quot;", '"').replace("&amp;", "&")
                compare(c, label, json.loads(text), want, regulation, action == "crosstable")
                png = os.path.join(shots or tmp, "%s-%s.png" % (action, regulation))
                if shots:
                    os.makedirs(shots, exist_ok=True)
                subprocess.run(chromium_args(chromium, profile,
                                             "--window-size=%d,%d" % (WIDTH, HEIGHT),
                                             "--screenshot=" + os.path.abspath(png),
                                             "file://" + page),
                               capture_output=True, timeout=120, check=False)
                try:
                    w, h, dark, light = png_info(png)
                    c.say(w == WIDTH and h == HEIGHT and dark > 2000 and light > w * h // 3,
                          "%s: screenshot %dx%d, %d dark and %d light pixels" % (
                              label, w, h, dark, light))
                except (OSError, ValueError, zlib.error) as x:
                    c.say(False, "%s: screenshot: %s" % (label, x))
                pdf = os.path.join(tmp, "%s-%s.pdf" % (action, regulation))
                subprocess.run(chromium_args(chromium, profile, "--no-pdf-header-footer",
                                             "--print-to-pdf=" + pdf, "file://" + page),
                               capture_output=True, timeout=120, check=False)
                pages = 0
                if os.path.exists(pdf):
                    with open(pdf, "rb") as f:
                        pages = len(re.findall(rb"/Type\s*/Page[^s]", f.read()))
                c.say(pages >= 1, "%s: prints to PDF (%d pages)" % (label, pages))
    print("\n".join(c.lines))
    failed = [l for l in c.lines if not l.startswith("ok")]
    print("standings_html: %d checks, %d failed" % (len(c.lines), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
