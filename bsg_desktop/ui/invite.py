"""File → Invite players…: a QR code and a short link per human seat, and who is connected.

Opening the dialog starts hosting the current game for phones (`PhoneHost`) on the
chosen local address; the QR codes are drawn with segno (pure Python, no network).
`PhoneStatus` is the status-bar line that keeps showing, while the dialog is
closed, which seats are on phones and whether each phone is connected.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.data.components import Components
from bsg_desktop.i18n import tr
from bsg_desktop.ui.phones import DEFAULT_PORT, PhoneHost, local_addresses
from bsg_desktop.ui.words import player_name


def qr_pixmap(url: str, scale: int = 5) -> QPixmap:
    """The link as a QR code (dark on white, with the quiet zone scanners need)."""
    import io

    buf = io.BytesIO()
    import segno  # only when a QR code is drawn: not before the first frame

    segno.make(url, error="m").save(buf, kind="png", scale=scale, border=4)
    pix = QPixmap()
    pix.loadFromData(buf.getvalue(), "PNG")
    return pix


def seat_state(phones: PhoneHost, seat: int) -> str:
    c = phones.controller
    if seat in phones.connected:
        return tr("ui.invite.state_connected")
    if seat in c.phones:
        return tr("ui.invite.state_lost")
    return tr("ui.invite.state_waiting")


class InviteDialog(QDialog):
    """Per human seat: its QR code, its short link and its phone's state."""

    def __init__(self, comp: Components, phones: PhoneHost, parent: QWidget | None = None,
                 addresses: list[str] | None = None, port: int = DEFAULT_PORT) -> None:
        super().__init__(parent)
        self.comp = comp
        self.phones = phones
        self.port = port
        self.resize(760, 640)
        lay = QVBoxLayout(self)
        self.intro = QLabel(wordWrap=True)
        lay.addWidget(self.intro)
        row = QHBoxLayout()
        self.address_label = QLabel()
        row.addWidget(self.address_label)
        self.address = QComboBox()
        for a in addresses if addresses is not None else local_addresses():
            self.address.addItem(a, a)
        self.address.currentIndexChanged.connect(self._address_changed)
        row.addWidget(self.address, 1)
        lay.addLayout(row)
        self.error = QLabel(wordWrap=True)
        self.error.setStyleSheet("color: #e04a3a;")
        self.error.hide()
        lay.addWidget(self.error)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        holder = QWidget()
        self.grid = QGridLayout(holder)
        scroll.setWidget(holder)
        lay.addWidget(scroll, 1)
        buttons = QHBoxLayout()
        self.stop_button = QPushButton()
        self.stop_button.clicked.connect(self._stop)
        self.close_button = QPushButton()
        self.close_button.clicked.connect(self.accept)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        lay.addLayout(buttons)
        self.urls: dict[int, QLabel] = {}
        self.states: dict[int, QLabel] = {}
        self.computer: dict[int, QPushButton] = {}
        self.captions: dict[int, QLabel] = {}
        self.names: dict[int, QLabel] = {}
        self._problem: tuple[str, dict[str, object]] | None = None  # shown in any language
        phones.presence_changed.connect(self._update_states)
        phones.controller.game_changed.connect(self._game_changed)
        self._texts()
        self._host()

    def retranslate(self) -> None:
        """The language changed while the dialog is open: every text follows it (the QR
        codes and links stay the same, hosting goes on undisturbed)."""
        self._texts()
        if self._problem is not None:
            key, values = self._problem
            self.error.setText(tr(key, **values))
        c = self.phones.controller
        view = c.game.view(None) if c.game is not None else None
        for seat, caption in self.captions.items():
            who = player_name(self.comp, view, seat) if view is not None else ""
            self.names[seat].setText(f"<b>{who}</b>")
            caption.setText(tr("ui.invite.scan", player=who))
            self.computer[seat].setText(tr("ui.invite.make_computer"))
        self._update_states()

    def _texts(self) -> None:
        self.setWindowTitle(tr("ui.invite.title"))
        self.intro.setText(tr("ui.invite.intro"))
        self.address_label.setText(tr("ui.invite.address"))
        self.address.setToolTip(tr("ui.invite.address_note"))
        self.stop_button.setText(tr("ui.invite.stop"))
        self.close_button.setText(tr("ui.invite.close"))

    # ------------------------------------------------------------ hosting
    def _host(self) -> None:
        c = self.phones.controller
        if c.game is None:
            self._fail("ui.invite.no_game")
            return
        if not c.humans:
            self._fail("ui.invite.no_humans")
            return
        address = str(self.address.currentData() or "127.0.0.1")
        try:
            self.phones.start(address, self.port)
        except OSError as e:
            self._fail("ui.invite.failed", address=address, error=e.strerror or e)
            return
        self._problem = None
        self.error.hide()
        self._fill()

    def _fail(self, key: str, **values: object) -> None:
        self._problem = (key, values)
        self.error.setText(tr(key, **values))
        self.error.show()
        self._clear()

    @Slot()
    def _game_changed(self) -> None:
        """Another game was started or opened: its seats get new links, so the old codes
        go (the host invites again for the new game)."""
        if not self.phones.hosting and self.urls:
            self._clear()
            self.close()

    @Slot()
    def _address_changed(self) -> None:
        self._host()

    @Slot()
    def _stop(self) -> None:
        self.phones.stop()
        self._clear()

    def _clear(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.urls, self.states, self.computer, self.captions, self.names = {}, {}, {}, {}, {}

    def _fill(self) -> None:
        self._clear()
        c = self.phones.controller
        g = c.game
        if g is None:
            return
        view = g.view(None)
        for row, seat in enumerate(c.humans):
            url = self.phones.url(seat)
            who = player_name(self.comp, view, seat)
            name = QLabel(f"<b>{who}</b>")
            qr = QLabel()
            qr.setPixmap(qr_pixmap(url))
            qr.setAccessibleName(url)
            caption = QLabel(tr("ui.invite.scan", player=who), wordWrap=True,
                             alignment=Qt.AlignmentFlag.AlignCenter)
            code = QVBoxLayout()
            code.addWidget(qr)
            code.addWidget(caption)
            code_box = QWidget()
            code_box.setLayout(code)
            link = QLabel(url)
            link.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            state = QLabel(seat_state(self.phones, seat), wordWrap=True)
            to_bot = QPushButton(tr("ui.invite.make_computer"))
            to_bot.clicked.connect(lambda _c=False, s=seat: self._make_computer(s))
            col = QVBoxLayout()
            for w in (name, link, state, to_bot):
                col.addWidget(w)
            col.addStretch(1)
            box = QWidget()
            box.setLayout(col)
            self.grid.addWidget(code_box, row, 0)
            self.grid.addWidget(box, row, 1)
            self.urls[seat], self.states[seat], self.computer[seat] = link, state, to_bot
            self.captions[seat], self.names[seat] = caption, name

    @Slot()
    def _update_states(self) -> None:
        for seat, label in self.states.items():
            label.setText(seat_state(self.phones, seat))

    def _make_computer(self, seat: int) -> None:
        self.phones.controller.make_computer(seat)
        self._fill()


class PhoneStatus(QLabel):
    """The status bar's line about phones: which seats are on one, which are connected."""

    def __init__(self, comp: Components, phones: PhoneHost, parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.comp = comp
        self.phones = phones
        phones.presence_changed.connect(self.refresh)
        phones.controller.unlock_changed.connect(self.refresh)
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        c = self.phones.controller
        if not self.phones.hosting or c.game is None:
            self.setText("")
            self.hide()
            return
        view = c.game.view(None)
        parts = [tr("ui.phones.hosting")]
        for seat in sorted(c.phones):
            key = "ui.phones.connected" if seat in self.phones.connected else "ui.phones.lost"
            parts.append(tr(key, player=player_name(self.comp, view, seat)))
        self.setText(" · ".join(parts))
        self.show()
