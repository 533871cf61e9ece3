"""Small widgets and helpers the window's panels, the lesson and the start screen share:
buttons a keyboard player presses with Enter, labels that show names as typed, and
the clearing of a rebuilt layout."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QGuiApplication,
    QKeyEvent,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.i18n import tr

# the window manager's frame and title bar around a dialog (as `ui.cardview` allows)
FRAME_W, FRAME_H = 16, 48


def resize_within_screen(dialog: QWidget, width: int, height: int) -> None:
    """Open ``dialog`` ``width`` x ``height``, but never larger than the free part of the
    screen it opens on, frame and title bar included: on a 1024x640 laptop a 640-pixel
    dialog would put its Close button below the screen's edge, out of reach. Its own
    scroll areas take up what no longer fits."""
    widget = dialog.parentWidget() or dialog
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        dialog.resize(width, height)
        return
    room = screen.availableGeometry()
    dialog.resize(min(width, room.width() - FRAME_W), min(height, room.height() - FRAME_H))


def scaled_css(css: str, scale: float) -> str:
    """A side panel's style with its text ``scale`` times as large: every size the style
    names grows, and above 1 the application's own size too (for the words the style
    leaves alone). The decision panel and the coach call this with the one scale the
    window works out from its size (`MainWindow.resizeEvent`), so their text grows
    together, beside the board that grows with the window."""
    out = re.sub(r"font-size: (\d+)px",
                 lambda m: f"font-size: {round(int(m.group(1)) * scale)}px", css)
    if scale > 1.01:
        base = QApplication.font()
        px = base.pixelSize() if base.pixelSize() > 0 else base.pointSizeF() * 96 / 72
        out = f"* {{ font-size: {round(px * scale)}px; }}\n" + out
    return out


def widget_texts(root: QWidget, attrs: tuple[str, ...]) -> list[str]:
    """Every text the widget tree shows or holds (the privacy tests search these)."""
    out: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        for attr in attrs:
            fn = getattr(w, attr, None)
            if callable(fn):
                try:
                    v = fn()
                except TypeError:
                    continue
                if isinstance(v, str) and v:
                    out.append(v)
    return out


def enter_presses(widget: QAbstractButton, event: QKeyEvent) -> bool:
    """Enter and Return press a focused button, as Space does (keyboard players). On a
    die that is being selected, Enter is left to the panel: it confirms the selection."""
    if event.key() not in (Qt.Key.Key_Return, Qt.Key.Key_Enter) or widget.isCheckable():
        return False
    if widget.isEnabled():
        widget.click()
    return True


def plain(label: QLabel) -> QLabel:
    """A label that shows its text as written: player names are typed by people, and
    a name like ``<b>Ann</b>`` must read as itself, not as markup."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


class WrapButton(QPushButton):
    """A push button whose label wraps (choices in Hungarian run long), with the number
    key that picks it shown in front."""

    def __init__(self, label: str, parent: QWidget | None = None, key: int = 0) -> None:
        super().__init__(parent)
        self.label = plain(QLabel(label, self))
        self.label.setWordWrap(True)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.label.setStyleSheet("background: transparent;")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 6)
        self.key_hint: QLabel | None = None
        if 1 <= key <= 9:
            self.key_hint = QLabel(str(key), self, objectName="key")
            self.key_hint.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
            self.key_hint.setFixedWidth(22)
            self.key_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lay.addWidget(self.key_hint, 0, Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.label, 1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(label)
        if self.key_hint is not None:
            self.setAccessibleDescription(tr("ui.access.key", key=key))

    def text(self) -> str:  # type: ignore[override]
        return self.label.text()

    def setText(self, text: str) -> None:  # type: ignore[override]  # noqa: N802  (Qt's name)
        self.label.setText(text)
        self.setAccessibleName(text)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not enter_presses(self, event):
            super().keyPressEvent(event)


def drop_widget(w: QWidget) -> None:
    """Take a widget out of the tree at once (its texts must not linger until the event
    loop runs: the hand-over screen may already be up) and free it later, safely even
    when it is the very button being clicked."""
    w.hide()
    w.setParent(None)  # type: ignore[call-overload]
    w.deleteLater()


def clear_layout(layout: QVBoxLayout | QHBoxLayout | QGridLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        w = item.widget()
        if w is not None:
            drop_widget(w)
        elif item.layout() is not None:
            clear_layout(item.layout())  # type: ignore[arg-type]


class KeyButton(QPushButton):
    """A plain push button that Enter presses too (outside dialogs Qt leaves that out)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not enter_presses(self, event):
            super().keyPressEvent(event)
