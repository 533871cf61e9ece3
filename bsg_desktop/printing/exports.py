"""Print-on-demand PNGs and Tabletop Simulator deck sheets, from the same art as the PDFs.

Nothing is drawn twice: every card side is painted by the reportlab backend
(`render.draw`) onto a PDF page of exactly the exported size, and pdfium
(pypdfium2) turns that page into pixels. So a PNG shows what the PDF prints.

* ``PNG/``: every card side at 300 dpi, 822 × 1122 px: the 750 × 1050 px poker card
  (2.5 × 3.5") with 36 px (0.12", 3.05 mm) of bleed on each side, the size most
  print-on-demand services ask for.
* ``PNG-825x1125/``: the same at 825 × 1125 px, the size other printers ask for: exactly
  1/8" (37.5 px) of bleed on each side, so the cut line falls half-way into a pixel.
* ``PNG-markers/``: every marker side at 300 dpi with 36 px of bleed, 308 × 308 px.
* Every PNG carries pHYs (300 dpi) and sRGB chunks: the colours are sRGB, so a print
  shop's colour management need not guess.
* ``TTS/``: a 10 × 7 sheet of the card faces and one of the backs (at most 4096 px a
  side), the loyalty back as the deck's back image, and ``BSG_Express_Cards.json``,
  a saved object with the loyalty deck, the character deck and the Admiral card.
"""

from __future__ import annotations

import io
import json
import zlib
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from bsg_desktop.art import cards as card_art
from bsg_desktop.art import markers as marker_art
from bsg_desktop.art.fonts import register_fonts
from bsg_desktop.art.shapes import Drawing
from bsg_desktop.data.components import Components
from bsg_desktop.i18n import text, tr
from bsg_desktop.printing.render import begin_page, draw

DPI = 300
BLEED_PX = 36                      # 822 = 750 + 2 × 36: the poker size with bleed
# (width, height) px of each print-on-demand size, and its folder
POD_SIZES: dict[str, tuple[int, int]] = {"PNG": (822, 1122), "PNG-825x1125": (825, 1125)}
MARKER_DIR = "PNG-markers"
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


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (len(data).to_bytes(4, "big") + kind + data
            + zlib.crc32(kind + data).to_bytes(4, "big"))


# sRGB (perceptual) with the gAMA and cHRM the PNG spec asks to accompany it, for readers
# that know no sRGB chunk
SRGB_CHUNKS = (_chunk(b"sRGB", b"\x00") + _chunk(b"gAMA", (45455).to_bytes(4, "big"))
               + _chunk(b"cHRM", b"".join(v.to_bytes(4, "big") for v in (
                   31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000))))


def _png(img) -> bytes:  # type: ignore[no-untyped-def]
    """PNG bytes with pHYs (300 dpi: print shops size the card from it) and sRGB."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=3, dpi=(DPI, DPI))
    data = buf.getvalue()
    ihdr_end = 8 + 8 + 13 + 4            # signature, IHDR's length and type, data, CRC
    return data[:ihdr_end] + SRGB_CHUNKS + data[ihdr_end:]


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
    card_px = round(card_art.CARD_W / 25.4 * DPI)          # 750: 2.5" at 300 dpi
    for folder, (w_px, h_px) in POD_SIZES.items():
        bleed_px = (w_px - card_px) / 2                     # 36 or 37.5
        pod = _render(_sides_pdf(sides, px_to_mm(bleed_px)), w_px, h_px)
        for side, img in zip(sides, pod, strict=True):
            files[f"{folder}/{side.name}.png"] = _png(img)
    markers = [s for i, (mid, face, back) in enumerate(
        marker_art.all_markers(comp, lang, ink), start=1)
        for s in (Side(f"{i:02d}_{mid}_front", face), Side(f"{i:02d}_{mid}_back", back))]
    m_px = round(marker_art.MARKER / 25.4 * DPI) + 2 * BLEED_PX
    for side, img in zip(markers, _render(_sides_pdf(markers, px_to_mm(BLEED_PX)), m_px,
                                          m_px), strict=True):
        files[f"{MARKER_DIR}/{side.name}.png"] = _png(img)
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


def _transform(x: float, face_up: bool) -> dict[str, float]:
    """Where an object spawns; rotZ 180 lays a card (or a deck) face down."""
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 0.0 if face_up else 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def tts_json(comp: Components, ids: list[str], lang: str = "en") -> bytes:
    """A Tabletop Simulator saved object: the Cylon loyalty cards and the not-Cylon ones
    as two decks, face down with one hidden back (setup S5 takes the Cylon cards it
    needs from the first at random and shuffles them into the second), the character
    deck and the Admiral card face up, their brig sides down (S2).

    Every loyalty card is nicknamed alike ("Loyalty"): TTS shows a card's nickname to
    everyone who points at it, face down or not; a character card or the Admiral's
    is nicknamed as printed. The image URLs are the file names beside this file; the
    cover's exports paragraph says how to replace them with the full paths or web
    addresses TTS loads.
    """
    faces, backs, back = (p.split("/")[-1] for p in (TTS_FACES, TTS_BACKS, TTS_BACK))
    decks = {
        "1": {"FaceURL": faces, "BackURL": back, "NumWidth": TTS_COLS, "NumHeight": TTS_ROWS,
              "BackIsHidden": True, "UniqueBack": False, "Type": 0},
        "2": {"FaceURL": faces, "BackURL": backs, "NumWidth": TTS_COLS, "NumHeight": TTS_ROWS,
              "BackIsHidden": False, "UniqueBack": True, "Type": 0},
    }

    hidden = tr("print.tts.loyalty", lang)
    cylons = {cy.id for cy in comp.cylons}
    secret = cylons | {i for i in ids if i.startswith("not_cylon")}
    names = {ch.id: text(ch.name, lang) for ch in comp.characters}
    names["admiral"] = text(comp.admiral_title, lang)

    def card(i: int, deck: str, face_up: bool) -> dict:
        nick = hidden if ids[i] in secret else names.get(ids[i], ids[i])
        return {"Name": "Card", "Nickname": nick, "CardID": int(deck) * 100 + i,
                "CustomDeck": {deck: decks[deck]}, "Transform": _transform(0.0, face_up)}

    cylon_cards = [i for i, cid in enumerate(ids) if cid in cylons]
    human_cards = [i for i, cid in enumerate(ids) if cid in secret - cylons]
    characters = [i for i, cid in enumerate(ids) if cid in {c.id for c in comp.characters}]
    admiral = ids.index("admiral")

    def deck(nick: str, idx: list[int], key: str, x: float, face_up: bool) -> dict:
        return {"Name": "DeckCustom", "Nickname": nick, "Transform": _transform(x, face_up),
                "DeckIDs": [int(key) * 100 + i for i in idx],
                "CustomDeck": {key: decks[key]},
                "ContainedObjects": [card(i, key, face_up) for i in idx]}

    admiral_card = card(admiral, "2", True)
    admiral_card["Transform"] = _transform(9.0, True)
    state = {"SaveName": "BSG: Express cards", "ObjectStates": [
        deck(tr("print.tts.cylon_deck", lang), cylon_cards, "1", -6.0, False),
        deck(tr("print.tts.human_deck", lang), human_cards, "1", -3.0, False),
        deck(tr("print.tts.characters", lang), characters, "2", 3.0, True),
        admiral_card]}
    return (json.dumps(state, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()
