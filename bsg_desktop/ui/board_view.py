"""The board as a widget: the scene in a view that keeps its aspect, lets a keyboard
player step from piece to piece, and is read by screen readers as an image."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleInterface,
    QKeyEvent,
    QPainter,
)
from PySide6.QtWidgets import (
    QAccessibleWidget,
    QApplication,
    QFrame,
    QGraphicsView,
    QWidget,
)

from bsg_desktop.data.components import Components
from bsg_desktop.engine import PlayerView
from bsg_desktop.i18n import tr
from bsg_desktop.present.board import READABLE, BoardItem, board_items
from bsg_desktop.present.words import (
    board_words,
)
from bsg_desktop.ui.boardkeys import item_rect, paint_ring
from bsg_desktop.ui.scene import BoardScene


class BoardView(QGraphicsView):
    """Shows the whole scene, scaled to the widget: vector, so crisp at any size.

    Keyboard players reach it with Tab (or F6 from the window) and step through its
    cards and tokens with the arrow keys (`present.board.board_items`); the focused one
    wears the yellow focus ring, Enter or Space opens it large, Escape goes back to
    the choices. Screen readers hear the focused item: while the board has the focus
    its accessible name and description are that item's, else the whole board's.
    """

    token_clicked = Signal(object)  # the look of a readable card or marker clicked
    item_opened = Signal(object)    # the same, opened from the keyboard
    item_focused = Signal(str)      # the focused item's name (the status bar shows it)
    escaped = Signal()              # Escape: back to the choices

    MOVES = {Qt.Key.Key_Right: 1, Qt.Key.Key_Down: 1, Qt.Key.Key_Left: -1,
             Qt.Key.Key_Up: -1}
    KEYS = (*MOVES, Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_Return, Qt.Key.Key_Enter,
            Qt.Key.Key_Space, Qt.Key.Key_Escape)

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)

        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setMinimumSize(480, 320)
        # Tab reaches the board, a mouse click does not take the keys from the choices
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.items_: list[BoardItem] = []
        self.current: str | None = None  # the focused item's key
        self._board_name = ""
        self._board_text = ""
        # True while the player is reading the board: they came here (Tab, F6, back
        # from the card viewer), the focus did not just fall here from a hidden widget
        self.reading = False
        self._asked = False
        self._ringed = False  # the focus ring is on the board as last painted
        # the ring follows a gliding token through the scene's `changed`, connected only
        # while the board has the focus: while anything listens to it, Qt repaints the
        # whole scene for every item taken out of it (a seat panel redrawn on each move)
        self._following = False
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def setScene(self, scene: BoardScene) -> None:  # type: ignore[override]  # noqa: N802
        following = self._following
        self._follow(False)
        super().setScene(scene)
        self._follow(following)
        self.fit()

    def _follow(self, on: bool) -> None:
        scene = self.scene()
        if on == self._following or scene is None:
            return
        if on:
            scene.changed.connect(self._scene_changed)
        else:
            scene.changed.disconnect(self._scene_changed)
        self._following = on

    def fit(self) -> None:
        """Scale the board to the widget and tell the scene, which paints only the text
        legible at that scale (level of detail, decided here rather than per frame)."""
        scene = self.scene()
        if scene is not None:
            self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
            scene.set_px_per_mm(self.transform().m11())

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().resizeEvent(event)
        self.fit()

    def token_at(self, pos) -> object | None:  # type: ignore[no-untyped-def]
        """The readable card or marker under a viewport point, if any."""
        from bsg_desktop.ui.scene import Token

        for it in self.items(pos):
            while it is not None and not isinstance(it, Token):
                it = it.parentItem()
            if isinstance(it, Token) and it.role in READABLE:
                return it
        return None

    def mouseReleaseEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().mouseReleaseEvent(event)
        tok = self.token_at(event.position().toPoint())
        if tok is not None:
            self.token_clicked.emit(tok.look)  # type: ignore[attr-defined]

    # ------------------------------------------------------------- keyboard
    def describe(self, comp: Components, view: PlayerView) -> None:
        """The board as words and stops, from the view the scene has just drawn."""
        self._board_name = tr("ui.access.board")
        self._board_text = board_words(comp, view)
        old = [it.key for it in self.items_]
        self.items_ = [it for it in board_items(comp, view)
                       if item_rect(self.scene(), it.key) is not None]
        keys = [it.key for it in self.items_]
        was = self.current
        if self.current is not None and self.current not in keys:
            # the item left the board (a repaired damage marker): stay at its place
            at = old.index(self.current) if self.current in old else 0
            self.current = keys[min(at, len(keys) - 1)] if keys else None
        # a bot's move changes the words in place (Qt tells readers the name changed);
        # only a move to another item is announced as the focus moving
        self._announce(moved=self.current != was)

    def focused_item(self) -> BoardItem | None:
        for it in self.items_:
            if it.key == self.current:
                return it
        return None

    def item_texts(self) -> list[str]:
        """Every word any stop of the board offers (the privacy tests search these)."""
        return [t for it in self.items_ for t in (it.name, it.text)]

    def select(self, key: str) -> None:
        """Make ``key`` the focused item (keyboard, tests)."""
        if any(it.key == key for it in self.items_):
            self.current = key
            self._announce()

    def _announce(self, moved: bool = True) -> None:
        item = self.focused_item() if self.hasFocus() and self.reading else None
        if item is None:
            name, desc = self._board_name, self._board_text
        else:
            at = [it.key for it in self.items_].index(item.key) + 1
            name = item.name
            help_key = "ui.board.keys_open" if item.look is not None else "ui.board.keys"
            desc = "\n".join(p for p in (item.text, tr("ui.board.position", at=at,
                                                         n=len(self.items_)),
                                         tr(help_key)) if p)
        self.setAccessibleName(name)
        self.setAccessibleDescription(desc)
        if item is not None and moved:
            from PySide6.QtGui import QAccessibleEvent

            QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.Focus))
            self.item_focused.emit(name)
        self._update_ring()

    def _update_ring(self) -> None:
        """Repaint the board for its focus ring only where the ring is or was: a repaint
        for every announcement redrew the whole board on every move of the game."""
        if self._ringed or self._ring_shown():
            self.viewport().update()

    def _ring_shown(self) -> bool:
        """A keyboard player reads the board: the focused item wears the ring."""
        return self.hasFocus() and self.reading and self.current is not None

    def _scene_changed(self, _rects: object) -> None:
        if self.hasFocus():  # the ring follows a gliding token
            self.viewport().update()

    def drawForeground(self, painter, rect) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().drawForeground(painter, rect)
        if self._ring_shown():
            r = item_rect(self.scene(), self.current)  # type: ignore[arg-type]
            if r is not None:
                paint_ring(painter, r)
                self._ringed = True
                return
        self._ringed = False

    def event(self, event) -> bool:  # type: ignore[no-untyped-def]
        """The board's keys win over the window's shortcuts (the lesson's arrows, Home)
        while the board has the focus; the number keys still pick the choices."""
        if event.type() == QEvent.Type.ShortcutOverride and self.reading and self.items_ and \
                event.key() in self.KEYS and \
                event.modifiers() in (Qt.KeyboardModifier.NoModifier,
                                      Qt.KeyboardModifier.KeypadModifier):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        k = event.key()
        keys = [it.key for it in self.items_]
        if not (keys and self.reading) or k not in self.KEYS:
            super().keyPressEvent(event)
            return
        at = keys.index(self.current) if self.current in keys else 0
        if k in self.MOVES:
            self.select(keys[(at + self.MOVES[k]) % len(keys)])  # type: ignore[index]
        elif k == Qt.Key.Key_Home:
            self.select(keys[0])
        elif k == Qt.Key.Key_End:
            self.select(keys[-1])
        elif k == Qt.Key.Key_Escape:
            self.escaped.emit()
        else:
            item = self.focused_item()
            if item is not None and item.look is not None:
                self.item_opened.emit(item.look)

    def focusInEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().focusInEvent(event)
        keys = [it.key for it in self.items_]
        if keys and self.current not in keys:
            self.current = keys[-1] if event.reason() == Qt.FocusReason.BacktabFocusReason \
                else keys[0]
        self._arrived()

    def focusOutEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().focusOutEvent(event)
        self.reading = False
        self._announce()

    def enter(self) -> None:
        """Take the focus for reading the board (F6, back from the card viewer)."""
        if not (self.items_ and self.isVisible()):
            return
        if self.hasFocus():  # the focus had only fallen here: now it is a visit
            self.reading = True
            self._follow(True)
            self._arrived()
            return
        self._asked = True
        self.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self._asked = False

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        """A focused widget that goes away (a pressed choice, the hand-over page) hands
        the focus to the next in the chain, often the board: that is no visit, so the
        focus moves on (the window then puts it on the new choices). The board follows
        the scene only on a visit: a focus that merely fell here wears no ring, and a
        scene listened to while a move's motion runs stays repainted whole for good."""
        if new is not self:
            self._follow(False)
            self.reading = False
            self._update_ring()  # the ring goes with the focus
            return
        self.reading = self._asked or old is None or old.isVisible()
        self._follow(self.reading)
        self._asked = False
        if self.reading:
            self._arrived()
        else:
            QTimer.singleShot(0, self, self._move_on)

    def _arrived(self) -> None:
        if self.reading and self.hasFocus():
            self._announce()  # on every arrival, the item again

    def _move_on(self) -> None:
        if self.hasFocus() and not self.reading:
            self.focusNextChild()


def _board_accessible(_key: str, obj: QObject) -> QAccessibleInterface | None:
    """Readers hear the board, and each card or token stepped to on it, as an image
    whose name and description say what it shows, not as Qt's role for a scroll area
    ("filler", which readers skip over or call nothing)."""
    if not isinstance(obj, BoardView):
        return None
    iface = QAccessibleWidget(obj, QAccessible.Role.Graphic)
    obj._accessible = iface  # Qt deletes it with the view; until then Python keeps it
    return iface


QAccessible.installFactory(_board_accessible)
