"""Where everything on the screen board lies, worked out from one view without Qt.

The window's board (`ui.scene.BoardScene`) and the table page (`companion.table`)
draw the same board: the printed three-part board of the art (`art.board`: DRADIS
monitor, Galactica seal, Galactica monitor with its jump and distance tracks), the
seat strip under it, and every token. `BoardLayout.place(view)` says, for a frozen
`PlayerView`, which tokens lie on it, each with its look, its centre in board
millimetres (y down), its scale, turn, stacking height and opacity; `seat_panel`
draws a seat's panel. Both are functions of the view alone, so a renderer shows
exactly what its view may show: the public view shows no seat's secret.

Token positions come from the art's named anchors; the few spots the art does not
name yet are derived from those anchors in `_SealGeometry` (marked adapter below).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from bsg_desktop.art import board as board_art
from bsg_desktop.art import cards as card_art
from bsg_desktop.art import dice as dice_art
from bsg_desktop.art import markers as marker_art
from bsg_desktop.art.fonts import MIN_TEXT, text_width, wrap
from bsg_desktop.art.fonts import fit as _art_fit
from bsg_desktop.art.palette import palette
from bsg_desktop.art.shapes import Drawing, Item, Label, Rect, Style
from bsg_desktop.data.components import CRISIS_TYPES, Components, CrisisFace
from bsg_desktop.engine.core import ACTIVE, CONTRIBUTED, REMOVED, SPENT
from bsg_desktop.engine.view import PlayerView, SeatView
from bsg_desktop.i18n import text, tr

# The least size of the screen board's words: 12 px in the board view of a 1024x640
# window (1.91 px/mm), the smallest the window is made for.
WORDS_MM = 6.4
# The board's type on screen: words at the least legible size, notes large enough to
# show from a 1600x1000 window up (12 px at 3 px/mm).
SCREEN = board_art.Lettering(words=WORDS_MM, notes=4.2)
STRIP_GAP = 5.0
STRIP_H = 62.0  # the character card, then dice and up to six state lines beside them
BOARD_DIE = 12.5    # contributed dice on the gold part: their value at the words size
SPENT_DIE = 11.0    # spent dice on the black part, faces up (D10): values at the words size
CRISIS_DIE = 20.0   # the chosen crisis die in the seal's centre
SEAT_DIE = 8.0      # active dice in the seat panels
MARKER_SCALE = 0.8  # DRADIS / damage markers in their 22 mm slots
DEMOR_SCALE = 0.8   # the marker on the seal, its emblem and name readable
# The seat's character card is a plate across the panel's top (`art.cards.character_plate`:
# emblem, name, ability title at the words size; hover or click reads the whole card).
# Under it, the active dice in a column narrow enough that a seat's longest state line
# ("Hűségkártyák: 1") fits beside it on one line with five seats.
DICE_W = 17.8
# The table page's dice column: one die wide, four dice tall (a seat's dice at the start),
# so its state lines have the width to stay at the sofa's size with five seats.
TABLE_DICE_W = 8.0
TABLE_DICE_ROWS = 4
# The table page's character plate: as wide as its panel (the ability title whole where
# the panel allows) and a little taller, its name and title both at the sofa's size.
TABLE_PLATE_H = 16.5
ADMIRAL_SCALE = 0.16
PANEL_PAD = 2.5
PLATE_TOP = 1.2     # the plate's top edge in its panel
LINES_TOP = PLATE_TOP + card_art.PLATE_H + 1.2   # the state lines and dice under the plate
TABLE_LINES_TOP = PLATE_TOP + TABLE_PLATE_H + 1.2
LEADING = 1.1       # the state lines' spacing, in type sizes: six fit under the plate
PANEL_FILL = "#16202b"
# "Revealed Cylon" on a seat panel: the Cylon red of the art (#b3261e) reads at 2.5:1
# on the panel, too faint for words across a room; this red reads at 5.5:1
REVEALED_WORDS = "#f26b5b"
NAME_GAP = 0.8      # between a demoralized marker and the character's name on the seal
BOARD_Z = -10.0     # the printed board, under everything
PANEL_Z = 1.0       # the seat panels
Look = tuple[object, ...]


@lru_cache(maxsize=2048)
def fit(text: str, size: float, w: float, h: float, bold: bool = False,
        min_size: float = MIN_TEXT) -> tuple[float, list[str]]:
    """The art's text fitting, memoised: seat panels are redrawn often with the same words."""
    return _art_fit(text, size, w, h, bold=bold, min_size=min_size)


@lru_cache(maxsize=2048)
def word_lines(words: str, w: float, bold: bool = False, size: float = WORDS_MM
               ) -> tuple[str, ...]:
    """``words`` wrapped to ``w`` at ``size`` (the words size unless a presenter asks
    more); a word too long for a line is cut with an ellipsis (the panel's tooltip has
    it whole)."""
    out = []
    for line in wrap(words, size, w, bold):
        while text_width(line, size, bold) > w and len(line) > 1:
            line = line[:-2].rstrip() + "…"
        out.append(line)
    return tuple(out)


# --------------------------------------------------------------------------------------
# Adapter: spots the art does not name (yet). Positions are derived from the art's own
# anchors (seal centre + each character's gold/black anchor) so they follow the printed
# layout if it moves; see the report on issue 4 for the anchors asked for.
@dataclass(frozen=True)
class _SealGeometry:
    centre: tuple[float, float]

    def frame(self, anchor: tuple[float, float]) -> tuple[float, float, float, float]:
        dx, dy = anchor[0] - self.centre[0], anchor[1] - self.centre[1]
        d = math.hypot(dx, dy) or 1.0
        return dx / d, dy / d, -dy / d, dx / d  # radial unit u, tangent unit v

    def at(self, anchor: tuple[float, float], dr: float, dt: float) -> tuple[float, float]:
        ux, uy, vx, vy = self.frame(anchor)
        return anchor[0] + ux * dr + vx * dt, anchor[1] + uy * dr + vy * dt

    def upright(self, anchor: tuple[float, float]) -> float:
        """The turn (degrees clockwise) that lines a token up with its part of the seal,
        the way the art turns the character's name (`board_art.upright`): dice lie
        square in their part."""
        return board_art.upright(math.degrees(math.atan2(anchor[0] - self.centre[0],
                                                         self.centre[1] - anchor[1])) % 360)

    def gold_die(self, anchor: tuple[float, float], i: int) -> tuple[float, float]:
        """Three dice in the inner row, then two in the outer row beside the
        demoralized marker's place (more than five overlap the name: never seen)."""
        inner = i < 3
        row, col = (0, i) if inner else (1 + (i - 3) // 3, (i - 3) % 3)
        dt = (-13.5 + col * 13.5) if inner else (-20.0 + col * 13.5)
        return self.at(anchor, -6.5 + row * 13.4, dt)

    def demoralized(self, anchor: tuple[float, float], clear: float = 0.0
                    ) -> tuple[float, float]:
        """Outer row, at the end clear of the dice, and at least ``clear`` along the part
        from its middle: clear of the character's name, which the outer row's top edge
        reaches."""
        return self.at(anchor, 7.8, max(23.5, clear))

    def black_die(self, anchor: tuple[float, float], i: int) -> tuple[float, float]:
        col, row = i % 2, i // 2
        step = SPENT_DIE + 1.0
        return self.at(anchor, (row - 0.5) * step, (col - 0.5) * step)


def blank_die(kind: str, spent: bool, size: float) -> Drawing:
    """Adapter: a skill die seen from across the table (no value showing). The art has
    faces only with a value (`dice.skill_face`); a rolled-but-hidden or spent die needs a
    valueless look. Same border colours as the art's faces."""
    pal = palette("color")
    border = pal.strong if kind == "strong" else pal.weak
    b = size * 0.13
    body = "#3a3a3a" if spent else pal.paper
    items: list[Item] = [Rect(0, 0, size, size, Style(fill=border), radius=size * 0.12),
                         Rect(b, b, size - 2 * b, size - 2 * b, Style(fill=body),
                              radius=size * 0.08)]
    items += dice_art.kind_marks(kind, size, border, b * 1.3)
    if spent:
        items.append(Rect(0, 0, size, size, Style(fill=None, stroke="#000000",
                                                  width=size * 0.04), radius=size * 0.12))
    return Drawing(size, size, tuple(items))
def spent_face(kind: str, value: int, size: float = SPENT_DIE, numeral: float = WORDS_MM
               ) -> Drawing:
    """Adapter: a spent die on the black part, face up as it was contributed (D10): the
    art's face colours (`dice.skill_face`) darkened, so it reads as spent beside the
    gold part's live dice, with its value as large as the frame allows."""
    pal = palette("color")
    border = pal.strong if kind == "strong" else pal.weak
    b = size * 0.09
    items: list[Item] = [Rect(0, 0, size, size, Style(fill=border), radius=size * 0.12),
                         Rect(b, b, size - 2 * b, size - 2 * b, Style(fill="#a9a498"),
                              radius=size * 0.08)]
    items += dice_art.kind_marks(kind, size, border, b * 1.1)
    # ``numeral``: legible wherever the board's words are
    items.append(Label(size / 2, size / 2 + 0.36 * numeral, dice_art.signed(value), numeral,
                       Style(fill="#111111"), "middle", True))
    return Drawing(size, size, tuple(items))
# --------------------------------------------------------------------------------------


def jump_prepared_badge(lang: str, words_mm: float = WORDS_MM) -> Drawing:
    """Adapter: the screen's sign that a jump is prepared (A5). Paper has no such
    marker (players remember it), so the art has none; gold on dark, like the track, and
    as wide as the track's title, in the band the screen monitor leaves for it (its words
    at ``words_mm``: the board's words size, the table page's larger)."""
    pal = palette("color")
    words = tr("ui.board.jump_prepared", lang)
    title = tr("print.monitor.jump", lang)
    wide = max(text_width(words, words_mm, True), text_width(title, words_mm, True))
    w, h = min(wide + 5.0, 100.0), words_mm * board_art.BADGE_H
    size, _ = fit(words, words_mm, w - 3.0, h, True, min_size=words_mm)
    return Drawing(w, h, (
        Rect(0, 0, w, h, Style(fill=pal.gold, stroke="#fff3c4", width=0.4), radius=1.6),
        Label(w / 2, h / 2 + 0.36 * size, words, size, Style(fill="#1a1a1a"), "middle", True)))


def token_drawing(comp: Components, look: Look, lang: str, name_mm: float = WORDS_MM,
                  words_mm: float = WORDS_MM,
                  plate: tuple[float, float] = (card_art.PLATE_W, card_art.PLATE_H)
                  ) -> Drawing:
    """The drawing of a token's look (``("dradis", "raider")``, ``("face", kind, value)``
    …), in the language ``lang``; ``name_mm``: the size of a character card's name (the
    table page's, read across a room, is larger); ``words_mm``: the size of a card's
    ability title and of the dice's numerals (the table page's too); ``plate``: a
    character card's width and height (`BoardLayout.plate`)."""
    c = comp
    what = look[0]
    if what == "dradis":
        return (marker_art.raider if look[1] == "raider" else marker_art.colonial_ship)(
            c, lang)
    if what == "damage":
        return marker_art.damage(c.damage(str(look[1])), lang)
    if what == "demoralized":
        return marker_art.demoralized(c.character(str(look[1])), c, lang)
    if what == "jump":
        return marker_art.jump_marker(lang)
    if what == "distance":
        return marker_art.distance_marker(lang)
    if what == "jump_prepared":
        return jump_prepared_badge(lang, words_mm)
    if what == "crisis":
        source, face = look[1], look[2]
        dice = [d for d in c.crisis_dice if d.id == source] or \
            [d for d in c.crisis_dice if not d.four_player] or list(c.crisis_dice)
        return dice_art.crisis_face(dice[0], face, CRISIS_DIE,  # type: ignore[arg-type]
                                    numbers=words_mm)
    if what == "face":
        return dice_art.skill_face(c.skill(str(look[1])), int(look[2]),  # type: ignore[arg-type]
                                   BOARD_DIE, numeral=words_mm / BOARD_DIE)
    if what == "blank":
        return blank_die(str(look[1]), bool(look[2]), SPENT_DIE if look[2] else SEAT_DIE)
    if what == "spent":
        return spent_face(str(look[1]), int(look[2]), numeral=words_mm)  # type: ignore[call-overload]
    if what == "card":   # a seat's character card: the plate its panel shows
        return card_art.character_plate(c.character(str(look[1])), lang, bool(look[2]),
                                        name_mm, plate[0], min(name_mm, words_mm), plate[1])
    if what == "admiral":
        return card_art.admiral_front(c, lang)
    raise ValueError(f"unknown token look {look!r}")


def look_name(comp: Components, look: Look) -> str:
    """A look as a short stable name (``dradis/raider``, ``face/strong/3``,
    ``crisis/<die>/<face code>``, ``card/<character>/brig`` …): the table page's key
    for the look's picture. A crisis face is named by the die whose art draws it."""
    what = look[0]
    if what == "crisis":
        source, face = look[1], look[2]
        dice = [d for d in comp.crisis_dice if d.id == source] or \
            [d for d in comp.crisis_dice if not d.four_player] or list(comp.crisis_dice)
        code = face.code() if hasattr(face, "code") else str(face)
        return f"crisis/{dice[0].id}/{code}"
    if what == "card":
        return f"card/{look[1]}/{'brig' if look[2] else 'front'}"
    if what == "blank":
        return f"blank/{look[1]}/{'spent' if look[2] else 'active'}"
    return "/".join(str(p) for p in look)


def all_looks(comp: Components) -> list[Look]:
    """Every look a token can have with these components (the table page's pictures)."""
    out: list[Look] = [("dradis", "raider"), ("dradis", "ship"), ("jump",), ("distance",),
                       ("jump_prepared",), ("admiral",)]
    out += [("damage", d.id) for d in comp.damage_locations]
    out += [("demoralized", ch.id) for ch in comp.characters]
    out += [("card", ch.id, brig) for ch in comp.characters for brig in (False, True)]
    for kind in ("strong", "weak"):
        out += [("face", kind, v) for v in sorted(set(comp.skill(kind).faces))]
        out += [("blank", kind, spent) for spent in (False, True)]
        out += [("spent", kind, v) for v in sorted(set(comp.skill(kind).faces))]
    out += [("crisis", d.id, f) for d in comp.crisis_dice for f in d.faces]
    difficulty, consequence = comp.cylon_crisis  # Y6: a crisis the Cylon player names
    out += [("crisis", "cylon", CrisisFace(t, difficulty, consequence, False))
            for t in CRISIS_TYPES]
    return out


@dataclass(frozen=True)
class Placed:
    """One token on the board: ``key`` names it for its whole life (``die.7``,
    ``dradis.2``, ``card.1`` …), ``role`` says what it is (raider, ship, damage, die,
    jump …) and ``where`` where it lies (slot, location, ``seat/state/kind`` …); its
    centre is ``pos`` in board millimetres, turned ``turn`` degrees clockwise and
    scaled ``scale`` about that centre, stacked at ``z``."""

    key: str
    role: str
    where: str
    look: Look
    pos: tuple[float, float]
    scale: float = 1.0
    turn: float = 0.0

    @property
    def z(self) -> float:
        return 5.0 if self.role in ("die", "demoralized") else 3.0

    @property
    def opacity(self) -> float:
        return 0.5 if self.role == "drawn" else 1.0  # not on the monitor yet (K8)


class BoardLayout:
    """The screen board of one game's components, seat count and language: the
    printed board, the seat strip's rectangles and where a view's tokens lie."""

    def __init__(self, comp: Components, players: int, lang: str = "en",
                 characters: tuple[str, ...] | None = None,
                 lettering: board_art.Lettering = SCREEN, table: bool = False) -> None:
        self.comp = comp
        # the table page's board (read across a room): its seat panels keep their words
        # at the sofa's size, the active dice in one column beside them (`TABLE_DICE_W`)
        # and the admiral said in words there rather than as a thumbnail card
        self.table = table
        self.players = players
        self.lang = lang
        # the characters in this game (None: not known yet, every part drawn as in play)
        self.characters = characters
        absent = frozenset() if characters is None else \
            frozenset(ch.id for ch in comp.characters) - set(characters)
        # the board's type (the table page's is larger: it is read across a room)
        self.board = board_art.board(comp, lang, screen=lettering, absent=absent)
        self.geo = _SealGeometry(self.board.anchor("seal.centre"))
        # the jump and distance markers' scale: as in a room's slot, or smaller where
        # long tracks (cards.yaml) made their slots smaller to fit the monitor
        jump, dist = board_art.screen_tracks(comp, SCREEN)
        self.track_scale = (min(MARKER_SCALE, (jump.slot - 0.4) / marker_art.MARKER),
                            min(MARKER_SCALE, (dist.slot - 0.4) / marker_art.MARKER))
        self._clear: dict[str, float] = {}
        # the character plate's size (`token_drawing`) and where the lines under it start
        self.plate = (self.seat_rect(0)[2] - 2 * PLATE_TOP, TABLE_PLATE_H) if table else \
            (card_art.PLATE_W, card_art.PLATE_H)
        self.lines_top = TABLE_LINES_TOP if table else LINES_TOP

    @property
    def width_mm(self) -> float:
        return self.board.width

    @property
    def height_mm(self) -> float:
        return self.board.height + STRIP_GAP + STRIP_H

    def seat_rect(self, seat: int) -> tuple[float, float, float, float]:
        w = self.width_mm / self.players
        return seat * w + 1.5, self.board.height + STRIP_GAP, w - 3, STRIP_H

    def place(self, view: PlayerView) -> list[Placed]:
        """Every token ``view`` shows, in the order they are laid (later on top at one z)."""
        out: list[Placed] = []
        put = out.append
        anchor = self.board.anchor
        comp = self.comp
        for i, m in enumerate(view.dradis_monitor):
            x, y = anchor(f"dradis.slot.{i % 10}")
            off = (i // 10) * 3.0  # an 11th marker stacks visibly on the first slot
            put(Placed(f"dradis.{i}", m, f"slot{i}", ("dradis", m), (x + off, y + off),
                       MARKER_SCALE))
        start = len(view.dradis_monitor)
        for j, m in enumerate(view.dradis_drawn):  # drawn, face up, waiting their turn (I8)
            x, y = anchor(f"dradis.slot.{(start + j) % 10}")
            put(Placed(f"dradis.drawn.{j}", "drawn", m, ("dradis", m), (x, y), MARKER_SCALE))
        for loc in view.damage:
            put(Placed(f"damage.{loc}", "damage", loc, ("damage", loc), anchor(f"damage.{loc}"),
                       MARKER_SCALE))
        for ch in view.demoralized:
            gold = anchor(f"seal.{ch}.gold")
            put(Placed(f"demoralized.{ch}", "demoralized", ch, ("demoralized", ch),
                       self.geo.demoralized(gold, self._name_clear(ch)), DEMOR_SCALE,
                       self.geo.upright(gold)))
        put(Placed("jump", "jump", str(view.jump_track), ("jump",),
                   anchor(f"jump.{min(view.jump_track, comp.jump_max)}"), self.track_scale[0]))
        if view.jump_bonus:  # A5: shown on the board, between the jump track's title and slots
            put(Placed("jump_prepared", "jump_prepared", "on", ("jump_prepared",),
                       anchor("jump.prepared")))
        put(Placed("distance", "distance", str(view.distance), ("distance",),
                   anchor(f"distance.{min(view.distance, comp.distance_win)}"),
                   self.track_scale[1]))
        if view.crisis is not None:
            c = view.crisis
            put(Placed("crisis", "crisis", c.code() if hasattr(c, "code") else str(c),
                       ("crisis", view.crisis_source, c), anchor("seal.centre")))
        for sv in view.seats:
            self._seat_tokens(sv, view, put)
        return out

    def _name_clear(self, character: str) -> float:
        """How far along its gold part a demoralized marker's centre lies so that the
        marker clears the character's name: half the name as the seal sets it
        (`art.board.galactica_seal`), half the marker and a gap."""
        got = self._clear.get(character)
        if got is None:
            name = text(self.comp.character(character).short, self.lang)
            size, _ = fit(name, WORDS_MM, 44, WORDS_MM * 1.2, True, min_size=WORDS_MM)
            marker = marker_art.demoralized(self.comp.character(character), self.comp, self.lang)
            got = self._clear[character] = (text_width(name, size, True) / 2
                                            + marker.width * DEMOR_SCALE / 2 + NAME_GAP)
        return got

    def _seat_tokens(self, sv: SeatView, view: PlayerView, put) -> None:  # type: ignore[no-untyped-def]
        gold = self.board.anchor(f"seal.{sv.character}.gold")
        black = self.board.anchor(f"seal.{sv.character}.black")
        x, y, w, h = self.seat_rect(sv.seat)
        contributed = [d for d in sv.dice if d.state == CONTRIBUTED]
        spent = [d for d in sv.dice if d.state == SPENT]
        active = [d for d in sv.dice if d.state == ACTIVE]
        turn = self.geo.upright(gold)
        for i, d in enumerate(contributed):
            put(Placed(f"die.{d.id}", "die", f"{sv.seat}/{CONTRIBUTED}/{d.kind}",
                       ("face", d.kind, d.value), self.geo.gold_die(gold, i), 1.0, turn))
        for i, d in enumerate(spent):
            face = view.spent_face(d.id)  # public: the log named it when it was contributed
            put(Placed(f"die.{d.id}", "die", f"{sv.seat}/{SPENT}/{d.kind}",
                       ("blank", d.kind, True) if face is None else ("spent", d.kind, face),
                       self.geo.black_die(black, i), 1.0, turn))
        # Active dice wait in the seat panel, in two rows under the card; their rolled
        # values are drawn only for the seat whose view this is (after the hand-over):
        # your own dice land showing their faces, everyone else's stay blank (D1).
        if self.table:  # one column down the panel's left, beside the state lines
            rows = max(TABLE_DICE_ROWS, len(active))
            step = min(SEAT_DIE + 2.0, (h - self.lines_top - 2.5) / rows)
            scale = min(1.0, (step - 1.2) / SEAT_DIE)
        else:
            cols = max(2, -(-len(active) // 2))
            step = min(SEAT_DIE + 3.0, (DICE_W + 2.0) / cols)
            scale = min(1.0, (step - 1.2) / SEAT_DIE)
        for i, d in enumerate(active):
            if self.table:
                px = x + PANEL_PAD + TABLE_DICE_W / 2
                py = y + self.lines_top + 1.0 + (i + 0.5) * step
            else:
                px = x + PANEL_PAD + step / 2 + (i % cols) * step
                py = y + LINES_TOP + 1.0 + SEAT_DIE / 2 + (i // cols) * (SEAT_DIE + 2.5)
            if d.value is not None and view.seat == sv.seat:
                put(Placed(f"die.{d.id}", "die", f"{sv.seat}/{ACTIVE}/{d.kind}",
                           ("face", d.kind, d.value), (px, py), scale * SEAT_DIE / BOARD_DIE))
            else:
                put(Placed(f"die.{d.id}", "die", f"{sv.seat}/{ACTIVE}/{d.kind}",
                           ("blank", d.kind, False), (px, py), scale))
        put(Placed(f"card.{sv.seat}", "card", f"{sv.seat}/{'brig' if sv.in_brig else 'front'}",
                   ("card", sv.character, sv.in_brig),
                   (x + PLATE_TOP + self.plate[0] / 2, y + PLATE_TOP + self.plate[1] / 2)))
        if sv.admiral and not self.table:  # at the foot of the dice column, under its dice
            s = ADMIRAL_SCALE
            put(Placed("admiral", "admiral", str(sv.seat), ("admiral",),
                       (x + PANEL_PAD + card_art.CARD_W * s / 2,
                        y + h - 1.5 - card_art.CARD_H * s / 2), s))

    def seat_panel(self, view: PlayerView, sv: SeatView, phone: bool | None = None,
                   words_mm: float = WORDS_MM, dice_words: bool = False
                   ) -> tuple[Drawing, list[str]]:
        """One seat's panel as the view shows it (``phone``: played on a phone, and
        whether it is connected; None for a seat at the window), and its words in full
        (``words_mm``, ``dice_words``: as `seat_panel_items`)."""
        return self.seat_panel_for(sv, view.pending_seat == sv.seat,
                                   view.active == sv.seat and view.outcome is None, phone,
                                   words_mm, dice_words)

    def seat_panel_for(self, sv: SeatView, deciding: bool, active: bool,
                       phone: bool | None = None, words_mm: float = WORDS_MM,
                       dice_words: bool = False) -> tuple[Drawing, list[str]]:
        """`seat_panel` from what it shows of the view: the seat, whether it decides and
        whether it is the active player (a table page keeps panels by these)."""
        pal = palette("color")
        _x, _y, w, h = self.seat_rect(sv.seat)
        edge = "#47d16c" if deciding else (pal.gold if active else pal.panel_line)
        if self.table:
            items, words = table_panel_items(self.comp, self.lang, sv, w, h, edge, deciding,
                                             active, words_mm)
        else:
            items, words = seat_panel_items(self.comp, self.lang, sv, w, h, edge, deciding,
                                            active, phone, deciding or active, words_mm,
                                            dice_words)
        return Drawing(w, h, tuple(items)), words


def _seat_words_size(name: str, lines: list[tuple[str, str, bool]], tw: float, h: float,
                     words_mm: float, name_kept: bool = False) -> tuple[float, float]:
    """The sizes of a seat's player name (if it has one) and state lines: ``words_mm``
    (a presenter's larger size) where they fit, less down to the words size where not:
    the name whole on its line, each state line on as few lines as at the words size (no
    "Loyalty" over its count), all of them above the panel's foot (``name_kept``: the
    name at ``words_mm`` whatever its length, cut with an ellipsis where longer)."""
    name_size = words_mm
    while name and not name_kept and name_size > WORDS_MM and \
            text_width(name, name_size, True) > tw:
        name_size = max(WORDS_MM, round(name_size - 0.1, 2))
    top = LINES_TOP + (LEADING * name_size if name else 0.0)
    least = [len(word_lines(t, tw, bold)) for t, _c, bold in lines]
    size = words_mm
    while size > WORDS_MM:
        got = [len(word_lines(t, tw, bold, size)) for t, _c, bold in lines]
        n = sum(got)
        if got == least and \
                top + 0.75 * size + (n - 1) * LEADING * size + 0.25 * size <= h - 1.5:
            break
        size = max(WORDS_MM, round(size - 0.1, 2))
    return name_size, size


def seat_panel_items(comp: Components, lang: str, sv: SeatView, w: float, h: float, edge: str,
                     deciding: bool, active: bool, phone: bool | None, lit: bool,
                     words_mm: float = WORDS_MM, dice_words: bool = False
                     ) -> tuple[list[Item], list[str]]:
    """One seat's panel under its character card (the ``card`` token, a plate across the
    top: emblem, name, ability title): the active dice at the left, and the seat's state
    in lines beside them, the player's name first if they gave one, every line at the
    words size (or ``words_mm``, larger, where it fits: presenter view); the dice
    sentence is detail (its dice are on the table), unless ``dice_words`` (the table
    page, read across a room, where the active dice are blank) sets it as a state line.
    Also the panel's words in full, for its tooltip."""
    pal = palette("color")
    items: list[Item] = [Rect(0, 0, w, h, Style(fill=PANEL_FILL, stroke=edge,
                                                width=0.9 if lit else 0.4), radius=2.0)]
    ch = comp.character(sv.character)
    character = text(ch.short, lang)
    words = [sv.name or character]
    if sv.name:
        words.append(character)
    words.append(text(ch.ability_title, lang))
    lines: list[tuple[str, str, bool]] = []  # text, colour, bold
    if sv.revealed:
        lines.append((tr("ui.seat.revealed", lang), REVEALED_WORDS, True))
    if sv.in_brig:
        lines.append((tr("ui.seat.brig", lang), "#e07a5f", True))
    if sv.demoralized:
        lines.append((tr("ui.seat.demoralized", lang), "#c9d3dc", True))
    if active:
        lines.append((tr("ui.seat.turn", lang), pal.gold, True))
    if deciding:
        lines.append((tr("ui.seat.deciding", lang), "#47d16c", True))
    if phone is not None:
        lines.append((tr("ui.seat.phone" if phone else "ui.seat.phone_lost", lang),
                      "#9fb3c8" if phone else "#e07a5f", True))
    lines.append((tr("ui.seat.loyalty", lang, n=sv.loyalty_count), "#c9d3dc", False))
    counts = tr("ui.seat.dice", lang, active=sv.count(ACTIVE),
                contributed=sv.count(CONTRIBUTED), spent=sv.count(SPENT))
    removed = sv.count(REMOVED)
    if removed:
        counts += " · " + tr("ui.seat.removed", lang, n=removed)
    if dice_words:
        lines.append((counts, "#c9d3dc", False))
    tx = PANEL_PAD + DICE_W + 2.5
    tw = w - tx - PANEL_PAD
    name_size, size = _seat_words_size(sv.name, lines, tw, h, max(words_mm, WORDS_MM),
                                       dice_words)
    ly = LINES_TOP
    if sv.name:   # the player's own name first, whole, at its own (larger) size
        name = card_art.one_line(sv.name, name_size, tw, True) if dice_words else \
            word_lines(sv.name, tw, True, name_size)[0]
        items.append(Label(tx, ly + 0.75 * name_size, name, name_size,
                           Style(fill="#f2f2f2"), "start", True))
        ly += LEADING * name_size
    step = size * LEADING
    ly += 0.75 * size
    for words_, colour, bold in lines:
        words.append(words_)
        for line in word_lines(words_, tw, bold, size):
            items.append(Label(tx, ly, line, size, Style(fill=colour), "start", bold))
            ly += step
    if dice_words:
        return items, words
    words.append(counts)
    room = h - 1.5 - (ly - 0.75 * size)
    if room > 3.0:
        note, got = fit(counts, SCREEN.notes, tw, room, min_size=2.0)
        top = ly - 0.75 * size + 0.5
        for i, line in enumerate(got):
            items.append(Label(tx, top + note * (0.8 + 1.2 * i), line, note,
                               Style(fill="#c9d3dc")))
    return items, words


def table_panel_items(comp: Components, lang: str, sv: SeatView, w: float, h: float,
                      edge: str, deciding: bool, active: bool, words_mm: float
                      ) -> tuple[list[Item], list[str]]:
    """A seat's panel on the table page, read across a room: under the character card the
    player's name on one line, then the seat's state, every line at ``words_mm`` (never
    less, while it can be kept), beside the active dice's one column. Where the panel is
    too small for every line at that size (five seats), the lines that say what the
    board says already give way, in this order: the dice line's contributed and spent
    counts (those dice lie on the seal), "Active player" (the header names them, the
    panel's gold edge marks them), "Demoralized" (its marker lies on the seal), and a
    revealed Cylon's loyalty cards (the panel says what they made it). Only if that is
    not enough does the type shrink. Also the panel's words in full, for its
    tooltip."""
    pal = palette("color")
    items: list[Item] = [Rect(0, 0, w, h, Style(fill=PANEL_FILL, stroke=edge,
                                                width=0.9 if active or deciding else 0.4),
                              radius=2.0)]
    ch = comp.character(sv.character)
    words = [sv.name or text(ch.short, lang)]
    if sv.name:
        words.append(text(ch.short, lang))
    words.append(text(ch.ability_title, lang))
    counts = tr("ui.seat.dice", lang, active=sv.count(ACTIVE),
                contributed=sv.count(CONTRIBUTED), spent=sv.count(SPENT))
    removed = sv.count(REMOVED)
    if removed:
        counts += " · " + tr("ui.seat.removed", lang, n=removed)
    short = tr("ui.seat.dice_active", lang, active=sv.count(ACTIVE))
    mute = "#c9d3dc"
    # (text, colour, bold, what gives way: "" never, else the order it goes in)
    said: list[tuple[str, str, bool, str]] = []
    if sv.revealed:
        said.append((tr("ui.seat.revealed", lang), REVEALED_WORDS, True, ""))
    if sv.in_brig:
        said.append((tr("ui.seat.brig", lang), "#e07a5f", True, ""))
    if sv.admiral:
        said.append((tr("ui.seat.admiral", lang), pal.gold, True, ""))
    if sv.demoralized:
        said.append((tr("ui.seat.demoralized", lang), mute, True, "3"))
    if active:
        said.append((tr("ui.seat.turn", lang), pal.gold, True, "2"))
    if deciding:
        said.append((tr("ui.seat.deciding", lang), "#47d16c", True, ""))
    # a revealed Cylon's loyalty cards tell no more than the line above them
    said.append((tr("ui.seat.loyalty", lang, n=sv.loyalty_count), mute, False,
                 "4" if sv.revealed else ""))
    said.append((counts, mute, False, "1"))
    words += [t for t, _c, _b, _g in said]
    tx = PANEL_PAD + TABLE_DICE_W + 2.5
    tw = w - tx - PANEL_PAD
    size = max(words_mm, WORDS_MM)
    top = TABLE_LINES_TOP + (LEADING * size if sv.name else 0.0)

    def fits(lines: list[tuple[str, str, bool, str]], at: float) -> bool:
        n = sum(len(_dotted_lines(t, tw, b, at)) for t, _c, b, _g in lines)
        return top + 0.75 * at + (n - 1) * LEADING * at + 0.25 * at <= h - 1.5

    lines = said
    for gives in ("1", "2", "3", "4"):
        if fits(lines, size):
            break
        if gives == "1":   # the dice line says only the dice in hand
            lines = [(short, c, b, g) if g == "1" else (t, c, b, g) for t, c, b, g in lines]
        else:
            lines = [x for x in lines if x[3] != gives]
    at = size
    while not fits(lines, at) and at > WORDS_MM:
        at = max(WORDS_MM, round(at - 0.1, 2))
    ly = TABLE_LINES_TOP
    if sv.name:   # the player's own name, on one line (cut with an ellipsis if longer)
        items.append(Label(tx, ly + 0.75 * size, card_art.one_line(sv.name, size, tw, True),
                           size, Style(fill="#f2f2f2"), "start", True))
        ly += LEADING * size
    ly += 0.75 * at
    for words_, colour, bold, _g in lines:
        for line in _dotted_lines(words_, tw, bold, at):
            items.append(Label(tx, ly, line, at, Style(fill=colour), "start", bold))
            ly += at * LEADING
    return items, words


def _dotted_lines(words: str, w: float, bold: bool, size: float) -> tuple[str, ...]:
    """`word_lines`, but a line that runs over breaks at its " · " first: each count
    whole on its line, the dot ending the line before ("Kockák: 4 aktív ·" /
    "0 közösbe adott"), never starting one."""
    if len(word_lines(words, w, bold, size)) == 1 or " · " not in words:
        return word_lines(words, w, bold, size)
    out: list[str] = []
    line = ""
    parts = words.split(" · ")
    for i, part in enumerate(parts):
        joined = f"{line} · {part}" if line else part
        dot = " ·" if i < len(parts) - 1 else ""  # the dot it ends with, if it ends here
        if line and text_width(joined + dot, size, bold) > w:
            # the dot ends the line, where it fits (else the break alone parts them)
            out.append(line + " ·" if text_width(line + " ·", size, bold) <= w else line)
            line = part
        else:
            line = joined
    out.append(line)
    return tuple(x for ln in out for x in word_lines(ln, w, bold, size))
