"""The board (rule C1) in three sections, each a Drawing with named anchors.

Sections are sized so each fits a Letter or A4 page at true size, and the three
laid edge to edge (DRADIS | seal | Galactica monitor) fit one A3 or Tabloid
sheet. Slots are a little larger than a marker (`markers.MARKER`) and the
seal's parts are large enough for 16 mm dice.

Anchors (mm, in the section's own frame; `board()` offsets them):
``dradis.slot.0`` … ``dradis.slot.9``; ``seal.<character_id>.gold``,
``seal.<character_id>.black``, ``seal.centre``; ``damage.<location_id>``;
``jump.0`` … ``jump.<jump_max>``; ``distance.0`` … ``distance.<distance_win>`` (its last
slot means that far or farther), in rows as long as `art.tracks` lays them; on a
screen also ``jump.prepared``, the centre of the free band between the jump track's
title and its slots where the window lays its "jump prepared" badge (paper has none).

The window shows the board much smaller than paper (a 1024-pixel laptop gives it
less than two pixels a millimetre), so it passes a `Lettering`: the names and
titles a player needs are set at its ``words`` size and the Galactica monitor lists
its rooms in one column so their names fit on one line; reminders and legends take
its ``notes`` size. Without one (print) every size is as written here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bsg_desktop.art import tracks
from bsg_desktop.art.fonts import block, fit, text_width, wrap
from bsg_desktop.art.icons import icon
from bsg_desktop.art.palette import Palette, palette
from bsg_desktop.art.shapes import (
    Circle,
    Drawing,
    Group,
    Item,
    Label,
    Line,
    Point,
    Polygon,
    Rect,
    Style,
    annular_sector,
    frozen_anchors,
    polar,
)
from bsg_desktop.data.components import Components
from bsg_desktop.i18n import text, tr

BOARD_H = 228.0
DRADIS_W = 105.0
SEAL_W = 170.0
MONITOR_W = 105.0
SLOT = 22.0
DRADIS_SLOTS = 10
SEAL_R = 79.0
GOLD_R0 = 44.0
BLACK_R0 = 15.0
CENTRE_R = 13.0
DAMAGE_INK = "#e07a5f"
# The screen monitor: its rooms end high enough to leave a band for the "jump prepared"
# badge (`BADGE_H` words tall) between the jump track's title and its slots, which are
# as large as a room's slot (they hold the same marker); the distance track follows.
SCREEN_ROOMS = (20.5, 133.0, 1.0)  # top, bottom, gap
BADGE_H = 1.45  # the badge's height in words sizes
# a part of the seal whose character is not in this game (screen only): greyed
ABSENT_GOLD = "#4a525c"
ABSENT_BLACK = "#22272d"
ABSENT_INK = "#aab4be"


@dataclass(frozen=True)
class Lettering:
    """Type sizes (mm) for the board on a screen: ``words`` (names, titles) and
    ``notes`` (reminders, legends, the footnote). Without ``fine`` (the table page, read
    across a room) nothing is set smaller than ``words``: the board keeps its names,
    titles, numerals, the DRADIS reminders and a short seal legend, and leaves out the
    subtitles, the rooms' effects, the track reminders and the footnote, which the
    table page says in its own larger type where they matter (a damaged room's effect,
    the distance's milestones) or which are not play (the footnote)."""

    words: float
    notes: float
    fine: bool = True


def _fine(screen: Lettering | None) -> bool:
    """Whether the board carries its fine print (print and the window do)."""
    return screen is None or screen.fine


def _panel(pal: Palette, w: float) -> list[Item]:
    if pal.low:
        return [Rect(0, 0, w, BOARD_H, Style(fill="#ffffff")),
                Rect(0.5, 0.5, w - 1, BOARD_H - 1, Style(stroke=pal.panel_line, width=0.4))]
    return [Rect(0, 0, w, BOARD_H, Style(fill=pal.panel)),
            Rect(1.5, 1.5, w - 3, BOARD_H - 3, Style(stroke=pal.panel_line, width=0.35),
                 radius=2)]


def _title(pal: Palette, w: float, title: str, colour: str, sub: str = "",
           size: float = 7.0, screen: Lettering | None = None) -> list[Item]:
    if screen is not None:  # never smaller than the screen's words
        size = max(size, screen.words)
    s, _ = fit(title, size, w - 8, size * 1.2, bold=True)
    items: list[Item] = [Label(w / 2, 12.5, title, s, Style(fill=colour), "middle", True)]
    if sub and _fine(screen):
        y, h, sub_size = (15.2, 4.0, 2.6) if screen is None else (14.6, 5.4, screen.notes)
        items += block(sub, 4, y, w - 8, h, sub_size, pal.text_on_panel if not pal.low
                       else pal.mute, valign="middle")
    return items


def _slot(pal: Palette, cx: float, cy: float, colour: str, digit: str = "",
          size: float = SLOT) -> list[Item]:
    """A dashed slot a marker sits in; nothing else is printed inside it, so a marker
    never hides a reminder (those go beside or below the slot)."""
    x, y = cx - size / 2, cy - size / 2
    items: list[Item] = [Rect(x, y, size, size, Style(stroke=colour, width=0.45,
                                                      dash=(1.2, 0.8)), radius=1.5)]
    if digit:
        items.append(Label(cx, cy + 0.36 * 9, digit, 9, Style(fill=colour), "middle", True))
    return items


def _bg_text(pal: Palette) -> str:
    return pal.text if pal.low else pal.text_on_panel


def dradis_monitor(comp: Components, lang: str = "en", ink: str = "color",
                   screen: Lettering | None = None) -> Drawing:
    """C1 DRADIS monitor: slots for Raiders and Colonial Ships (K7, K8, W2)."""
    pal = palette(ink)
    w = DRADIS_W
    items = _panel(pal, w)
    items += _title(pal, w, tr("print.dradis.title", lang), pal.accent,
                    tr("print.dradis.subtitle", lang), screen=screen)
    note_size = 2.8 if screen is None else screen.notes
    cx, cy = w / 2, 95.0
    ring = Style(stroke=pal.panel_line, width=0.4)
    for r in (20, 35, 50):
        items.append(Circle(cx, cy, r, ring))
    items.append(Line(cx - 50, cy, cx + 50, cy, ring))
    items.append(Line(cx, cy - 50, cx, cy + 50, ring))
    if not pal.low:
        items.append(annular_sector(cx, cy, 0, 50, 30, 75, Style(fill="#24402f"), steps=12))
    anchors: dict[str, Point] = {}
    for i in range(DRADIS_SLOTS):
        col, row = i % 2, i // 2
        sx, sy = cx + (col - 0.5) * (SLOT + 4), 40.0 + row * (SLOT + 5)
        items += _slot(pal, sx, sy, pal.accent)
        anchors[f"dradis.slot.{i}"] = (sx, sy)
    notes = (("raider", pal.raider, tr("print.dradis.note_win", lang)),
             ("ship", pal.accent, tr("print.dradis.note_k8", lang)))
    if not _fine(screen):
        assert screen is not None
        return Drawing(w, BOARD_H, tuple(items + _sofa_notes(pal, w, notes, screen.words)),
                       frozen_anchors(anchors), background=pal.panel)
    y = 178.0
    for icon_name, colour, note in notes:
        mark = icon(icon_name, 12, y + 5, 10, colour, cut=pal.panel if not pal.low
                    else "#ffffff")
        items.append(mark if screen is None else Group((mark,), with_text=note_size))
        items += block(note, 20, y - 1 if screen else y, w - 25, 10 if screen is None else 12,
                       note_size, _bg_text(pal), anchor="start", valign="middle")
        y += 16
    foot_y, foot_h, foot = (BOARD_H - 12, 9.0, 2.3) if screen is None else \
        (BOARD_H - 18.5, 16.5, screen.notes)
    items += block(text(comp.reconstructed_note, lang), 4, foot_y, w - 8, foot_h, foot,
                   _bg_text(pal), valign="middle")
    return Drawing(w, BOARD_H, tuple(items), frozen_anchors(anchors),
                   background=None if pal.low else pal.panel)


def _sofa_notes(pal: Palette, w: float, notes: tuple[tuple[str, str, str], ...],
                size: float) -> list[Item]:
    """The DRADIS reminders at the words size, each beside its icon, in the room under
    the slots (the table page's board has no footnote)."""
    items: list[Item] = []
    y, tw = 165.0, w - 25
    for icon_name, colour, note in notes:
        h = len(wrap(note, size, tw)) * size * 1.22
        items.append(Group((icon(icon_name, 12, y + h / 2, 10, colour, cut=pal.panel),),
                           with_text=size))
        items += block(note, 20, y, tw, h, size, _bg_text(pal), anchor="start",
                       valign="middle", min_size=size)
        y += h + 5.0
    return items


def upright(mid: float) -> float:
    """The turn (degrees clockwise) of what lies along the seal part at ``mid`` degrees
    (clockwise from the top): the part's own angle, less a half turn on the lower half,
    so a character's name never reads upside down."""
    return mid if (mid <= 90 or mid >= 270) else mid - 180


def star(cx: float, cy: float, r: float, style: Style, turn: float = 0.0) -> Polygon:
    """A five-pointed star of outer radius ``r`` (its inner radius the classic 0.38 r),
    one point ``turn`` degrees clockwise from straight up."""
    pts = []
    for k in range(10):
        pts.append(polar(cx, cy, r if k % 2 == 0 else 0.38 * r, turn + 36 * k))
    return Polygon(tuple(pts), style)


SEAL_NAVY = "#14243a"
SEAL_STARS = 12  # the Twelve Colonies the fleet carries


def seal_emblem(cx: float, cy: float, r: float, ink: str = "color") -> list[Item]:
    """The game's own seal, an original design (no show's or published game's logo): a
    navy disc in a gold rim, a ring of twelve stars for the Twelve Colonies, and at its
    heart a ship seen from above, bow up, over a pair of swept wings, under one star:
    the fleet's flagship leading it home. The board carries it in the seal's centre
    (under the crisis die) and the start screen over a starfield, so the window, the
    table page and the printed board share one mark."""
    pal = palette(ink)
    gold = pal.gold if pal.low else "#e0b93a"
    disc = None if pal.low else SEAL_NAVY
    ink_fill = Style(fill=gold)
    items: list[Item] = [
        Circle(cx, cy, r, Style(fill=disc, stroke=gold, width=0.06 * r)),
        Circle(cx, cy, 0.8 * r, Style(stroke=gold, width=0.018 * r)),
    ]
    for k in range(SEAL_STARS):
        px, py = polar(cx, cy, 0.9 * r, 15 + k * 360 / SEAL_STARS)
        items.append(star(px, py, 0.065 * r, ink_fill))

    def at(x: float, y: float) -> Point:
        return cx + x * r, cy + y * r

    # swept wings behind the hull: two chevrons meeting under it
    for side in (-1, 1):
        items.append(Polygon(tuple(at(side * x, y) for x, y in (
            (0.06, 0.04), (0.5, -0.2), (0.72, -0.3), (0.66, -0.16), (0.56, -0.12),
            (0.6, -0.04), (0.46, -0.01), (0.5, 0.07), (0.34, 0.09), (0.36, 0.16),
            (0.06, 0.22))), ink_fill))
    # the flagship: a long hull with a broad bow, a waist and two flight pods
    hull = ((0.0, -0.56), (0.1, -0.5), (0.12, -0.32), (0.07, -0.26), (0.08, 0.34),
            (0.13, 0.5), (0.0, 0.56), (-0.13, 0.5), (-0.08, 0.34), (-0.07, -0.26),
            (-0.12, -0.32), (-0.1, -0.5))
    items.append(Polygon(tuple(at(x, y) for x, y in hull),
                         Style(fill=gold, stroke=disc or "#ffffff", width=0.02 * r)))
    for side in (-1, 1):
        items.append(Polygon(tuple(at(side * x, y) for x, y in (
            (0.1, -0.12), (0.2, -0.1), (0.21, 0.3), (0.1, 0.32))),
            Style(fill=gold, stroke=disc or "#ffffff", width=0.02 * r)))
    items.append(Line(*at(0.0, -0.2), *at(0.0, 0.44),
                      Style(stroke=disc or "#ffffff", width=0.025 * r)))
    items.append(star(*at(0.0, -0.67), 0.09 * r, ink_fill))
    return items


def starfield(w: float, h: float, seed: int = 75, count: int = 260) -> list[Item]:
    """A night sky of ``count`` stars over ``w`` × ``h`` mm, the same every time (seeded):
    mostly faint pinpoints, a few bright ones with a glow."""
    import random

    rng = random.Random(seed)
    items: list[Item] = [Rect(0, 0, w, h, Style(fill="#070b12"))]
    for _ in range(count):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        bright = rng.random()
        if bright > 0.97:
            items.append(Circle(x, y, 1.6, Style(fill="#1b2a44")))
            items.append(star(x, y, 1.1, Style(fill="#fff6d8"), rng.uniform(0, 72)))
        else:
            grey = int(90 + 150 * bright * bright)
            items.append(Circle(x, y, 0.18 + 0.35 * bright,
                                Style(fill=f"#{grey:02x}{grey:02x}{min(255, grey + 20):02x}")))
    return items


def title_backdrop(w: float, h: float, seal: tuple[float, float, float] | None = None
                   ) -> Drawing:
    """The start screen's art: the seal (centre x, y and radius, where the screen's
    title and buttons leave it room; None: none) over a starfield, as a game's title
    screen. The sky's stars are as dense on any size of screen."""
    items = starfield(w, h, count=max(40, int(w * h / 110)))
    if seal is not None:
        cx, cy, r = seal
        items.append(Circle(cx, cy, r * 1.22, Style(fill="#0b1626")))
        items.append(Circle(cx, cy, r * 1.1, Style(fill="#102038")))
        items += seal_emblem(cx, cy, r)
    return Drawing(w, h, tuple(items), background="#070b12")


def galactica_seal(comp: Components, lang: str = "en", ink: str = "color",
                   screen: Lettering | None = None,
                   absent: frozenset[str] = frozenset()) -> Drawing:
    """C1 seal: per character a gold part (contributed dice, D9; demoralized marker, K3) and a
    black part (spent dice, D10); the chosen crisis die sits in the centre (K1), over the
    game's seal (`seal_emblem`). On a screen the parts of the characters in ``absent``
    (not played in this game) are drawn greyed and marked so; print keeps every part."""
    pal = palette(ink)
    w = SEAL_W
    items = _panel(pal, w)
    items += _title(pal, w, tr("print.seal.title", lang), pal.gold, size=6.5, screen=screen)
    cx, cy = w / 2, 106.0
    # the seal's rim: a band with the Twelve Colonies' stars, twice round, about the parts
    items.append(Circle(cx, cy, SEAL_R + 2.6, Style(fill=None if pal.low else SEAL_NAVY,
                                                    stroke=pal.gold, width=0.5)))
    for k in range(SEAL_STARS * 2):
        a = 7.5 + k * 360 / (SEAL_STARS * 2)
        items.append(star(*polar(cx, cy, SEAL_R + 1.3, a), 1.15, Style(fill=pal.gold), a))
    n = len(comp.characters)
    step = 360 / n
    anchors: dict[str, Point] = {}
    gold = pal.fill(pal.gold, pal.gold, 0.6) if pal.low else Style(fill=pal.gold)
    black = Style(stroke=pal.black, width=0.6) if pal.low else Style(fill="#0b0b0b",
                                                                     stroke=pal.gold, width=0.3)
    name_ink = pal.text if pal.low else "#1a1a1a"
    for i, ch in enumerate(comp.characters):
        a0, a1 = -step / 2 + i * step + 0.8, step / 2 + i * step - 0.8
        mid = i * step
        out = ch.id in absent
        items.append(annular_sector(cx, cy, GOLD_R0, SEAL_R, a0, a1,
                                    Style(fill=ABSENT_GOLD) if out else gold))
        items.append(annular_sector(cx, cy, BLACK_R0, GOLD_R0 - 1.2, a0, a1,
                                    Style(fill=ABSENT_BLACK, stroke="#3a4450", width=0.3)
                                    if out else black))
        name = text(ch.short, lang)
        rot = upright(mid)
        if screen is None:
            size, _ = fit(name, 4.2, 40, 5, bold=True)
            r_name = SEAL_R - 6.5 if rot == mid else SEAL_R - 3.5
        else:  # caps just inside the rim, upright or turned
            size, _ = fit(name, screen.words, 44, screen.words * 1.2, bold=True,
                          min_size=screen.words)
            r_name = SEAL_R - 1.6 - 0.73 * size if rot == mid else SEAL_R - 1.6
        px, py = polar(cx, cy, r_name, mid)
        items.append(Group((Label(0, 0, name, size, Style(fill=ABSENT_INK if out else name_ink),
                                  "middle", True),),
                           dx=px, dy=py, rotate_deg=rot))
        if out and screen is not None:
            # said across the part's inner row: the outer row is the name's and, by K3,
            # a demoralized marker's (one drawn for a character not in the game lies here)
            note = tr("print.seal.absent", lang)
            nsize, _ = fit(note, screen.words, 54, screen.words * 1.2, bold=True,
                           min_size=screen.words)
            r_note = GOLD_R0 + 6.2 + (-0.36 if rot == mid else 0.36) * nsize
            nx, ny = polar(cx, cy, r_note, mid)
            items.append(Group((Label(0, 0, note, nsize, Style(fill="#e6ebf0"), "middle",
                                      True),), dx=nx, dy=ny, rotate_deg=rot))
        anchors[f"seal.{ch.id}.gold"] = polar(cx, cy, (GOLD_R0 + SEAL_R - 8) / 2, mid)
        anchors[f"seal.{ch.id}.black"] = polar(cx, cy, (BLACK_R0 + GOLD_R0) / 2, mid)
    items.append(Circle(cx, cy, CENTRE_R, Style(fill=None if pal.low else pal.panel,
                                                stroke=pal.gold, width=0.8)))
    items += seal_emblem(cx, cy, CENTRE_R - 0.8, ink)
    anchors["seal.centre"] = (cx, cy)
    y = 197.0
    swatches = ((gold, tr("print.seal.gold", lang)), (black, tr("print.seal.black", lang)),
                (Style(stroke=pal.gold, width=0.6), tr("print.seal.centre", lang)))
    legend = 3.0 if screen is None else screen.notes
    if not _fine(screen):  # the short legend, at the words size, one line each
        assert screen is not None
        size, y = screen.words, 196.0
        legend_lines = [(style, tr(f"print.seal.{key}_short", lang)) for style, key in (
            (gold, "gold"), (black, "black"), (Style(stroke=pal.gold, width=0.6), "centre"))]
        # one block, centred under the seal, its swatches in a column
        x = (w - 8.5 - max(text_width(words, size) for _s, words in legend_lines)) / 2
        for style, words in legend_lines:
            items.append(Group((Rect(x, y - 0.72 * size, 6, 0.72 * size, style),),
                               with_text=size))
            items.append(Label(x + 8.5, y, words, size, Style(fill=_bg_text(pal))))
            y += size * 1.2
        return Drawing(w, BOARD_H, tuple(items), frozen_anchors(anchors),
                       background=pal.panel)
    for style, label in swatches:
        swatch = Rect(22, y - 3, 5, 4, style)
        items.append(swatch if screen is None else Group((swatch,), with_text=legend))
        items.append(Label(30, y, label, legend, Style(fill=_bg_text(pal))))
        y += 7
    return Drawing(w, BOARD_H, tuple(items), frozen_anchors(anchors),
                   background=None if pal.low else pal.panel)


def _rooms(comp: Components, lang: str, pal: Palette, w: float, anchors: dict[str, Point],
           compact: bool = False) -> list[Item]:
    """The six damage locations as printed: name over slot over effect, in two columns
    of three, or (``compact``, when long tracks need the room) three columns of two."""
    items: list[Item] = []
    cols = 3 if compact else 2
    cw = (w - 6.0 - (cols - 1) * tracks.ROOM_GAP) / cols
    ch_ = tracks.ROOM_H_COMPACT if compact else tracks.ROOM_H
    slot = tracks.PAPER_SLOT_MIN if compact else SLOT  # still a marker's size, and room
    note_ink = pal.mute if pal.low else "#c9d3dc"
    for i, loc in enumerate(comp.damage_locations):
        x = 3.0 + (i % cols) * (cw + tracks.ROOM_GAP)
        y = tracks.ROOMS_TOP + (i // cols) * (ch_ + tracks.ROOM_GAP)
        items.append(Rect(x, y, cw, ch_, Style(stroke=pal.panel_line, width=0.35), radius=1.5))
        items += block(text(loc.name, lang), x + 1, y + 0.6, cw - 2, 5.4, 2.8, _bg_text(pal),
                       bold=True, valign="middle")
        sx, sy = x + cw / 2, y + 6.2 + slot / 2
        items += _slot(pal, sx, sy, DAMAGE_INK, size=slot)
        # the effect under the slot, to 0.4 mm above the room's foot
        items += block(text(loc.text, lang), x + 1, y + (6.6 + slot), cw - 2, ch_ - 7.0 - slot,
                       2.3, note_ink, valign="middle")
        anchors[f"damage.{loc.id}"] = (sx, sy)
    return items


def _screen_rooms(comp: Components, lang: str, pal: Palette, w: float,
                  anchors: dict[str, Point], screen: Lettering) -> list[Item]:
    """The six damage locations on a screen: one row each, the name on one line at the
    words size with the effect under it, the slot (as large as the window's marker)
    at the right."""
    items: list[Item] = []
    top, _bottom, gap = SCREEN_ROOMS
    rh = _screen_row(comp)
    slot = rh - 1.2
    tw = w - 6 - slot - 4.0
    note_ink = pal.mute if pal.low else "#c9d3dc"
    for i, loc in enumerate(comp.damage_locations):
        x, y = 3.0, top + i * (rh + gap)
        items.append(Rect(x, y, w - 6, rh, Style(stroke=pal.panel_line, width=0.35),
                          radius=1.5))
        name = text(loc.name, lang)
        size = screen.words
        # a name too long for one line at the words size ("Kommunikációs központ") takes
        # two, never the slot's room; the effect under it then goes (its reminder is
        # the rules', and the room's tooltip in the window says it)
        names = wrap(name, size, tw, True) if text_width(name, size, True) > tw else [name]
        # the name at the row's top over its effect, or (no fine print) in its middle
        first = y + 1.0 + 0.8 * size if screen.fine else \
            y + rh / 2 + 0.36 * size - (len(names[:2]) - 1) * 0.525 * size
        for k, line in enumerate(names[:2]):
            items.append(Label(x + 2, first + k * 1.05 * size, line, size,
                               Style(fill=_bg_text(pal)), "start", True))
        body_top = y + 1.0 + size + (len(names[:2]) - 1) * 1.05 * size  # under the name
        if screen.fine and y + rh - body_top - 0.2 >= screen.notes:
            items += block(text(loc.text, lang), x + 2, body_top, tw, y + rh - body_top - 0.2,
                           screen.notes, note_ink, anchor="start", valign="middle")
        sx, sy = x + w - 6 - 0.6 - slot / 2, y + rh / 2
        items += _slot(pal, sx, sy, DAMAGE_INK, size=slot)
        anchors[f"damage.{loc.id}"] = (sx, sy)
    return items


def _screen_row(comp: Components) -> float:
    """The height of one room's row on the screen monitor."""
    top, bottom, gap = SCREEN_ROOMS
    return (bottom - top + gap) / len(comp.damage_locations) - gap


def screen_metrics(screen: Lettering) -> tracks.Metrics:
    """The screen monitor's sizes about its tracks: the jump track's title and the badge's
    band above its slots (`BADGE_H`), the distance track's title, at the words size."""
    h = screen.words
    return tracks.Metrics(width=tracks.PAPER.width, gap=tracks.PAPER.gap, row_gap=2.0,
                          jump_head=6.8 + (0.3 + BADGE_H) * h, dist_head=1.4 + h,
                          note=2.0, side=tracks.PAPER.side)


SCREEN_SLOT_MIN = 8.0  # the least slot on a screen: a marker a finger can still tell


def screen_tracks(comp: Components, screen: Lettering) -> tuple[tracks.Track, tracks.Track]:
    """The tracks on a screen, under the rooms' one column: the jump slots as large as a
    room's (they hold the same marker), the distance slots the full 22 mm, both made
    smaller together, a quarter millimetre at a time, until the tracks fit the section."""
    m = screen_metrics(screen)
    room = _screen_row(comp) - 1.2
    room_for = tracks.PAPER_BOTTOM - SCREEN_ROOMS[1]
    size = SLOT
    while True:
        jump = tracks.jump_track(m, min(size, room), comp.jump_max)
        dist = tracks.distance_track(m, size, comp.distance_win, comp.distance_loyalty)
        if tracks.height(m, jump, dist) <= room_for or size <= SCREEN_SLOT_MIN:
            return jump, dist
        size -= 0.25


Beside = Callable[[int, float, float, float], list[Item]]


def _track(pal: Palette, w: float, top: float, track: tracks.Track, m: tracks.Metrics,
           ink: str, label: Callable[[int], str], anchors: dict[str, Point], name: str,
           beside: Beside) -> list[Item]:
    """One track's slots, row under row, each row centred; after each slot, what
    ``beside(k, x, y, free)`` puts by it (a reminder), ``free`` being the width its
    row leaves at either side."""
    items: list[Item] = []
    s = track.slot
    for r, row in enumerate(track.rows):
        free = tracks.margin(m, s, len(row)) + (w - m.width) / 2
        sy = top + r * (s + m.row_gap) + s / 2
        for c, k in enumerate(row):
            sx = free + s / 2 + c * (s + m.gap)
            items += _slot(pal, sx, sy, ink, label(k), size=s)
            anchors[f"{name}.{k}"] = (sx, sy)
            items += beside(k, sx, sy, free)
    return items


def galactica_monitor(comp: Components, lang: str = "en", ink: str = "color",
                      screen: Lettering | None = None) -> Drawing:
    """C1 Galactica monitor: six damage locations (K5, K6), the FTL jump track
    0 to jump_max (J1, J2) and the distance track 0 to distance_win+ (J4, L1, W1), each
    in rows of slots as long as the cards file makes it (`art.tracks`)."""
    pal = palette(ink)
    w = MONITOR_W
    items = _panel(pal, w)
    items += _title(pal, w, tr("print.monitor.title", lang), pal.gold,
                    tr("print.monitor.damage", lang), screen=screen)
    anchors: dict[str, Point] = {}
    note_ink = pal.mute if pal.low else "#c9d3dc"
    heading = 3.0 if screen is None else screen.words
    note = 2.6 if screen is None else screen.notes
    reminder_size = 2.4 if screen is None else 3.4
    slot_ink = pal.strong if pal.low else "#7fb3ff"
    if screen is None:
        plan = tracks.paper_plan(comp.jump_max, comp.distance_win, comp.distance_loyalty)
        if plan is None:  # the cards check refuses these lengths before anything is drawn
            raise ValueError(tracks.limit_message(comp.jump_max, comp.distance_loyalty))
        m, jump, dist, top = tracks.PAPER, plan.jump, plan.distance, plan.top
        items += _rooms(comp, lang, pal, w, anchors, plan.compact)
    else:
        m = screen_metrics(screen)
        jump, dist = screen_tracks(comp, screen)
        top = SCREEN_ROOMS[1]
        items += _screen_rooms(comp, lang, pal, w, anchors, screen)
    jump_top = top + m.jump_head
    if screen is None:
        title_y = jump_top - 2.0
    else:  # title, the badge's band, slots
        title_y = top + 5.8
        band = title_y + 0.3 * heading + 0.4
        anchors["jump.prepared"] = (w / 2, band + BADGE_H * heading / 2)
    items.append(Label(w / 2, title_y, tr("print.monitor.jump", lang), heading,
                       Style(fill=_bg_text(pal)), "middle", True))
    now = tr("print.monitor.jump_now", lang)

    def jump_now(k: int, sx: float, sy: float, free: float) -> list[Item]:
        s = jump.slot
        if k != comp.jump_max or not _fine(screen):
            return []
        if jump.note_under:   # the reminder under the last slot, outside it
            return block(now, sx - s / 2 - 1.5, sy + s / 2 + 0.6, s + 3,
                         3.2 if screen is None else 4.4, note, slot_ink, bold=True,
                         valign="middle")
        return block(now, sx + s / 2 + 1.0, sy - s / 2, free - 3.0, s, note, slot_ink,
                     bold=True, anchor="start", valign="middle")  # in its short row's margin

    items += _track(pal, w, jump_top, jump, m, slot_ink, str, anchors, "jump", jump_now)
    dist_top = jump_top + jump.height(m) + m.dist_head
    items.append(Label(w / 2, dist_top - 2.0, tr("print.monitor.distance", lang), heading,
                       Style(fill=_bg_text(pal)), "middle", True))
    dist_ink = pal.ship if pal.low else pal.accent
    last = comp.distance_win

    def reminder(k: int, sx: float, sy: float, free: float) -> list[Item]:
        """In the margin the reminder's short row leaves: the loyalty slot starts its row
        (the reminder on its left), the last slot ends its row (on its right)."""
        if k not in (comp.distance_loyalty, last) or not _fine(screen):
            return []
        s, side = dist.slot, free - 3.0
        left = k == comp.distance_loyalty and k != last
        bx = sx - s / 2 - 1.0 - side if left else sx + s / 2 + 1.0
        out = block(tr("print.monitor.loyalty" if left or k != last else "print.monitor.win",
                       lang), bx, sy - 8, side, 16, reminder_size, note_ink, bold=True,
                    anchor="end" if left else "start", valign="middle")
        if k == comp.distance_loyalty == last:  # one slot both: the loyalty note on its left
            out += block(tr("print.monitor.loyalty", lang), sx - s / 2 - 1.0 - side, sy - 8,
                         side, 16, reminder_size, note_ink, bold=True, anchor="end",
                         valign="middle")
        return out

    items += _track(pal, w, dist_top, dist, m, dist_ink,
                    lambda k: f"{k}+" if k == last else str(k), anchors, "distance", reminder)
    return Drawing(w, BOARD_H, tuple(items), frozen_anchors(anchors),
                   background=None if pal.low else pal.panel)


def sections(comp: Components, lang: str = "en", ink: str = "color",
             screen: Lettering | None = None,
             absent: frozenset[str] = frozenset()) -> tuple[Drawing, Drawing, Drawing]:
    """The three sections, left to right as they are laid on the table."""
    return (dradis_monitor(comp, lang, ink, screen),
            galactica_seal(comp, lang, ink, screen, absent),
            galactica_monitor(comp, lang, ink, screen))


def board(comp: Components, lang: str = "en", ink: str = "color",
          screen: Lettering | None = None, absent: frozenset[str] = frozenset()) -> Drawing:
    """The whole board as one Drawing: sections edge to edge, anchors in one frame;
    ``absent``: the characters not in this game (a screen's board greys their parts)."""
    parts = sections(comp, lang, ink, screen, absent)
    items: list[Item] = []
    anchors: dict[str, Point] = {}
    x = 0.0
    for d in parts:
        items.append(Group(d.items, dx=x))
        anchors.update({k: (px + x, py) for k, (px, py) in d.anchors.items()})
        x += d.width
    return Drawing(x, BOARD_H, tuple(items), frozen_anchors(anchors),
                   background=parts[0].background)
