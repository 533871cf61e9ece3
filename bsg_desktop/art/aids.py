"""Player aid cards, dice screens and the tuck box: table helpers, drawn like every piece.

* ``player_aid_front`` / ``player_aid_back``: a poker-size card per player with the
  turn sequence (T), the pass and retrieve amounts (T1, D4, D5, A7, B2, K4, K6, Y5)
  and the crisis-die legend (C10).
* ``screen_outer(ch)`` / ``screen_inner(ch)``: the two layers of a character's dice
  screen, three ``SCREEN_PANEL`` panels wide; the inner face (towards the owner)
  carries the character's ability and how it works in the brig.
* ``tuck_box``: the net of a box for the cards, its cut outline and fold lines part
  of the drawing (a box is not a rectangle, so its outline is its cut line).
"""

from __future__ import annotations

from bsg_desktop.art.cards import CARD_H, CARD_W, EMBLEM_IN_DISC, FRAME
from bsg_desktop.art.dice import crisis_face
from bsg_desktop.art.emblems import emblem
from bsg_desktop.art.fonts import block
from bsg_desktop.art.icons import icon
from bsg_desktop.art.palette import palette
from bsg_desktop.art.shapes import Circle, Drawing, Group, Item, Label, Line, Polygon, Rect, Style
from bsg_desktop.data.components import Character, Components
from bsg_desktop.i18n import text, tr

AID = "#3c4a5a"
SCREEN_PANEL = (55.0, 58.0)          # one panel of a dice screen, w × h
# A standard poker sleeve (outside), for 63.5 x 88.9 mm cards. The pack advises sleeves
# (opaque-backed ones keep a Cylon card from showing through), so the box takes the cards
# sleeved, with 2 mm to slide them in: at 66 mm wide it took only unsleeved ones.
POKER_SLEEVE = (66.0, 91.0)
TUCK = (POKER_SLEEVE[0] + 2.0, POKER_SLEEVE[1] + 2.0, 18.0)   # inside: width, height, depth
TUCK_GLUE = 10.0
TUCK_TAB = 15.0
CUT = Style(stroke="#000000", width=0.25)
FOLD = Style(stroke="#000000", width=0.25, dash=(2.0, 1.5))


def _card_base(ink: str, title: str) -> tuple[list[Item], str | None]:
    pal = palette(ink)
    if pal.low:
        items: list[Item] = [Rect(0, 0, CARD_W, CARD_H, Style(fill="#ffffff")),
                             Rect(FRAME, FRAME, CARD_W - 2 * FRAME, CARD_H - 2 * FRAME,
                                  Style(stroke=AID, width=0.6), radius=2.5)]
        bg = None
        ink_ = AID
    else:
        items = [Rect(0, 0, CARD_W, CARD_H, Style(fill=AID)),
                 Rect(FRAME, FRAME + 9, CARD_W - 2 * FRAME, CARD_H - 2 * FRAME - 9,
                      Style(fill=pal.paper), radius=2.5)]
        bg = AID
        ink_ = "#ffffff"
    items += block(title, FRAME, FRAME + 1.2, CARD_W - 2 * FRAME, 6.5, 3.8, ink_, bold=True,
                   valign="middle")
    return items, bg


def _lines(entries: list[tuple[str, str]], x: float, y: float, w: float, size: float,
           colour: str, lead_w: float = 4.0) -> tuple[list[Item], float]:
    """Numbered or labelled lines with hanging text; returns the items and the next y."""
    from bsg_desktop.art.fonts import wrap

    items: list[Item] = []
    style = Style(fill=colour)
    for lead, body in entries:
        lines = wrap(body, size, w - lead_w)
        if lead:
            items.append(Label(x, y + size * 0.8, lead, size, style, "start", True))
        for i, ln in enumerate(lines):
            items.append(Label(x + lead_w, y + size * 0.8 + i * size * 1.18, ln, size, style))
        y += len(lines) * size * 1.18 + 0.5
    return items, y


def player_aid_front(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """T: the turn in seven steps, and how many dice a pass gets back."""
    pal = palette(ink)
    items, bg = _card_base(ink, tr("print.aid.title", lang))
    x, w = FRAME + 2.0, CARD_W - 2 * FRAME - 4.0
    size = 2.2
    y = FRAME + 11.0
    items += block(tr("print.aid.turn", lang), x, y, w, 3.6, 2.9, AID, bold=True,
                   anchor="start")
    steps = [(f"{k}.", tr(f"print.aid.t{k}", lang)) for k in range(1, 8)]
    size = 2.3
    more, y = _lines(steps, x, y + 4.0, w, size, pal.text)
    items += more
    y += 0.8
    items.append(Line(x, y, x + w, y, Style(stroke=AID, width=0.25)))
    items += block(tr("print.aid.retrieve", lang), x, y + 1.0, w, 3.6, 2.9, AID, bold=True,
                   anchor="start")
    rows = [("•", tr(f"print.aid.r_{k}", lang)) for k in ("pass", "forced", "vote", "low",
                                                          "armory", "cylon")]
    more, y = _lines(rows, x, y + 5.0, w, size, pal.text, lead_w=2.6)
    items += more
    return Drawing(CARD_W, CARD_H, tuple(items), background=bg)


def player_aid_back(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """C10: a crisis die face explained, and what each crisis type draws."""
    pal = palette(ink)
    items, bg = _card_base(ink, tr("print.aid.legend", lang))
    die = next(d for d in comp.crisis_dice if d.four_player)
    face = next(f for f in die.faces if f.jump)
    s = 22.0
    fx, fy = (CARD_W - s) / 2, FRAME + 14.0
    items.append(Group(crisis_face(die, face, s, ink).items, dx=fx, dy=fy))
    callouts = [  # (point on the face, label side, text)
        ((fx + s * 0.21, fy + s * 0.21), "left", tr("print.aid.l_difficulty", lang)),
        ((fx + s * 0.21, fy + s * 0.79), "left", tr("print.aid.l_consequence", lang)),
        ((fx + s * 0.82, fy + s * 0.18), "right", tr("print.aid.l_four", lang)),
        ((fx + s * 0.79, fy + s * 0.79), "right", tr("print.aid.l_jump", lang)),
    ]
    line = Style(stroke=pal.text, width=0.2)
    side_w = fx - FRAME - 2.5
    for (px, py), side, label in callouts:
        if side == "left":
            items.append(Line(fx - 1.0, py, px - s * 0.1, py, line))
            items += block(label, FRAME + 1.2, py - 4.5, side_w, 9, 2.2, pal.text,
                           anchor="end", valign="middle")
        else:
            items.append(Line(px + s * 0.1, py, fx + s + 1.0, py, line))
            items += block(label, fx + s + 1.5, py - 4.5, side_w, 9, 2.2, pal.text,
                           anchor="start", valign="middle")
    y = fy + s + 5.0
    for kind in ("unrest", "attack", "dradis"):
        ctype = next(t for t in comp.crisis_types if t.id == kind)
        colour = {"unrest": "#c26d0a", "attack": "#c0392b", "dradis": "#237a3b"}[kind]
        items.append(icon(ctype.icon, FRAME + 7.0, y + 3.2, 7.5, colour,
                          cut="#ffffff" if pal.low else pal.paper))
        items += block(text(ctype.name, lang), FRAME + 12.5, y, CARD_W - 2 * FRAME - 14, 3.4,
                       2.6, pal.text, bold=True, anchor="start")
        items += block(tr(f"print.aid.l_{kind}", lang), FRAME + 12.5, y + 3.4,
                       CARD_W - 2 * FRAME - 14, 3.2, 2.3, pal.text, anchor="start")
        y += 9.5
    return Drawing(CARD_W, CARD_H, tuple(items), background=bg)


def _screen(ink: str) -> tuple[list[Item], float, float, str | None]:
    pal = palette(ink)
    pw, ph = SCREEN_PANEL
    w = 3 * pw
    if pal.low:
        items: list[Item] = [Rect(0, 0, w, ph, Style(fill="#ffffff"))]
        bg = None
    else:
        items = [Rect(0, 0, w, ph, Style(fill=pal.panel))]
        bg = pal.panel
    for k in range(3):
        items.append(Rect(k * pw + 2, 2, pw - 4, ph - 4,
                          Style(stroke=pal.gold, width=0.35), radius=2))
    return items, w, ph, bg


def screen_outer(ch: Character, comp: Components, lang: str = "en", ink: str = "color"
                 ) -> Drawing:
    """The face the table sees: whose screen it is (public: the character is open)."""
    pal = palette(ink)
    items, w, h, bg = _screen(ink)
    pw = SCREEN_PANEL[0]
    fg = pal.text if pal.low else "#ffffff"
    items.append(Circle(w / 2, h / 2 - 4, 12, Style(fill=None if pal.low else pal.human,
                                                    stroke=pal.human, width=0.8)))
    items.append(emblem(ch.emblem, w / 2, h / 2 - 4, 24 * EMBLEM_IN_DISC,
                        pal.human if pal.low else "#ffffff"))
    items += block(text(ch.name, lang), pw + 3, h - 15, pw - 6, 10, 3.6, fg, bold=True,
                   valign="middle")
    for k in (0, 2):
        items.append(icon("star", k * pw + pw / 2, h / 2 - 4, 12, pal.gold))
        items += block("BSG: Express", k * pw + 3, h - 15, pw - 6, 10, 3.2, pal.gold,
                       bold=True, valign="middle")
    return Drawing(w, h, tuple(items), background=bg)


def screen_inner(ch: Character, comp: Components, lang: str = "en", ink: str = "color"
                 ) -> Drawing:
    """The face towards the owner: the character's ability, in and out of the brig."""
    pal = palette(ink)
    items, w, h, bg = _screen(ink)
    pw = SCREEN_PANEL[0]
    fg = pal.text if pal.low else pal.text_on_panel
    gold = pal.gold
    items += block(tr("print.screen.title", lang), 4, 5, pw - 8, 6, 3.4, gold, bold=True,
                   valign="middle")
    items += block(tr("print.screen.dice", lang), 4, 13, pw - 8, h - 18, 2.6, fg,
                   valign="middle")
    items += block(text(ch.name, lang), pw + 4, 4.5, pw - 8, 6, 3.4, gold, bold=True,
                   valign="middle")
    items += block(text(ch.ability_title, lang), pw + 4, 11, pw - 8, 5, 3.0, fg, bold=True,
                   valign="middle")
    items += block(text(ch.ability, lang), pw + 4, 17, pw - 8, h - 21, 2.8, fg,
                   valign="middle")
    items += block(tr("print.screen.brig", lang), 2 * pw + 4, 5, pw - 8, 6, 3.4, gold,
                   bold=True, valign="middle")
    items += block(text(ch.brig, lang), 2 * pw + 4, 13, pw - 8, h - 18, 2.8, fg,
                   valign="middle")
    return Drawing(w, h, tuple(items), background=bg)


def box_contents(comp: Components) -> tuple[int, int]:
    """The cards and player aids the tuck box holds, counted from the cards file (a user's
    sixth character adds a character card and a player aid): every character card,
    the loyalty cards, the Admiral card; a player aid per character."""
    cards = len(comp.characters) + comp.not_cylon_count + len(comp.cylons) + 1
    return cards, len(comp.characters)


def tuck_box(comp: Components, lang: str = "en", ink: str = "color", bleed: float = 0.0
             ) -> Drawing:
    """The net of the tuck box: glue flap, side, front, side, back; lid and tuck flap on
    the back, bottom flap under the back, dust flaps on the sides; front and back say
    what it holds (`box_contents`).

    ``bleed``: the box's colour runs that far outside the cut outline (a stroke of the
    fill colour along it), so a cut a little outside the line shows no paper."""
    pal = palette(ink)
    W, H, D = TUCK
    g, tab = TUCK_GLUE, TUCK_TAB
    xs = [0.0, g, g + D, g + D + W, g + 2 * D + W, g + 2 * D + 2 * W]
    top = tab + D                       # where the body starts
    bottom = top + H
    total_w, total_h = xs[-1], bottom + D
    fill = "#ffffff" if pal.low else pal.panel
    fg = pal.human if pal.low else pal.gold
    n_cards, n_aids = box_contents(comp)
    outline = [
        (xs[0], top + 4), (xs[1], top), (xs[1], top),            # glue flap, bevelled
        (xs[1] + 2, top - D + 3), (xs[2] - 1, top - D + 3), (xs[2], top),   # dust flap
        (xs[3], top),
        (xs[3] + 1, top - D + 3), (xs[4] - 2, top - D + 3), (xs[4], top),   # dust flap
        (xs[4], top - D), (xs[4] + 3, 3), (xs[4] + 8, 0), (xs[5] - 8, 0),   # lid + tuck
        (xs[5] - 3, 3), (xs[5], top - D), (xs[5], bottom),
        (xs[5], bottom + D - 2), (xs[4], bottom + D - 2), (xs[4], bottom),   # bottom flap
        (xs[4] - 2, bottom + D - 3), (xs[3] + 1, bottom + D - 3), (xs[3], bottom),
        (xs[2], bottom),
        (xs[2] - 1, bottom + D - 3), (xs[1] + 2, bottom + D - 3), (xs[1], bottom),
        (xs[0], bottom - 4),
    ]
    items: list[Item] = [Polygon(tuple(outline), Style(fill=fill, stroke=fill if bleed else None,
                                                        width=2 * bleed))]
    # the artwork: title on the front, the back and both sides
    for x0 in (xs[2], xs[4]):
        items.append(icon("star", x0 + W / 2, top + H / 2 - 6, 22, fg))
        items += block(tr("print.tuck.title", lang), x0 + 4, top + 8, W - 8, 10, 6.0, fg,
                       bold=True, valign="middle")
        items += block(tr("print.tuck.sub", lang, cards=n_cards, aids=n_aids), x0 + 4,
                       top + H - 18, W - 8, 10, 3.0,
                       pal.text if pal.low else pal.text_on_panel, valign="middle")
    for x0 in (xs[1], xs[3]):
        items.append(Group((Label(0, 0, "BSG: Express", 4.5, Style(fill=fg), "middle", True),),
                           dx=x0 + D / 2 + 1.6, dy=top + H / 2, rotate_deg=90))
    # fold lines, then the cut outline over everything
    for x in xs[1:5]:
        items.append(Line(x, top, x, bottom, FOLD))
    # the front's top and bottom edges are cut (the opening, and no flap there)
    for a, b in ((1, 2), (3, 5)):
        items.append(Line(xs[a], top, xs[b], top, FOLD))
    items.append(Line(xs[4], top - D, xs[5], top - D, FOLD))
    for a, b in ((1, 2), (3, 5)):
        items.append(Line(xs[a], bottom, xs[b], bottom, FOLD))
    items.append(Polygon(tuple(outline), CUT))
    return Drawing(total_w, total_h, tuple(items))
