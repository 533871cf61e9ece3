"""Look for tells on the backs of hidden pieces: every layout × ink × paper.

Run: ``python benchmarks/tells.py [--lang en]``. For each case it renders every sheet
holding a loyalty card or a DRADIS, demoralized or damage marker, cuts each back
where it lands under each misregistration or misfold of `tests/tells.py` (±0.5 to
±2 mm in x, y and both), on the sheet as printed and turned by each of
`tells.ROTATIONS` (±0.3°, ±0.5°: then the backs' edges are compared), and prints the
number of look-alike groups per deck (1 is no tell) per rotation, with the shifts that
split a deck, then the loyalty fronts' show-through figure (share of 1 mm cells
whose ink differs from the first front's, low ink).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import tells  # noqa: E402

from bsg_desktop.art import cards as card_art  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--brief", action="store_true",
                    help="list the splitting shifts of the loyalty deck only")
    args = ap.parse_args()
    print(f"{len(tells.SHIFTS)} shifts per case: " + " ".join(
        f"({dx:+g},{dy:+g})" for dx, dy in tells.SHIFTS))
    bad = 0
    for layout in tells.LAYOUTS:
        for ink in tells.INKS:
            for paper in tells.PAPERS:
                t = time.perf_counter()
                found = tells.case(layout, ink, paper, args.lang, rotations=tells.ROTATIONS)
                for rot in tells.ROTATIONS:
                    sizes: dict[str, int] = {}
                    worst: dict[str, int] = {}
                    split: dict[str, list[tuple[float, float]]] = {}
                    for (dx, dy, r), decks in found.items():
                        if r != rot:
                            continue
                        for deck, groups in decks.items():
                            sizes[deck] = sum(len(g) for g in groups)
                            worst[deck] = max(worst.get(deck, 0), len(groups))
                            split.setdefault(deck, [])
                            if len(groups) > 1:
                                split[deck].append((dx, dy))
                    bad += sum(len(v) for v in split.values())
                    decks_txt = ", ".join(
                        f"{d} {sizes[d]} backs: {worst[d]} group{'s' if worst[d] > 1 else ''}"
                        f" ({len(split[d])}/{len(tells.SHIFTS)} shifts split)" for d in sizes)
                    print(f"{layout:6} {ink:5} {paper:6} rot {rot:+.1f}°: {decks_txt}")
                    for deck, shifts in split.items():
                        if shifts and (deck == "loyalty" or not args.brief):
                            print(f"    {deck} split at " + " ".join(
                                f"({dx:+g},{dy:+g})" for dx, dy in shifts))
                print(f"    ({time.perf_counter() - t:.1f} s)")
    for ink in tells.INKS:
        fronts = [(cid, f) for cid, f, _ in card_art.all_cards(tells.COMP, args.lang, ink)
                  if tells.deck_of(cid) == "loyalty"]
        worst_front = max(tells.show_through(fronts), key=lambda kv: kv[1])
        print(f"show-through {ink:5}: loyalty fronts differ in at most "
              f"{worst_front[1]:.2%} of the card ({worst_front[0]})")
    print(f"splits: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
