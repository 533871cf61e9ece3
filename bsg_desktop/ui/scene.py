"""The board as a QGraphicsScene: the printed board plus tokens, drawn from one PlayerView.

`BoardScene.sync(view)` is the only way the scene changes: it takes a frozen
PlayerView (the public one, or the deciding seat's after the hot-seat hand-over)
and moves every token to where that view says it is. It never sees the Game, so
nothing the view hides can reach the screen. Token positions come from the
art's named anchors (`art.board`); the few spots the art does not name yet are
derived from those anchors in `_SealGeometry` (marked adapter below).

Tokens carry ``role`` and ``where`` so the tests can read back what the board
shows and compare it with the engine, item by item.

Text on the board has a role by size (`qtart.text_role`): the board is drawn with
the art's screen `Lettering`, so names, titles and a seat's state lines are at
least `qtart.WORDS_MM` (12 px at the smallest window) and always painted; rule
sentences, legends and the fine print on cards are detail, painted only when the
view shows them at 12 px or more (`set_px_per_mm`). What detail hides stays
reachable: a tooltip over its place on the board, the token's tooltip and the
card viewer for cards and markers, the seat panel's tooltip, and the board's
accessible description.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem, QGraphicsScene

from bsg_desktop.art import board as board_art
from bsg_desktop.art import cards as card_art
from bsg_desktop.art import dice as dice_art
from bsg_desktop.art import markers as marker_art
from bsg_desktop.art.dice import signed
from bsg_desktop.art.fonts import MIN_TEXT, text_width, wrap
from bsg_desktop.art.fonts import fit as _art_fit
from bsg_desktop.art.palette import palette
from bsg_desktop.art.shapes import Drawing, Item, Label, Rect, Style
from bsg_desktop.data.components import Components
from bsg_desktop.engine.core import ACTIVE, CONTRIBUTED, REMOVED, SPENT
from bsg_desktop.engine.view import PlayerView, SeatView
from bsg_desktop.i18n import text, tr
from bsg_desktop.present.board import READABLE, token_words
from bsg_desktop.present.words import face_words
from bsg_desktop.ui.qtart import (
    MIN_PX,
    WORDS_MM,
    CachedDrawingItem,
    DrawingItem,
    Op,
    merge_text_runs,
    merged_ops,
    text_role,
)

# The board's type on screen: words at the least legible size, notes large enough to
# show from a 1600x1000 window up (12 px at 3 px/mm).
SCREEN = board_art.Lettering(words=WORDS_MM, notes=4.2)
STRIP_GAP = 5.0
STRIP_H = 62.0  # name, card and two rows of dice; up to six state lines beside the card
BOARD_DIE = 12.5    # contributed dice on the gold part: their value at the words size
SPENT_DIE = 7.0     # spent dice on the black part
CRISIS_DIE = 20.0   # the chosen crisis die in the seal's centre
SEAT_DIE = 8.0      # active dice in the seat panels
MARKER_SCALE = 0.8  # DRADIS / damage markers in their 22 mm slots
DEMOR_SCALE = 0.8   # the marker's initials at the words size
# The seat's card is a thumbnail (hover or click reads it), narrow enough that a seat's
# longest state line ("Hűségkártyák: 1") fits beside it on one line with five seats.
CARD_SCALE = 0.28
ADMIRAL_SCALE = 0.16
PANEL_PAD = 2.5
CARD_TOP = 11.0     # under the seat's name line
ANIM_MS = 220
HIGHLIGHT = "#ffd34d"  # teach mode: the glow around what the last step changed
PULSE_MS = 1400


@lru_cache(maxsize=2048)
def fit(text: str, size: float, w: float, h: float, bold: bool = False,
        min_size: float = MIN_TEXT) -> tuple[float, list[str]]:
    """The art's text fitting, memoised: seat panels are redrawn often with the same words."""
    return _art_fit(text, size, w, h, bold=bold, min_size=min_size)


@lru_cache(maxsize=2048)
def word_lines(words: str, w: float, bold: bool = False) -> tuple[str, ...]:
    """``words`` wrapped to ``w`` at the words size; a word too long for a line is cut
    with an ellipsis (the panel's tooltip has it whole)."""
    out = []
    for line in wrap(words, WORDS_MM, w, bold):
        while text_width(line, WORDS_MM, bold) > w and len(line) > 1:
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

    def demoralized(self, anchor: tuple[float, float]) -> tuple[float, float]:
        """Outer row, at the end clear of the dice (and of all but a corner of the name)."""
        return self.at(anchor, 7.8, 23.5)

    def black_die(self, anchor: tuple[float, float], i: int) -> tuple[float, float]:
        col, row = i % 2, i // 2
        return self.at(anchor, -4.0 + row * 8.0, -4.0 + col * 8.0)


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
# --------------------------------------------------------------------------------------


def jump_prepared_badge(lang: str) -> Drawing:
    """Adapter: the screen's sign that a jump is prepared (A5). Paper has no such
    marker (players remember it), so the art has none; gold on dark, like the track."""
    pal = palette("color")
    words = tr("ui.board.jump_prepared", lang)
    title = tr("print.monitor.jump", lang)  # the badge lies over the track's title
    wide = max(text_width(words, WORDS_MM, True), text_width(title, WORDS_MM, True))
    w, h = min(wide + 5.0, 100.0), WORDS_MM * 1.45
    size, _ = fit(words, WORDS_MM, w - 3.0, h, True, min_size=WORDS_MM)
    return Drawing(w, h, (
        Rect(0, 0, w, h, Style(fill=pal.gold, stroke="#fff3c4", width=0.4), radius=1.6),
        Label(w / 2, h / 2 + 0.36 * size, words, size, Style(fill="#1a1a1a"), "middle", True)))


class Token(DrawingItem):
    """A movable piece: ``role`` (raider, ship, damage, demoralized, die, jump, distance,
    crisis, card, admiral …) and ``where`` (slot, location, seat/state …)."""

    def __init__(self, drawing: Drawing, role: str, where: str, key: str,
                 look: tuple[object, ...], scale: float = 1.0, ops: list[Op] | None = None
                 ) -> None:
        super().__init__(drawing, name=f"{role}:{where}", centred=True, ops=ops)
        self.role = role
        self.where = where
        self.key = key
        self.look = look
        self.setScale(scale)


class BoardScene(QGraphicsScene):
    """The board, the seat strip below it, and every token, kept in step with a view."""

    def __init__(self, comp: Components, players: int, lang: str = "en",
                 animate: bool = True) -> None:
        super().__init__()
        self.comp = comp
        self.players = players
        self.lang = lang
        self.animate = animate
        self.setBackgroundBrush(QColor("#0c1117"))
        self.tokens: dict[str, Token] = {}
        # seats played on a phone (companion), each with whether its phone is connected;
        # the window sets it before sync, and the seat panel says so
        self.phone_seats: dict[int, bool] = {}
        self._board_item: CachedDrawingItem | None = None
        self.hints: list[QGraphicsRectItem] = []
        self.px_per_mm = math.inf  # the view's scale; until one says, everything shows
        self.least_px = MIN_PX  # the least size detail is painted at (a projector asks more)
        self._moves: list[tuple[Token, QPointF, QPointF]] = []
        self._anim = QVariantAnimation(self)
        self._anim.setDuration(ANIM_MS)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(1.0)
        self._anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._anim.valueChanged.connect(self._step)
        self._last: PlayerView | None = None
        self.highlights: list[QGraphicsItem] = []
        self.highlighted: list[str] = []
        self._pulse = QVariantAnimation(self)
        self._pulse.setDuration(PULSE_MS)
        self._pulse.setKeyValueAt(0.0, 1.0)
        self._pulse.setKeyValueAt(0.5, 0.35)
        self._pulse.setKeyValueAt(1.0, 1.0)
        self._pulse.setLoopCount(-1)
        self._pulse.valueChanged.connect(self._pulse_step)
        self._build_board()

    # ------------------------------------------------------------------ layout
    @property
    def width_mm(self) -> float:
        return self.board.width

    @property
    def height_mm(self) -> float:
        return self.board.height + STRIP_GAP + STRIP_H

    def _build_board(self) -> None:
        self.board = board_art.board(self.comp, self.lang, screen=SCREEN)
        self.geo = _SealGeometry(self.board.anchor("seal.centre"))
        if self._board_item is not None:
            self.removeItem(self._board_item)
        for hint in self.hints:
            self.removeItem(hint)
        self._looks: dict[tuple[object, ...], tuple[Drawing, list[Op]]] = {}
        self._seat_panels: dict[int, tuple[object, DrawingItem]] = {}
        self._board_item = CachedDrawingItem(self.board, name="board")
        self._board_item.setZValue(-10)
        self._board_item.set_px_per_mm(self.legible_scale)
        self.addItem(self._board_item)
        runs = [op for op in merge_text_runs(self._board_item.ops) if op.texts]
        self.hints = [self._hint(op, runs) for op in runs if text_role(op.em) == "detail"]
        self.setSceneRect(-2, -2, self.width_mm + 4, self.height_mm + 4)

    def _hint(self, op: Op, runs: list[Op]) -> QGraphicsRectItem:
        """A tooltip over a board note (a room's effect, a legend line …): what the
        note says, readable whether or not the view is large enough to paint it. A
        heading right above the note (the room's name, a section's title) is part of
        the hover area and of the tooltip."""
        rect = op.path.boundingRect()
        words = " ".join(op.texts)
        for head in runs:
            above = head.path.boundingRect()
            if text_role(head.em) == "words" and 0 <= rect.top() - above.bottom() <= 5.5 \
                    and above.left() < rect.right() and rect.left() < above.right():
                rect = rect.united(above)
                words = f"{' '.join(head.texts)}: {words}"
                break
        hint = QGraphicsRectItem(rect.adjusted(-1.0, -1.0, 1.0, 1.0))
        hint.setPen(QPen(Qt.PenStyle.NoPen))
        hint.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        hint.setToolTip(words)
        hint.setData(0, "hint")
        hint.setZValue(-9)
        self.addItem(hint)
        return hint

    def set_px_per_mm(self, px_per_mm: float, least_px: float | None = None) -> None:
        """The view's scale (logical pixels per mm) changed, or the least size detail may
        be painted at (``least_px``; presenter view asks for projector size): paint each
        text only if it is legible (`qtart.text_shown`). Called on resize, not per frame."""
        least = self.least_px if least_px is None else least_px
        if (px_per_mm, least) == (self.px_per_mm, self.least_px):
            return
        self.px_per_mm, self.least_px = px_per_mm, least
        if self._board_item is not None:
            self._board_item.set_px_per_mm(self.legible_scale)
        for item in [*self.tokens.values(), *(p for _k, p in self._seat_panels.values())]:
            item.show_texts(self.legible_scale)

    @property
    def legible_scale(self) -> float:
        """The scale legibility is judged at: asking for more than `MIN_PX` is the same
        as a view that much smaller (words are painted at any scale)."""
        return self.px_per_mm * MIN_PX / self.least_px

    def set_language(self, lang: str) -> None:
        """Redraw the printed parts in another language; tokens are rebuilt by the next sync."""
        self.lang = lang
        for _key, panel in self._seat_panels.values():
            self.removeItem(panel)
        self._build_board()
        for t in list(self.tokens.values()):
            self.removeItem(t)
        self.tokens.clear()
        if self._last is not None:
            self.sync(self._last, animate=False)

    def seat_rect(self, seat: int) -> tuple[float, float, float, float]:
        w = self.width_mm / self.players
        return seat * w + 1.5, self.board.height + STRIP_GAP, w - 3, STRIP_H

    # -------------------------------------------------------------------- sync
    def sync(self, view: PlayerView, animate: bool | None = None) -> None:
        """Make the scene show exactly ``view``; moved tokens glide, new ones appear."""
        animate = self.animate if animate is None else animate
        self._last = view
        wanted: dict[str, tuple[str, str, tuple[object, ...], tuple[float, float], float,
                                float]] = {}

        def put(key: str, role: str, where: str, look: tuple[object, ...],
                pos: tuple[float, float], scale: float = 1.0, turn: float = 0.0) -> None:
            wanted[key] = (role, where, look, pos, scale, turn)

        for i, m in enumerate(view.dradis_monitor):
            x, y = self.board.anchor(f"dradis.slot.{i % 10}")
            off = (i // 10) * 3.0  # an 11th marker stacks visibly on the first slot
            put(f"dradis.{i}", m, f"slot{i}", ("dradis", m), (x + off, y + off), MARKER_SCALE)
        start = len(view.dradis_monitor)
        for j, m in enumerate(view.dradis_drawn):  # drawn, face up, waiting their turn (I8)
            x, y = self.board.anchor(f"dradis.slot.{(start + j) % 10}")
            put(f"dradis.drawn.{j}", "drawn", m, ("dradis", m), (x, y), MARKER_SCALE)
        for loc in view.damage:
            put(f"damage.{loc}", "damage", loc, ("damage", loc),
                self.board.anchor(f"damage.{loc}"), MARKER_SCALE)
        for ch in view.demoralized:
            gold = self.board.anchor(f"seal.{ch}.gold")
            put(f"demoralized.{ch}", "demoralized", ch, ("demoralized", ch),
                self.geo.demoralized(gold), DEMOR_SCALE, self.geo.upright(gold))
        put("jump", "jump", str(view.jump_track), ("jump",),
            self.board.anchor(f"jump.{min(view.jump_track, self.comp.jump_max)}"), MARKER_SCALE)
        if view.jump_bonus:  # A5: shown on the board, over the jump track
            a0, a3 = (self.board.anchor(f"jump.{k}") for k in (0, self.comp.jump_max))
            put("jump_prepared", "jump_prepared", "on", ("jump_prepared",),
                ((a0[0] + a3[0]) / 2, a0[1] - board_art.SLOT / 2 - 0.35 * WORDS_MM - 2.0))
        put("distance", "distance", str(view.distance), ("distance",),
            self.board.anchor(f"distance.{min(view.distance, self.comp.distance_win)}"),
            MARKER_SCALE)
        if view.crisis is not None:
            c = view.crisis
            put("crisis", "crisis", c.code() if hasattr(c, "code") else str(c),
                ("crisis", view.crisis_source, c), self.board.anchor("seal.centre"))
        for sv in view.seats:
            self._seat_tokens(sv, view, put)

        # remove what is gone, add what is new, move what moved
        for key in [k for k in self.tokens if k not in wanted]:
            self.removeItem(self.tokens.pop(key))
        self._anim.stop()
        self._finish_moves()
        for key, (role, where, look, pos, scale, turn) in wanted.items():
            tok = self.tokens.get(key)
            target = QPointF(*pos)
            if tok is not None and tok.look != look:
                self.removeItem(tok)
                tok = None
            if tok is None:
                drawing, ops = self._look(look)
                tok = Token(drawing, role, where, key, look, scale, ops)
                tok.setRotation(turn)
                tok.show_texts(self.legible_scale)
                if role in READABLE:  # hover: the text; click: the card large
                    title, body = token_words(self.comp, look)
                    tok.setToolTip(f"{title}\n\n{body}")
                    tok.setCursor(Qt.CursorShape.PointingHandCursor)
                else:
                    tok.setToolTip(self._token_hint(look, tok))
                tok.setZValue(5 if role in ("die", "demoralized") else 3)
                if role == "drawn":
                    tok.setOpacity(0.5)  # not on the monitor yet: K8 has not looked at it
                tok.setPos(target)
                self.addItem(tok)
                self.tokens[key] = tok
                continue
            tok.role, tok.where = role, where
            tok.name = f"{role}:{where}"
            tok.setRotation(turn)
            if tok.scale() != scale:  # an own die going from the seat panel to the seal
                tok.setScale(scale)
                tok.show_texts(self.legible_scale)
            if tok.pos() != target:
                if animate:
                    self._moves.append((tok, tok.pos(), target))
                else:
                    tok.setPos(target)
        self._rebuild_strip(view)
        if self._moves:
            self._anim.start()

    def _seat_tokens(self, sv: SeatView, view: PlayerView, put) -> None:  # type: ignore[no-untyped-def]
        gold = self.board.anchor(f"seal.{sv.character}.gold")
        black = self.board.anchor(f"seal.{sv.character}.black")
        x, y, w, h = self.seat_rect(sv.seat)
        contributed = [d for d in sv.dice if d.state == CONTRIBUTED]
        spent = [d for d in sv.dice if d.state == SPENT]
        active = [d for d in sv.dice if d.state == ACTIVE]
        turn = self.geo.upright(gold)
        for i, d in enumerate(contributed):
            put(f"die.{d.id}", "die", f"{sv.seat}/{CONTRIBUTED}/{d.kind}",
                ("face", d.kind, d.value), self.geo.gold_die(gold, i), 1.0, turn)
        for i, d in enumerate(spent):
            put(f"die.{d.id}", "die", f"{sv.seat}/{SPENT}/{d.kind}", ("blank", d.kind, True),
                self.geo.black_die(black, i), 1.0, turn)
        # Active dice wait in the seat panel, in two rows under the card; their rolled
        # values are drawn only for the seat whose view this is (after the hand-over):
        # your own dice land showing their faces, everyone else's stay blank (D1).
        card_w, card_h = card_art.CARD_W * CARD_SCALE, card_art.CARD_H * CARD_SCALE
        cols = max(2, -(-len(active) // 2))
        step = min(SEAT_DIE + 3.0, (card_w + 2.0) / cols)
        scale = min(1.0, (step - 1.2) / SEAT_DIE)
        for i, d in enumerate(active):
            px = x + PANEL_PAD + step / 2 + (i % cols) * step
            py = y + CARD_TOP + card_h + 2.5 + SEAT_DIE / 2 + (i // cols) * (SEAT_DIE + 2.5)
            if d.value is not None and view.seat == sv.seat:
                put(f"die.{d.id}", "die", f"{sv.seat}/{ACTIVE}/{d.kind}",
                    ("face", d.kind, d.value), (px, py), scale * SEAT_DIE / BOARD_DIE)
            else:
                put(f"die.{d.id}", "die", f"{sv.seat}/{ACTIVE}/{d.kind}",
                    ("blank", d.kind, False), (px, py), scale)
        put(f"card.{sv.seat}", "card", f"{sv.seat}/{'brig' if sv.in_brig else 'front'}",
            ("card", sv.character, sv.in_brig),
            (x + PANEL_PAD + card_w / 2, y + CARD_TOP + card_h / 2), CARD_SCALE)
        if sv.admiral:  # laid over the corner of the seat's card, as on the table
            s = ADMIRAL_SCALE
            put("admiral", "admiral", str(sv.seat), ("admiral",),
                (x + PANEL_PAD + card_w - card_art.CARD_W * s / 2 + 2.0,
                 y + CARD_TOP + card_h - card_art.CARD_H * s / 2 + 1.0), s)

    def _token_hint(self, look: tuple[object, ...], tok: Token) -> str:
        """A tooltip for a token that is not a readable card: what its small print says."""
        what = look[0]
        if what == "face":
            return f"{signed(int(look[2]))} · {text(self.comp.skill(str(look[1])).name, self.lang)}"  # type: ignore[arg-type]
        if what == "crisis":
            return face_words(self.comp, look[2])  # type: ignore[arg-type]
        return " ".join(tok.texts())

    def _look(self, look: tuple[object, ...]) -> tuple[Drawing, list[Op]]:
        """Drawings and their compiled paths, made once per look and language."""
        got = self._looks.get(look)
        if got is None:
            d = self._drawing(look)
            centred = merged_ops(d)
            got = self._looks[look] = (d, centred)
        return got

    def _drawing(self, look: tuple[object, ...]) -> Drawing:
        c, lang = self.comp, self.lang
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
            return jump_prepared_badge(lang)
        if what == "crisis":
            source, face = look[1], look[2]
            dice = [d for d in c.crisis_dice if d.id == source] or \
                [d for d in c.crisis_dice if not d.four_player] or list(c.crisis_dice)
            return dice_art.crisis_face(dice[0], face, CRISIS_DIE,  # type: ignore[arg-type]
                                        numbers=WORDS_MM)
        if what == "face":
            return dice_art.skill_face(c.skill(str(look[1])), int(look[2]),  # type: ignore[arg-type]
                                       BOARD_DIE, numeral=WORDS_MM / BOARD_DIE)
        if what == "blank":
            return blank_die(str(look[1]), bool(look[2]), SPENT_DIE if look[2] else SEAT_DIE)
        if what == "card":
            ch = c.character(str(look[1]))
            return (card_art.character_brig if look[2] else card_art.character_front)(ch, lang)
        if what == "admiral":
            return card_art.admiral_front(c, lang)
        raise ValueError(f"unknown token look {look!r}")

    # ------------------------------------------------------------- seat strip
    def _rebuild_strip(self, view: PlayerView) -> None:
        """Seat panels; each is redrawn only when what it shows has changed."""
        pal = palette("color")
        for sv in view.seats:
            x, y, w, h = self.seat_rect(sv.seat)
            deciding = view.pending_seat == sv.seat
            active = view.active == sv.seat and view.outcome is None
            phone = self.phone_seats.get(sv.seat)
            key = (sv, deciding, active, self.lang, phone)
            old = self._seat_panels.get(sv.seat)
            if old is not None and old[0] == key:
                continue
            if old is not None:
                self.removeItem(old[1])
            edge = "#47d16c" if deciding else (pal.gold if active else pal.panel_line)
            items, words = self._seat_panel(sv, w, h, edge, deciding, active, phone,
                                            deciding or active)
            panel = DrawingItem(Drawing(w, h, tuple(items)), name=f"seat:{sv.seat}")
            panel.setToolTip("\n".join(words))
            panel.show_texts(self.legible_scale)
            panel.setPos(x, y)
            panel.setZValue(1)
            self.addItem(panel)
            self._seat_panels[sv.seat] = (key, panel)

    def _seat_panel(self, sv: SeatView, w: float, h: float, edge: str, deciding: bool,
                    active: bool, phone: bool | None, lit: bool
                    ) -> tuple[list[Item], list[str]]:
        """One seat's panel: the name across the top, the card with the active dice
        under it at the left, and the seat's state in lines beside the card, every one
        at the words size; the dice sentence is detail (its dice are on the table). Also
        the panel's words in full, for its tooltip."""
        pal = palette("color")
        items: list[Item] = [Rect(0, 0, w, h, Style(fill="#16202b", stroke=edge,
                                                    width=0.9 if lit else 0.4), radius=2.0)]
        character = text(self.comp.character(sv.character).short, self.lang)
        name = sv.name or character
        words = [name]
        items.append(Label(PANEL_PAD, 8.0, word_lines(name, w - 2 * PANEL_PAD, True)[0],
                           WORDS_MM, Style(fill="#f2f2f2"), "start", True))
        lines: list[tuple[str, str, bool]] = []  # text, colour, bold
        if sv.name:
            lines.append((character, "#9fb3c8", False))
        if sv.revealed:
            lines.append((tr("ui.seat.revealed", self.lang), pal.cylon, True))
        if sv.in_brig:
            lines.append((tr("ui.seat.brig", self.lang), "#e07a5f", True))
        if sv.demoralized:
            lines.append((tr("ui.seat.demoralized", self.lang), "#c9d3dc", True))
        if active:
            lines.append((tr("ui.seat.turn", self.lang), pal.gold, True))
        if deciding:
            lines.append((tr("ui.seat.deciding", self.lang), "#47d16c", True))
        if phone is not None:
            lines.append((tr("ui.seat.phone" if phone else "ui.seat.phone_lost", self.lang),
                          "#9fb3c8" if phone else "#e07a5f", True))
        lines.append((tr("ui.seat.loyalty", self.lang, n=sv.loyalty_count), "#c9d3dc", False))
        tx = PANEL_PAD + card_art.CARD_W * CARD_SCALE + 2.5
        tw = w - tx - PANEL_PAD
        step = WORDS_MM * 1.2
        ly = CARD_TOP + 0.75 * WORDS_MM
        for words_, colour, bold in lines:
            words.append(words_)
            for line in word_lines(words_, tw, bold):
                items.append(Label(tx, ly, line, WORDS_MM, Style(fill=colour), "start", bold))
                ly += step
        counts = tr("ui.seat.dice", self.lang, active=sv.count(ACTIVE),
                    contributed=sv.count(CONTRIBUTED), spent=sv.count(SPENT))
        removed = sv.count(REMOVED)
        if removed:
            counts += " · " + tr("ui.seat.removed", self.lang, n=removed)
        words.append(counts)
        room = h - 1.5 - (ly - 0.75 * WORDS_MM)
        if room > 3.0:
            size, got = fit(counts, SCREEN.notes, tw, room, min_size=2.0)
            top = ly - 0.75 * WORDS_MM + 0.5
            for i, line in enumerate(got):
                items.append(Label(tx, top + size * (0.8 + 1.2 * i), line, size,
                                   Style(fill="#c9d3dc")))
        return items, words

    # ------------------------------------------------------- teach highlights
    def highlight(self, parts: list[str], before: PlayerView | None = None) -> None:
        """Outline the board areas named by ``parts`` (teach mode's `Lesson.changed()`).

        The outlines are temporary scene items, replaced by the next call: each lesson
        step shows only what that step changed. Call after `sync`, so token-based
        areas (dice, demoralized markers) are measured where the tokens now are. With
        ``before`` (the view before the step) a part narrows to the very spots that
        changed: the one damaged location, the old and new place of a track marker.
        """
        self.clear_highlight()
        self.highlighted = list(parts)
        rects: list[QRectF] = []
        for part in parts:
            got = self._narrow_rects(part, before) if before is not None else []
            got = got or self._part_rects(part)
            rects += [r for r in got if r not in rects]  # one glow a spot
        for r in rects:
            path = QPainterPath()
            path.addRoundedRect(r, 3.0, 3.0)
            glow = QGraphicsPathItem(path)
            colour = QColor(HIGHLIGHT)
            colour.setAlpha(55)
            glow.setBrush(QBrush(colour))
            colour.setAlpha(110)
            glow.setPen(QPen(colour, 4.0))
            glow.setZValue(2)  # under the tokens: a halo, not a veil
            line = QGraphicsPathItem(path)
            line.setPen(QPen(QColor(HIGHLIGHT), 1.5))
            line.setZValue(8)
            for it in (glow, line):
                it.setData(0, "highlight")
                self.addItem(it)
                self.highlights.append(it)
        if self.highlights and self.animate:
            self._pulse.start()

    def clear_highlight(self) -> None:
        self._pulse.stop()
        for it in self.highlights:
            self.removeItem(it)
        self.highlights = []
        self.highlighted = []

    def _pulse_step(self, value: object) -> None:
        for it in self.highlights:
            it.setOpacity(float(value))  # type: ignore[arg-type]

    def _around(self, names: list[str], pad: float) -> list[QRectF]:
        pts = [self.board.anchor(n) for n in names]
        if not pts:
            return []
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return [QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                       max(ys) - min(ys) + 2 * pad)]

    def _tokens_rect(self, pick, pad: float = 1.5) -> list[QRectF]:  # type: ignore[no-untyped-def]
        r = QRectF()
        for tok in self.tokens.values():
            if pick(tok):
                r = r.united(tok.sceneBoundingRect())
        return [r.adjusted(-pad, -pad, pad, pad)] if not r.isNull() else []

    def _narrow_rects(self, part: str, before: PlayerView) -> list[QRectF]:
        after = self._last
        if after is None:
            return []
        if part == "damage":
            locs = set(after.damage) ^ set(before.damage)
            return [r for loc in sorted(locs) for r in self._around([f"damage.{loc}"], 12.5)]
        if part in ("jump", "distance"):
            top = self.comp.jump_max if part == "jump" else self.comp.distance_win
            old, new = (getattr(v, "jump_track" if part == "jump" else "distance")
                        for v in (before, after))
            return self._around([f"{part}.{min(old, top)}", f"{part}.{min(new, top)}"], 9.5)
        if part == "demoralized":
            chars = set(after.demoralized) ^ set(before.demoralized)
            out: list[QRectF] = []
            for ch in sorted(chars):
                tok = self.tokens.get(f"demoralized.{ch}")
                out += ([tok.sceneBoundingRect().adjusted(-1.5, -1.5, 1.5, 1.5)] if tok
                        else self._around([f"seal.{ch}.gold"], 9.0))
            return out
        return []

    def _part_rects(self, part: str) -> list[QRectF]:
        """Where on the board one changed part lives (anchors of the art, or its tokens)."""
        if part == "dradis":
            return self._around([f"dradis.slot.{i}" for i in range(10)], 12.5)
        if part == "damage":
            return self._around([f"damage.{d.id}" for d in self.comp.damage_locations], 12.5)
        if part == "jump":
            return self._around([f"jump.{i}" for i in range(self.comp.jump_max + 1)], 9.0)
        if part == "distance":
            return self._around([f"distance.{i}" for i in range(self.comp.distance_win + 1)],
                                9.0)
        if part == "crisis":
            return self._around(["seal.centre"], 12.0)
        if part == "demoralized":
            got = self._tokens_rect(lambda t: t.role == "demoralized")
            return got or self._around(["seal.centre"], 12.0)
        if part == "check":
            got = self._tokens_rect(lambda t: t.role == "die" and f"/{CONTRIBUTED}/" in t.where)
            return got or self._around(["seal.centre"], 12.0)
        if part.startswith("seat."):
            _, seat_s, what = part.split(".", 2)
            seat = int(seat_s)
            if seat >= self.players:
                return []
            x, y, w, h = self.seat_rect(seat)
            out = [QRectF(x - 0.8, y - 0.8, w + 1.6, h + 1.6)]
            if what == "dice":
                out += self._tokens_rect(lambda t: t.role == "die" and
                                         t.where.startswith(f"{seat}/") and
                                         not t.where.startswith(f"{seat}/{ACTIVE}/"))
            return out
        return []

    # -------------------------------------------------------------- animation
    def _step(self, value: object) -> None:
        t = float(value)  # type: ignore[arg-type]
        for tok, a, b in self._moves:
            tok.setPos(a + (b - a) * t)
        if t >= 1.0:
            self._moves = []

    def _finish_moves(self) -> None:
        for tok, _a, b in self._moves:
            tok.setPos(b)
        self._moves = []

    def finish_animations(self) -> None:
        """Jump every gliding token to its end (tests, screenshots)."""
        self._anim.stop()
        self._finish_moves()

    # ----------------------------------------------------------------- reading
    def shown(self) -> dict[str, object]:
        """What the scene shows, read back from its items (for tests and invariants)."""
        out: dict[str, object] = {"dradis": [], "damage": set(), "demoralized": set(),
                                  "dice": {}, "jump": None, "distance": None, "brig": set(),
                                  "admiral": None, "crisis": None, "jump_prepared": False}
        for tok in self.tokens.values():
            if tok.role in ("raider", "ship"):
                out["dradis"].append(tok.role)  # type: ignore[attr-defined]
            elif tok.role == "damage":
                out["damage"].add(tok.where)  # type: ignore[attr-defined]
            elif tok.role == "demoralized":
                out["demoralized"].add(tok.where)  # type: ignore[attr-defined]
            elif tok.role == "die":
                seat, state, kind = tok.where.split("/")
                k = (int(seat), state, kind)
                out["dice"][k] = out["dice"].get(k, 0) + 1  # type: ignore[attr-defined]
            elif tok.role in ("jump", "distance"):
                out[tok.role] = int(tok.where)
            elif tok.role == "card" and tok.where.endswith("/brig"):
                out["brig"].add(int(tok.where.split("/")[0]))  # type: ignore[attr-defined]
            elif tok.role == "admiral":
                out["admiral"] = int(tok.where)
            elif tok.role == "crisis":
                out["crisis"] = tok.where
            elif tok.role == "jump_prepared":
                out["jump_prepared"] = True
        out["dradis"] = sorted(out["dradis"])  # type: ignore[arg-type]
        return out

    def all_texts(self) -> list[str]:
        """Every text drawn in the scene (the privacy test searches these)."""
        texts: list[str] = []
        for it in self.items():
            if isinstance(it, DrawingItem | CachedDrawingItem):
                texts += it.texts()
        return texts
