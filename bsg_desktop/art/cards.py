"""Cards (rules C2, C3): poker size, 63.5 × 88.9 mm, one Drawing per side.

Every card is a coloured frame (which continues into the bleed) around a paper
panel; the colour says the card family at a glance across the table: blue for
characters and humans, dark red for the brig, gold for the Admiral. Loyalty
fronts are the exception: their red (Cylon) or blue (human) sits inside a
neutral border that is the same on all twelve, so the edge of a folded, glued or
trimmed loyalty card never tells which it is.
"""

from __future__ import annotations

from bsg_desktop.art.emblems import emblem
from bsg_desktop.art.fonts import block, fit, text_width
from bsg_desktop.art.icons import icon
from bsg_desktop.art.palette import Palette, palette
from bsg_desktop.art.shapes import Circle, Drawing, Item, Label, Rect, Style
from bsg_desktop.data.components import Character, Components, CylonCard
from bsg_desktop.i18n import text, tr

CARD_W = 63.5
CARD_H = 88.9
FRAME = 3.0
BAND_H = 15.0
BRIG = "#7a1f1a"
ADMIRAL = "#86670f"   # dark enough for white (and on paper, gold) text at 4.5:1
# Every loyalty front has this same border all round, wider than the worst misfold
# (1.5 mm), so no crease, misfold or miscut can show a Cylon's red or a human's blue
# on the common back or on the card's edge.
LOYALTY_BORDER = 3.0
LOYALTY_EDGE = {"color": "#3a3d42", "low": "#ffffff"}


def _frame(pal: Palette, colour: str) -> tuple[list[Item], str | None]:
    inner = (FRAME, FRAME, CARD_W - 2 * FRAME, CARD_H - 2 * FRAME)
    if pal.low:
        return [Rect(0, 0, CARD_W, CARD_H, Style(fill="#ffffff")),
                Rect(*inner, Style(stroke=colour, width=0.6), radius=2.5)], None
    # The frame colour itself forms the title band: the paper panel starts below it.
    return [Rect(0, 0, CARD_W, CARD_H, Style(fill=colour)),
            Rect(FRAME, FRAME + BAND_H, CARD_W - 2 * FRAME, CARD_H - 2 * FRAME - BAND_H,
                 Style(fill=pal.paper), radius=2.5)], colour


def _loyalty_frame(pal: Palette, colour: str) -> tuple[list[Item], str | None]:
    """A loyalty front: a neutral border, the same on every loyalty card, around the
    faction's colour, which starts `LOYALTY_BORDER` mm inside the cut."""
    edge = LOYALTY_EDGE[pal.ink]
    b = LOYALTY_BORDER
    if pal.low:
        return [Rect(0, 0, CARD_W, CARD_H, Style(fill=edge)),
                Rect(b, b, CARD_W - 2 * b, CARD_H - 2 * b, Style(stroke=colour, width=0.6),
                     radius=2.5)], None
    return [Rect(0, 0, CARD_W, CARD_H, Style(fill=edge)),
            Rect(b, b, CARD_W - 2 * b, CARD_H - 2 * b, Style(fill=colour), radius=2.5),
            Rect(b + 1.2, b + BAND_H, CARD_W - 2 * b - 2.4, CARD_H - 2 * b - BAND_H - 1.2,
                 Style(fill=pal.paper), radius=2.0)], edge


def _band(pal: Palette, colour: str, title: str, subtitle: str = "") -> list[Item]:
    """The title band: white on the frame colour, or coloured on paper in low ink."""
    ink = colour if pal.low else "#ffffff"
    w = CARD_W - 2 * FRAME - 4
    items: list[Item] = []
    if pal.low:
        items.append(Rect(FRAME, FRAME + BAND_H, CARD_W - 2 * FRAME, 0.5, Style(fill=colour)))
    top = FRAME + 1.6 if subtitle else FRAME + 2.5
    items += block(title, FRAME + 2, top, w, 8.5 if subtitle else 10, 4.4, ink, bold=True,
                   valign="middle")
    if subtitle:
        size, _ = fit(subtitle, 2.4, w, 3)
        items.append(Label(CARD_W / 2, FRAME + BAND_H - 1.6, subtitle, size, Style(fill=ink),
                           "middle"))
    return items


# An emblem fills this much of its disc's diameter: clear of the ring, large enough
# that a 20 mm marker's or a thumbnail card's emblem still reads.
EMBLEM_IN_DISC = 0.78


def _emblem(pal: Palette, colour: str, cy: float, name: str = "",
            icon_name: str = "", r: float = 11.5) -> list[Item]:
    """A disc in the card's colour with the character's emblem (`art.emblems`) or an
    icon of the card's own (`art.icons`) in it."""
    cx = CARD_W / 2
    items: list[Item] = [Circle(cx, cy, r, Style(fill=None if pal.low else colour,
                                                 stroke=colour, width=0.8))]
    ink = colour if pal.low else "#ffffff"
    if name:
        items.append(emblem(name, cx, cy, 2 * r * EMBLEM_IN_DISC, ink))
    if icon_name:
        items.append(icon(icon_name, cx, cy, r * 1.25, ink, cut=colour))
    return items


def _body(pal: Palette, colour: str, title: str, body: str, y: float) -> list[Item]:
    w = CARD_W - 2 * FRAME - 5
    items = block(title, FRAME + 2.5, y, w, 5, 3.4, colour, bold=True)
    items += block(body, FRAME + 2.5, y + 6, w, CARD_H - FRAME - 3 - (y + 6), 3.0, pal.text)
    return items


def character_front(ch: Character, lang: str = "en", ink: str = "color") -> Drawing:
    """C2 front: name, rank, emblem, ability."""
    pal = palette(ink)
    items, bg = _frame(pal, pal.human)
    items += _band(pal, pal.human, text(ch.name, lang),
                   f"{tr('print.character', lang)} · {tr('print.rank', lang, rank=ch.rank)}")
    items += _emblem(pal, pal.human, 34, ch.emblem)
    items += _body(pal, pal.human, text(ch.ability_title, lang), text(ch.ability, lang), 50)
    return Drawing(CARD_W, CARD_H, tuple(items), background=bg)


def character_brig(ch: Character, lang: str = "en", ink: str = "color") -> Drawing:
    """C2 back: the same card marked IN THE BRIG, with the ability as it works there."""
    pal = palette(ink)
    items, bg = _frame(pal, BRIG)
    items += _band(pal, BRIG, tr("print.brig", lang), text(ch.name, lang))
    if pal.low:   # light bars behind the emblem: no heavy black over its outline
        circle, *mark = _emblem(pal, BRIG, 34, ch.emblem)
        items += [circle, icon("bars", CARD_W / 2, 34, 21, "#b8b8b8"), *mark]
    else:
        items += _emblem(pal, BRIG, 34, ch.emblem)
        items.append(icon("bars", CARD_W / 2, 34, 21, "#d9d9d9"))
    items += _body(pal, BRIG, text(ch.ability_title, lang), text(ch.brig, lang), 50)
    return Drawing(CARD_W, CARD_H, tuple(items), background=bg)


# The character card as a seat's panel shows it on a screen: one plate with the emblem,
# the name and the ability's title, every word at the screen's words size (the printed
# card's words would be a few pixels high there). Clicking it reads the whole card.
PLATE_W = 70.0
PLATE_H = 15.0


def one_line(words: str, size: float, width: float, bold: bool = False) -> str:
    """``words`` on one line of ``width``, cut with an ellipsis if longer (the plate's
    tooltip and its card viewer have them whole)."""
    if text_width(words, size, bold) <= width:
        return words
    while words and text_width(words + "…", size, bold) > width:
        words = words[:-1].rstrip()
    return words + "…"


def character_plate(ch: Character, lang: str = "en", brig: bool = False,
                    words: float = 6.4, width: float = PLATE_W,
                    title: float | None = None, height: float = PLATE_H) -> Drawing:
    """The seat panel's character card: the emblem on a white disc, the short name and
    the ability's title, in the card's colours (blue, or the brig's red with bars over
    the emblem), ``words`` mm type (``title``: the ability title's, if other), ``width``
    × ``height`` mm."""
    small = words if title is None else title
    pal = palette("color")
    colour = BRIG if brig else pal.human
    h = height
    r = h / 2 - 1.1
    cx, cy = 1.3 + r, h / 2
    items: list[Item] = [Rect(0, 0, width, h, Style(fill=colour), radius=2.0),
                         Circle(cx, cy, r, Style(fill="#ffffff")),
                         emblem(ch.emblem, cx, cy, 2 * r * EMBLEM_IN_DISC, colour)]
    if brig:
        items.append(icon("bars", cx, cy, 2 * r * 0.9, "#7f7f7f"))
    tx = cx + r + 1.8
    tw = width - tx - 1.2
    items.append(Label(tx, 1.0 + 0.75 * words, one_line(text(ch.short, lang), words, tw, True),
                       words, Style(fill="#ffffff"), "start", True))
    items.append(Label(tx, h - 0.9 - 0.25 * small,
                       one_line(text(ch.ability_title, lang), small, tw), small,
                       Style(fill="#ffffff" if brig else "#dbe7f3")))
    return Drawing(width, h, tuple(items))


# Every loyalty front has the same header, the same emblem disc and the same text box,
# each tinted where low ink leaves paper white, so the ink a thin card shows through its
# back is the same shape on a Cylon's card as on a human's (only the words differ).
LOYALTY_TINT = {"color": "#e6e0cf", "low": "#e4e4e4"}
LOYALTY_EMBLEM = (CARD_W / 2, 33.0, 12.0)                       # cx, cy, r
LOYALTY_BOX = (FRAME + 2.5, 48.0, CARD_W - 2 * FRAME - 5, 34.0)   # x, y, w, h


def _loyalty_front(pal: Palette, colour: str, icon_name: str, title: str, line: str,
                   body: str, body_colour: str) -> Drawing:
    """A loyalty front: the common header, emblem and box, and the faction's words."""
    items, bg = _loyalty_frame(pal, colour)
    items += _band(pal, colour, title[0])
    tint = LOYALTY_TINT[pal.ink]
    cx, cy, r = LOYALTY_EMBLEM
    items.append(Circle(cx, cy, r, Style(fill=tint if pal.low else colour, stroke=colour,
                                         width=0.8)))
    items.append(icon(icon_name, cx, cy, r * 1.45, colour if pal.low else "#ffffff",
                      cut=tint if pal.low else colour))
    x, y, w, h = LOYALTY_BOX
    items.append(Rect(x, y, w, h, Style(fill=tint), radius=1.5))
    items += block(title[1], x + 1.5, y + 1.5, w - 3, 11, 4.6, colour, bold=True,
                   valign="middle")
    if line:
        items += block(line, x + 1.5, y + 13, w - 3, 5, 3.6, colour, bold=True)
    items += block(body, x + 1.5, y + 19, w - 3, h - 20.5, 3.0, body_colour, valign="middle")
    return Drawing(CARD_W, CARD_H, tuple(items), background=bg)


def not_cylon_front(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """C3: "You are not a Cylon"."""
    pal = palette(ink)
    return _loyalty_front(pal, pal.human, "star",
                          (tr("print.loyalty", lang), text(comp.not_cylon_title, lang)), "",
                          tr("print.loyalty_hint", lang), pal.text)


def cylon_front(comp: Components, card: CylonCard, lang: str = "en", ink: str = "color"
                ) -> Drawing:
    """C3: "You are a Cylon", the model, and its reveal effect (X7–X10)."""
    pal = palette(ink)
    return _loyalty_front(pal, pal.cylon, "eye",
                          (tr("print.loyalty", lang), text(comp.cylon_title, lang)),
                          tr("print.cylon_model", lang, model=text(card.model, lang)),
                          text(card.text, lang), pal.text)


# Nothing but the back's flat colour within this distance of the cut: a back printed a
# little turned (0.3–0.5° on a duplex sheet) lands up to 2.3 mm off its cut, by an amount
# that depends on where on the sheet it was, and a frame near the edge would show that
# offset, and so the card's place on the sheet. Far inside, an offset is not seen.
LOYALTY_BACK_CLEAR = 12.0


def loyalty_back(lang: str = "en", ink: str = "color") -> Drawing:
    """The common back of all twelve loyalty cards: nothing tells them apart. Frameless:
    its motif keeps `LOYALTY_BACK_CLEAR` from every edge."""
    pal = palette(ink)
    dark = "#16324f"
    items: list[Item]
    if pal.low:
        items = [Rect(0, 0, CARD_W, CARD_H, Style(fill="#ffffff"))]
        ring = Style(stroke=dark, width=0.35)
        ink_ = dark
    else:
        items = [Rect(0, 0, CARD_W, CARD_H, Style(fill=dark))]
        ring = Style(stroke="#2f5b86", width=0.6)
        ink_ = pal.gold
    c = LOYALTY_BACK_CLEAR
    for r in (6, 10.5, 15, 19.5):
        items.append(Circle(CARD_W / 2, CARD_H / 2, r, ring))
    items.append(icon("star", CARD_W / 2, CARD_H / 2, 9, ink_))
    # the title only: small type turned a quarter renders a pixel differently from one
    # cell of a sheet to the next, which the tell tests cannot tell from a real mark
    items += block(tr("print.loyalty", lang), c, c + 2, CARD_W - 2 * c, 7, 5.0, ink_,
                   bold=True, valign="middle")
    return Drawing(CARD_W, CARD_H, tuple(items), background=None if pal.low else dark)


def admiral_front(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """X6 / J4: the Admiral rolls for the jump."""
    pal = palette(ink)
    items, bg = _frame(pal, ADMIRAL)
    items += _band(pal, ADMIRAL, text(comp.admiral_title, lang))
    for k in (-1, 0, 1):
        items.append(icon("star", CARD_W / 2 + 11 * k, 27, 9, ADMIRAL))
    items += block(text(comp.admiral_text, lang), FRAME + 2.5, 36, CARD_W - 2 * FRAME - 5, 46,
                   3.0, pal.text)
    return Drawing(CARD_W, CARD_H, tuple(items), background=bg)


def admiral_back(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    pal = palette(ink)
    items, bg = _frame(pal, ADMIRAL)
    items += _band(pal, ADMIRAL, tr("print.admiral_back", lang))
    items += _emblem(pal, ADMIRAL, CARD_H / 2 + 4, icon_name="star", r=16)
    return Drawing(CARD_W, CARD_H, tuple(items), background=bg)


def all_cards(comp: Components, lang: str = "en", ink: str = "color"
              ) -> list[tuple[str, Drawing, Drawing]]:
    """Every card of the box as (id, front, back), in print order (C2, C3)."""
    out: list[tuple[str, Drawing, Drawing]] = []
    for ch in comp.characters:
        out.append((ch.id, character_front(ch, lang, ink), character_brig(ch, lang, ink)))
    back = loyalty_back(lang, ink)
    for i in range(comp.not_cylon_count):
        out.append((f"not_cylon_{i + 1}", not_cylon_front(comp, lang, ink), back))
    for cy in comp.cylons:
        out.append((cy.id, cylon_front(comp, cy, lang, ink), back))
    out.append(("admiral", admiral_front(comp, lang, ink), admiral_back(comp, lang, ink)))
    return out
