"""The board as a QGraphicsScene: the printed board plus tokens, drawn from one PlayerView.

`BoardScene.sync(view)` is the only way the scene changes: it takes a frozen
PlayerView (the public one, or the deciding seat's after the hot-seat hand-over)
and moves every token to where that view says it is. It never sees the Game, so
nothing the view hides can reach the screen. Which tokens lie where, with which
look, scale and turn, is worked out without Qt by `present.layout.BoardLayout`
(the table page draws the same layout in a browser); the scene renders it and
shows what a move changed: a moved token glides to its place (a die into the check, a
track marker along its track, even when its face changes on the way), a new one is
set down (it grows in from a little larger, fading in). All of it takes `ANIM_MS`
(at most 400 ms) and is cosmetic: the scene's items are the view's from the start of
the motion but for their place, scale and opacity, a new `sync` first jumps every
motion to its end, and the end is exactly what a redraw without motion gives. Nothing
waits for it: the decision panel is live at once. A new table (another game, the
viewer's seat changing at a hand-over) is drawn still.

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

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem, QGraphicsScene

from bsg_desktop.art.board import Lettering
from bsg_desktop.art.dice import signed
from bsg_desktop.art.palette import palette
from bsg_desktop.art.shapes import Drawing, Item
from bsg_desktop.data.components import Components
from bsg_desktop.engine.core import ACTIVE, CONTRIBUTED
from bsg_desktop.engine.view import PlayerView, SeatView
from bsg_desktop.i18n import text
from bsg_desktop.present.board import READABLE, token_words
from bsg_desktop.present.layout import (
    BOARD_Z,
    PANEL_Z,
    SCREEN,
    WORDS_MM,
    BoardLayout,
    seat_panel_items,
    token_drawing,
)
from bsg_desktop.present.words import face_words
from bsg_desktop.ui.qtart import (
    MIN_PX,
    CachedDrawingItem,
    DrawingItem,
    Op,
    merge_text_runs,
    merged_ops,
    text_role,
)

ANIM_MS = 320  # a move's motion: within Material's 150-400 ms, never waited for
PLACE_GROW = 1.6  # a new token is set down from this much larger
HIGHLIGHT = "#ffd34d"  # teach mode: the glow around what the last step changed
PULSE_MS = 1400


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


@dataclass
class Motion:
    """One token's way from where it was to where the view puts it: place, scale and
    opacity, eased by the scene's one animation; at 1 it is exactly the view's."""

    tok: Token
    start: QPointF
    end: QPointF
    scale0: float
    scale1: float
    opacity0: float | None = None  # None: the opacity is not animated
    opacity1: float = 1.0

    def at(self, t: float) -> None:
        if t >= 1.0:
            self.tok.setPos(self.end)
            self.tok.setScale(self.scale1)
            if self.opacity0 is not None:
                self.tok.setOpacity(self.opacity1)
            return
        self.tok.setPos(self.start + (self.end - self.start) * t)
        if self.scale0 != self.scale1:
            self.tok.setScale(self.scale0 + (self.scale1 - self.scale0) * t)
        if self.opacity0 is not None:
            self.tok.setOpacity(self.opacity0 + (self.opacity1 - self.opacity0) * t)


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
        self.seat_px = 0.0  # the least size of the seat panels' words (0: the words size)
        self._moves: list[Motion] = []
        self._still = True  # the next sync draws a new table: nothing moves
        self._anim = QVariantAnimation(self)
        self._anim.setDuration(ANIM_MS)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(1.0)
        self._anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._anim.valueChanged.connect(self._step)
        self._last: PlayerView | None = None
        # the characters of the game shown (None until a view says): the board greys
        # the seal's parts of the others
        self.characters: tuple[str, ...] | None = None
        self.highlights: list[QGraphicsItem] = []
        self.highlighted: list[str] = []
        self._pulse = QVariantAnimation(self)
        self._pulse.setDuration(PULSE_MS)
        self._pulse.setKeyValueAt(0.0, 1.0)
        self._pulse.setKeyValueAt(0.5, 0.35)
        self._pulse.setKeyValueAt(1.0, 1.0)
        self._pulse.setLoopCount(-1)
        self._pulse.valueChanged.connect(self._pulse_step)
        self.lettering = SCREEN  # the board's own type (`set_lettering`)
        self._build_board()

    # ------------------------------------------------------------------ layout
    @property
    def width_mm(self) -> float:
        return self.layout.width_mm

    @property
    def height_mm(self) -> float:
        return self.layout.height_mm

    def _build_board(self) -> None:
        self.layout = BoardLayout(self.comp, self.players, self.lang, self.characters,
                                  self.lettering)
        self.board = self.layout.board
        self.geo = self.layout.geo
        if self._board_item is not None:
            self.removeItem(self._board_item)
        for hint in self.hints:
            self.removeItem(hint)
        self._looks: dict[tuple[object, ...], tuple[Drawing, list[Op]]] = {}
        self._seat_panels: dict[int, tuple[object, DrawingItem]] = {}
        self._board_item = CachedDrawingItem(self.board, name="board")
        self._board_item.setZValue(BOARD_Z)
        self._board_item.set_px_per_mm(self.legible_scale)
        self.addItem(self._board_item)
        runs = [op for op in merge_text_runs(self._board_item.ops) if op.texts]
        self.hints = [self._hint(op, runs) for op in runs if text_role(op.em) == "detail"]
        self.setSceneRect(-2, -2, self.width_mm + 4, self.height_mm + 4)
        self._still = True

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
        if self.seat_px and self._last is not None:
            self._rebuild_strip(self._last)  # the seat words follow the scale

    def set_seat_px(self, px: float) -> None:
        """Set the seat panels' words at least ``px`` on screen where they fit (presenter
        view: names and states read from the back of a room); 0 sets them at the
        board's words size."""
        if px != self.seat_px:
            self.seat_px = px
            if self._last is not None:
                self._rebuild_strip(self._last)

    @property
    def seat_words_mm(self) -> float:
        """The size (mm) the seat panels ask for their words: `seat_px` at the view's
        scale, never less than the board's words size."""
        if not self.seat_px or not math.isfinite(self.px_per_mm) or self.px_per_mm <= 0:
            return WORDS_MM
        return max(WORDS_MM, math.ceil(self.seat_px / self.px_per_mm * 10) / 10)

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

    def set_lettering(self, lettering: Lettering) -> None:
        """The board's own printed words at another size (presenter view: the table
        page's, read across a room): the board is drawn again, its tokens and lights
        laid where the new drawing puts their places."""
        if lettering == self.lettering:
            return
        self.lettering = lettering
        lit = list(self.highlighted)
        self.clear_highlight()
        self.set_language(self.lang)
        if lit:
            self.highlight(lit)

    def seat_rect(self, seat: int) -> tuple[float, float, float, float]:
        return self.layout.seat_rect(seat)

    # -------------------------------------------------------------------- sync
    def still_next(self) -> None:
        """Draw the next view still: it is another table (a new or loaded game, an undo,
        a lesson), not a move on this one."""
        self._still = True

    def sync(self, view: PlayerView, animate: bool | None = None,
             before: PlayerView | None = None) -> None:
        """Make the scene show exactly ``view``; what the move changed moves (`Motion`).

        The motion starts where the tokens are, when the scene last showed the same
        seat's view; where the screen passes to another seat's view (or the public
        one), it starts from ``before``, that seat's view before the move, if given:
        never from where another seat's view had them. Else the view is drawn still."""
        animate = self.animate if animate is None else animate
        last = self._last
        if view == last and not self._still:  # drawn again (another signal of one move)
            self._rebuild_strip(view)
            return
        same_seat = last is not None and last.seat == view.seat
        if before is not None and (before.seat != view.seat or same_seat):
            before = None  # only for a seat's view the scene has not shown last
        animate = animate and not self._still and (same_seat or before is not None)
        self._still = False
        self._last = view
        characters = tuple(sv.character for sv in view.seats)
        if characters != self.characters:  # another table: the seal shows who plays
            self.characters = characters
            for _key, panel in self._seat_panels.values():
                self.removeItem(panel)
            self._build_board()
        wanted = {p.key: p for p in self.layout.place(view)}
        # where each token starts from: where it is, or where ``before`` had it
        starts = {p.key: (QPointF(*p.pos), p.scale) for p in self.layout.place(before)} \
            if before is not None else None

        # remove what is gone, add what is new, move what moved
        for key in [k for k in self.tokens if k not in wanted]:
            self.removeItem(self.tokens.pop(key))
        self.finish_animations()  # a redraw mid-motion starts from the motion's end
        for key, placed in wanted.items():
            role, where, look, scale, turn = (placed.role, placed.where, placed.look,
                                              placed.scale, placed.turn)
            tok = self.tokens.get(key)
            target = QPointF(*placed.pos)
            came_from: tuple[QPointF, float] | None = None  # a token that changed its face
            if starts is not None and tok is not None:  # another seat's view was shown
                came_from = starts.get(key)
                self.removeItem(tok)
                tok = None
            elif tok is not None and tok.look != look:
                came_from = (tok.pos(), tok.scale())
                self.removeItem(tok)
                tok = None
            elif starts is not None:
                came_from = starts.get(key)
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
                tok.setZValue(placed.z)
                if placed.opacity != 1.0:
                    tok.setOpacity(placed.opacity)  # not on the monitor yet (K8)
                tok.setPos(target)
                self.addItem(tok)
                self.tokens[key] = tok
                if animate and came_from is not None:
                    if came_from != (target, scale):
                        # the same piece, maybe with another face: it glides still
                        self._moves.append(Motion(tok, came_from[0], target, came_from[1],
                                                  scale))
                elif animate and (starts is None or key not in starts):
                    # set down: from a little larger and unseen, onto its place
                    self._moves.append(Motion(tok, target, target, scale * PLACE_GROW, scale,
                                              0.0, placed.opacity))
                continue
            tok.role, tok.where = role, where
            tok.name = f"{role}:{where}"
            tok.setRotation(turn)
            old_scale = tok.scale()
            if old_scale != scale:  # an own die going from the seat panel to the seal
                tok.setScale(scale)
                tok.show_texts(self.legible_scale)
            if tok.pos() != target or old_scale != scale:
                if animate:
                    self._moves.append(Motion(tok, tok.pos(), target, old_scale, scale))
                else:
                    tok.setPos(target)
        self._rebuild_strip(view)
        if self._moves:
            self._step(0.0)  # its first frame now: no frame shows the end before the start
            self._anim.start()

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
        return token_drawing(self.comp, look, self.lang)

    # ------------------------------------------------------------- seat strip
    def _rebuild_strip(self, view: PlayerView) -> None:
        """Seat panels; each is redrawn only when what it shows has changed."""
        pal = palette("color")
        for sv in view.seats:
            x, y, w, h = self.seat_rect(sv.seat)
            deciding = view.pending_seat == sv.seat
            active = view.active == sv.seat and view.outcome is None
            phone = self.phone_seats.get(sv.seat)
            key = (sv, deciding, active, self.lang, phone, self.seat_words_mm)
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
            panel.setZValue(PANEL_Z)
            self.addItem(panel)
            self._seat_panels[sv.seat] = (key, panel)

    def _seat_panel(self, sv: SeatView, w: float, h: float, edge: str, deciding: bool,
                    active: bool, phone: bool | None, lit: bool
                    ) -> tuple[list[Item], list[str]]:
        return seat_panel_items(self.comp, self.lang, sv, w, h, edge, deciding, active,
                                phone, lit, self.seat_words_mm)

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
        for m in self._moves:
            m.at(t)
        if t >= 1.0:
            self._moves = []

    @property
    def animating(self) -> bool:
        """A move's motion is under way (it never holds anything up)."""
        return bool(self._moves) and self._anim.state() == QVariantAnimation.State.Running

    def finish_animations(self) -> None:
        """Jump every motion to its end: the scene a redraw without motion gives."""
        self._anim.stop()
        for m in self._moves:
            m.at(1.0)
        self._moves = []

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
