"""Print-on-demand PNGs and Tabletop Simulator deck sheets, from the same art as the PDFs.

Nothing is drawn twice: every card side is painted by the reportlab backend
(`render.draw`) onto a PDF page of exactly the exported size, and pdfium
(pypdfium2) turns that page into pixels. So a PNG shows what the PDF prints.

* ``PNG/``: every card side at 300 dpi with 36 px (about 1/8") of bleed on each side,
  the poker size print services ask for: 822 × 1122 px (2.5 × 3.5" plus bleed).
* ``TTS/``: a 10 × 7 sheet of the card faces and one of the backs (at most 4096 px a
  side), the loyalty back as the deck's back image, and ``BSG_Express_Cards.json``,
  a saved object with the loyalty deck, the character deck and the Admiral card.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from bsg_desktop.art import cards as card_art
from bsg_desktop.art.fonts import register_fonts
from bsg_desktop.art.shapes import Drawing
from bsg_desktop.data.components import Components
from bsg_desktop.i18n import tr
from bsg_desktop.printing.render import begin_page, draw

DPI = 300
BLEED_PX = 36                      # 822 = 750 + 2 × 36: the poker size with bleed
TTS_COLS, TTS_ROWS = 10, 7
TTS_MAX = 4096
TTS_CELL_W = TTS_MAX // TTS_COLS                              # 409 px
TTS_CELL_H = round(TTS_CELL_W * card_art.CARD_H / card_art.CARD_W)   # 573 px
PNG_DIR, TTS_DIR = "PNG", "TTS"
TTS_FACES = f"{TTS_DIR}/BSG_Express_TTS_Faces.png"
TTS_BACKS = f"{TTS_DIR}/BSG_Express_TTS_Backs.png"
TTS_BACK = f"{TTS_DIR}/BSG_Express_TTS_Back.png"
TTS_JSON = f"{TTS_DIR}/BSG_Express_Cards.json"


def px_to_mm(px: float) -> float:
    return px * 25.4 / DPI


@dataclass(frozen=True, slots=True)
class Side:
    name: str          # file name stem
    drawing: Drawing


def _sides_pdf(sides: list[Side], bleed_mm: float) -> bytes:
    """One page per card side, the side's size plus ``bleed_mm`` all round."""
    regular, _ = register_fonts()
    d0 = sides[0].drawing
    w, h = d0.width + 2 * bleed_mm, d0.height + 2 * bleed_mm
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w * mm, h * mm), invariant=1, pageCompression=1,
               initialFontName=regular, initialFontSize=3)
    for side in sides:
        begin_page(c, h)
        c.setFillColor(HexColor(side.drawing.background or "#ffffff"))
        c.rect(0, 0, w, h, stroke=0, fill=1)
        draw(c, side.drawing, bleed_mm, bleed_mm)
        c.showPage()
    c.save()
    return buf.getvalue()


def _render(pdf_bytes: bytes, width_px: int, height_px: int) -> list:
    """Every page of the PDF as an RGB image of exactly width_px × height_px."""
    import pypdfium2 as pdfium  # only the exports need pdfium

    pdf = pdfium.PdfDocument(pdf_bytes)
    out = []
    for page in pdf:
        # a hair under the exact scale, so pdfium's rounding up lands on the pixel count
        scale = (width_px - 1e-6) / page.get_width()
        img = page.render(scale=scale).to_pil().convert("RGB")
        if img.size != (width_px, height_px):
            img = img.resize((width_px, height_px))
        out.append(img)
    pdf.close()
    return out


def _png(img) -> bytes:  # type: ignore[no-untyped-def]
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=3, dpi=(DPI, DPI))   # pHYs: print shops read it
    return buf.getvalue()


def card_sides(comp: Components, lang: str, ink: str) -> list[tuple[str, Side, Side]]:
    out = []
    for i, (cid, front, back) in enumerate(card_art.all_cards(comp, lang, ink), start=1):
        stem = f"{i:02d}_{cid}"
        out.append((cid, Side(f"{stem}_front", front), Side(f"{stem}_back", back)))
    return out


def exports(comp: Components, lang: str, ink: str) -> dict[str, bytes]:
    """The print-on-demand PNGs and the Tabletop Simulator files, by relative path."""
    from PIL import Image

    cards = card_sides(comp, lang, ink)
    sides = [s for _, f, b in cards for s in (f, b)]
    files: dict[str, bytes] = {}
    w_px = round(card_art.CARD_W / 25.4 * DPI) + 2 * BLEED_PX
    h_px = round(card_art.CARD_H / 25.4 * DPI) + 2 * BLEED_PX
    pod = _render(_sides_pdf(sides, px_to_mm(BLEED_PX)), w_px, h_px)
    for side, img in zip(sides, pod, strict=True):
        files[f"{PNG_DIR}/{side.name}.png"] = _png(img)
    # Tabletop Simulator: the same pages without bleed, at the sheet's cell size
    small = _render(_sides_pdf(sides, 0.0), TTS_CELL_W, TTS_CELL_H)
    faces = Image.new("RGB", (TTS_COLS * TTS_CELL_W, TTS_ROWS * TTS_CELL_H), "#000000")
    backs = faces.copy()
    for i in range(len(cards)):
        at = ((i % TTS_COLS) * TTS_CELL_W, (i // TTS_COLS) * TTS_CELL_H)
        faces.paste(small[2 * i], at)
        backs.paste(small[2 * i + 1], at)
    loyalty_at = next(i for i, (cid, _, _) in enumerate(cards) if cid.startswith("not_cylon"))
    files[TTS_FACES] = _png(faces)
    files[TTS_BACKS] = _png(backs)
    files[TTS_BACK] = _png(small[2 * loyalty_at + 1])
    files[TTS_JSON] = tts_json(comp, [cid for cid, _, _ in cards], lang)
    return files


def _transform(x: float) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def tts_json(comp: Components, ids: list[str], lang: str = "en") -> bytes:
    """A Tabletop Simulator saved object: the loyalty deck (one hidden back), the
    character deck (each card's own back: its brig side) and the Admiral card.

    Every loyalty card is nicknamed alike ("Loyalty"): TTS shows a card's nickname to
    everyone who points at it, face down or not. The image URLs are the file names
    beside this file; the cover's exports paragraph says how to replace them with the
    full paths or web addresses TTS loads.
    """
    faces, backs, back = (p.split("/")[-1] for p in (TTS_FACES, TTS_BACKS, TTS_BACK))
    decks = {
        "1": {"FaceURL": faces, "BackURL": back, "NumWidth": TTS_COLS, "NumHeight": TTS_ROWS,
              "BackIsHidden": True, "UniqueBack": False, "Type": 0},
        "2": {"FaceURL": faces, "BackURL": backs, "NumWidth": TTS_COLS, "NumHeight": TTS_ROWS,
              "BackIsHidden": False, "UniqueBack": True, "Type": 0},
    }

    hidden = tr("print.tts.loyalty", lang)
    secret = {cy.id for cy in comp.cylons} | {i for i in ids if i.startswith("not_cylon")}

    def card(i: int, deck: str) -> dict:
        nick = hidden if ids[i] in secret else ids[i]
        return {"Name": "Card", "Nickname": nick, "CardID": int(deck) * 100 + i,
                "CustomDeck": {deck: decks[deck]}, "Transform": _transform(0.0)}

    loyalty = [i for i, cid in enumerate(ids) if cid in secret]
    characters = [i for i, cid in enumerate(ids) if cid in {c.id for c in comp.characters}]
    admiral = ids.index("admiral")

    def deck(nick: str, idx: list[int], key: str, x: float) -> dict:
        return {"Name": "DeckCustom", "Nickname": nick, "Transform": _transform(x),
                "DeckIDs": [int(key) * 100 + i for i in idx],
                "CustomDeck": {key: decks[key]},
                "ContainedObjects": [card(i, key) for i in idx]}

    admiral_card = card(admiral, "2")
    admiral_card["Transform"] = _transform(6.0)
    state = {"SaveName": "BSG: Express cards", "ObjectStates": [
        deck("Loyalty", loyalty, "1", -3.0), deck("Characters", characters, "2", 3.0),
        admiral_card]}
    return (json.dumps(state, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()
