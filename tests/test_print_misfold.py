"""The loyalty cards must not tell Cylons from humans, however badly they are folded.

A gutter-folded loyalty card is the front left of the sheet's centre line and the
common back at its mirror place right of it, folded along the line between them.
If the crafter folds 1.5 mm off the line, the back shows the last 1.5 mm of the front
(and the fold's edge shows the front's colour). So we render every loyalty card's
back, as it would be seen after folding with the fold shifted across by up to
±1.5 mm, and require the pixels to be identical between Cylon and human cards, on
every paper, in both inks and both languages.

Pixels are only comparable between pieces at the same spot of a page (anti-aliasing
depends on where an edge falls within a pixel), so cards are compared slot by slot:
the fold layout puts Cylon and human loyalty cards in every slot of a page.
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
        backs = [(n, pl, part) for n, page in enumerate(pages) for pl in page.placed
                 if isinstance(pl.item, Piece) for part in pl.item.parts
                 if part.tag.endswith(":back")]
        ids = [part.tag.split(":")[0] for _, _, part in backs]
        assert sorted(ids) == sorted(cid for cid, _, _ in card_art.all_cards(COMP, lang, ink))
        # slot (x, y on the page) -> kind -> the back views at every shift
        views: dict[tuple[float, float], dict[str, list[bytes]]] = defaultdict(dict)
        for n, placed, part in backs:
            cid = part.tag.split(":")[0]
            kind = _loyalty_kind(cid)
            if kind is None:
                continue
            p: Piece = placed.item  # type: ignore[assignment]
            ((fold, _, _, _),) = p.folds
            x0, y0, x1, y1 = part.footprint
            assert x0 >= fold - 1e-6                  # the back lies right of the gutter
            w_mm, h_mm = (pages[n].sheet or sheet).size
            # the region any shifted back can show: 1.5 mm either side across the fold
            left, top = placed.x + x0 - 1.5, placed.y + y0
            right, bottom = placed.x + x1 + 1.5, placed.y + y1
            img = pdf[n].render(scale=PX_PER_MM / PT, crop=(
                left * PT, (h_mm - bottom) * PT, (w_mm - right) * PT, top * PT)).to_pil()
            back_w = round((x1 - x0) * PX_PER_MM)
            shots = []
            for d in SHIFTS:
                x = round((1.5 + d) * PX_PER_MM)
                shots.append(img.crop((x, 0, x + back_w, img.height)).tobytes())
            seen = views[(placed.x + x0, placed.y + y0)].setdefault(kind, shots)
            assert seen == shots, (paper, ink, lang, cid, "differs from the same kind")
        mixed = [slot for slot, kinds in views.items() if len(kinds) == 2]
        assert mixed, (paper, ink, lang, "no slot holds both a Cylon and a human card")
        for slot in mixed:
            human, cylon = views[slot]["human"], views[slot]["cylon"]
            for d, h_shot, c_shot in zip(SHIFTS, human, cylon, strict=True):
                assert h_shot == c_shot, (paper, ink, lang, f"fold shifted {d:+.2f} mm")
