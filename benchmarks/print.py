"""Time the full print-and-play pack and report file sizes (aim: < 3 s, each PDF < 2 MB).

Run: ``python benchmarks/print.py [--paper a4] [--lang en] [--ink color]
[--layout fold|duplex] [--exports] [--repeat 3]``. The pack is every PDF and
README.txt; ``--exports`` adds the print-on-demand PNGs and Tabletop Simulator
sheets (an option of ``bsg-express print``, timed here on its own line).
Font registration and cards.yaml loading happen once per process and are timed
separately, so the figure is the cost of one pack as the CLI pays it.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bsg_desktop.art.fonts import register_fonts  # noqa: E402
from bsg_desktop.data.components import load_components  # noqa: E402
from bsg_desktop.printing.pack import PrintOptions, build_pack  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--paper", default="a4")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--ink", default="color")
    ap.add_argument("--layout", default="fold")
    ap.add_argument("--exports", action="store_true")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    t0 = time.perf_counter()
    comp = load_components()
    register_fonts()
    setup = time.perf_counter() - t0
    options = PrintOptions(paper=a.paper, lang=a.lang, ink=a.ink, layout=a.layout)
    times, files = [], {}
    for _ in range(a.repeat):
        t = time.perf_counter()
        files = build_pack(comp, options)
        times.append(time.perf_counter() - t)
    print(f"setup (cards.yaml + fonts): {setup:.3f} s")
    print(f"full pack ({a.paper}, {a.lang}, {a.ink}, {a.layout}): best {min(times):.3f} s, "
          f"first {times[0]:.3f} s over {a.repeat} run(s)")
    for name, data in files.items():
        print(f"  {name}: {len(data) / 1024:.1f} KiB")
    if a.exports:
        t = time.perf_counter()
        with_exports = build_pack(comp, replace(options, exports=True))
        took = time.perf_counter() - t
        extra = {k: v for k, v in with_exports.items() if k not in files}
        print(f"pack with --exports: {took:.3f} s ({len(extra)} more files, "
              f"{sum(map(len, extra.values())) / 2**20:.1f} MiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
