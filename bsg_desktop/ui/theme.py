"""One dark look for the whole application: Qt's own dialogs (questions, file and
progress dialogs), menus and tooltips take the game's colours instead of the light
desktop default, so a question never flashes a white box over the dark board.

It is a palette, not a style sheet: Qt's dialogs, and every widget that does not
style itself, draw from it, and the window's own style sheets keep their colours.
Every text colour here has at least 4.5:1 contrast with the background it is drawn on.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

BACKGROUND = "#16202b"  # dialogs and menus, as the card viewer
FIELD = "#0f161e"       # text fields, lists and views, as the side panel
BUTTON = "#22303d"
TEXT = "#eef2f5"
DIM = "#9fb3c8"         # placeholders and disabled text
GOLD = "#e0b93a"        # the selection, as the game's highlight
ERROR = "#ff8a7a"       # an error said in a dialog: light enough on the dark background


def dark_palette() -> QPalette:
    p = QPalette()
    group = QPalette.ColorGroup
    role = QPalette.ColorRole
    colours = {
        role.Window: BACKGROUND, role.WindowText: TEXT, role.Base: FIELD,
        role.AlternateBase: BACKGROUND, role.Text: TEXT, role.Button: BUTTON,
        role.ButtonText: TEXT, role.BrightText: ERROR, role.Highlight: GOLD,
        role.HighlightedText: "#0c1117", role.ToolTipBase: BUTTON, role.ToolTipText: TEXT,
        role.PlaceholderText: DIM, role.Link: "#ffd84d", role.LinkVisited: GOLD,
        # the bevels Fusion draws with
        role.Light: "#3b4d5e", role.Midlight: "#2c3a48", role.Mid: "#1b2631",
        role.Dark: "#0a0f14", role.Shadow: "#000000",
    }
    for r, c in colours.items():
        p.setColor(r, QColor(c))
    for r in (role.WindowText, role.Text, role.ButtonText):
        p.setColor(group.Disabled, r, QColor(DIM))
    p.setColor(group.Disabled, role.Button, QColor(BACKGROUND))
    return p


def apply_dark(app: QApplication) -> None:
    """Fusion draws every part from the palette (a desktop's own style may not), and
    the palette is the game's."""
    if app.property("bsg_dark"):
        return
    fusion = QStyleFactory.create("Fusion")
    if fusion is not None:
        app.setStyle(fusion)
    app.setPalette(dark_palette())
    app.setProperty("bsg_dark", True)
