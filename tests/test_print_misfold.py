"""The loyalty cards must not tell Cylons from humans, however badly they are folded.

A fold-over loyalty card is the front and the common back printed one above the
other and folded between them. If the crafter folds 1.5 mm off the line, the back
shows the last 1.5 mm of the front (and the fold's edge shows the front's colour).
So we render every loyalty card's back, as it would be seen after folding with the
fold shifted by up to ±1.5 mm, and require the pixels to be identical between
Cylon and human cards, on every paper, in both inks and both languages.

Pixels are only comparable between pieces at the same spot of a page (anti-aliasing
depends on where an edge falls within a pixel), so cards are compared slot by slot:
the fold-over layout puts Cylon and human loyalty cards in every slot of a page.
"""

from __future__ import annotations

from collections import defaultdict

import pypdfium2 as pdfium
import pytest

from bsg_desktop.art import cards as card_art
from bsg_desktop.data.components import load_components
from bsg_desktop.printing.pack import PrintOptions, card_pages, render
from bsg_desktop.printing.sheets import PAPERS, Piece

COMP = load_components()
PX_PER_MM = 4                        # 0.25 mm pixels: every shift below is whole pixels
SHIFTS = [k / PX_PER_MM for k in range(-6, 7)]   # -1.5 … +1.5 mm
PT = 72 / 25.4


def _loyalty_kind(card_id: str) -> str | None:
    if card_id.startswith("not_cylon"):
        return "human"
    if card_id.startswith("cylon"):
        return "cylon"
    return None


@pytest.mark.parametrize("ink", ["color", "low"])
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_c3_misfolded_loyalty_backs_are_identical_for_cylons_and_humans(paper: str,
                                                                        ink: str) -> None:
    for lang in ("en", "hu"):
        o = PrintOptions(paper=paper, lang=lang, ink=ink)
        sheet, pages = card_pages(COMP, o)
        pdf = pdfium.PdfDocument(render(sheet, pages, lang, "print.doc.cards"))
        pieces = [(n, pl) for n, page in enumerate(pages) for pl in page.placed
                  if isinstance(pl.item, Piece)]
        ids = [pl.item.parts[0].tag.split(":")[0] for _, pl in pieces]   # type: ignore[union-attr]
        assert sorted(ids) == sorted(cid for cid, _, _ in card_art.all_cards(COMP, lang, ink))
        w_mm, h_mm = sheet.size
        # slot (x, y on the page) -> kind -> the back views at every shift
        views: dict[tuple[float, float], dict[str, list[bytes]]] = defaultdict(dict)
        for (n, placed), cid in zip(pieces, ids, strict=True):
            kind = _loyalty_kind(cid)
            if kind is None:
                continue
            p: Piece = placed.item  # type: ignore[assignment]
            ((_, fold, _, _),) = p.folds
            b = p.bleed
            # the region any shifted back can show: from 1.5 mm above the fold to the
            # back's outer bleed, across the whole width with the side bleed
            left, top = placed.x - b, placed.y + fold - 1.5
            right, bottom = placed.x + p.w + b, placed.y + p.h + b
            img = pdf[n].render(scale=PX_PER_MM / PT, crop=(
                left * PT, (h_mm - bottom) * PT, (w_mm - right) * PT, top * PT)).to_pil()
            back_h = round((p.h - fold) * PX_PER_MM)
            shots = []
            for d in SHIFTS:
                y0 = round((1.5 + d) * PX_PER_MM)
                shots.append(img.crop((0, y0, img.width, y0 + back_h)).tobytes())
            seen = views[(placed.x, placed.y)].setdefault(kind, shots)
            assert seen == shots, (paper, ink, lang, cid, "differs from the same kind")
        mixed = [slot for slot, kinds in views.items() if len(kinds) == 2]
        assert mixed, (paper, ink, lang, "no slot holds both a Cylon and a human card")
        for slot in mixed:
            human, cylon = views[slot]["human"], views[slot]["cylon"]
            for d, h_shot, c_shot in zip(SHIFTS, human, cylon, strict=True):
                assert h_shot == c_shot, (paper, ink, lang, f"fold shifted {d:+.2f} mm")
