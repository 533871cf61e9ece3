"""File → Invite players…: each human seat's phone state, and its code on request;
and the table page's code and link, marked as having no secrets (any browser may show it).

Opening the dialog starts hosting the current game for phones (`PhoneHost`) on the
chosen local address. The dialog stays open beside the table, on the screen
everyone sees, so it shows one seat's QR code and link at a time, only when that
seat's "Show code" is pressed, and hides it again once a phone has claimed the
seat; the link is never an accessible name or a tooltip (those name the seat).
"Move to another phone" gives a claimed seat a new link and tells the table.
A phone that opens a seat's link shows a four-digit code and gets nothing of the
seat until the host lets it in here: beside the seat the dialog shows the code the
phone must show, with "Let this phone in" and "Refuse this phone" (a link can be
photographed off this screen or read in a chat, so a link alone opens nothing).
*Players join from* says where the links point: this network (the address above,
which may be this computer's Tailscale address when ``tailscale`` is connected), a
public https address the host pastes (a tunnel they run: ngrok, Tailscale Funnel,
their own proxy), or a cloudflared quick tunnel started here when ``cloudflared`` is
installed (`ui.tunnel`). The links and codes then carry that address; the key stays
after the ``#``.
The QR codes are drawn with segno (pure Python, no network). `PhoneStatus` is the
status-bar line that keeps showing, while the dialog is closed, which seats are on
phones, whether each phone is connected, and the newest public notice (a refused
device, a phone changed).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.companion.remote import BadAddress, public_origin, tailscale_address
from bsg_desktop.data.components import Components
from bsg_desktop.i18n import tr
from bsg_desktop.present.words import player_name
from bsg_desktop.ui.phones import DEFAULT_PORT, PhoneHost, local_addresses
from bsg_desktop.ui.theme import ERROR
from bsg_desktop.ui.tunnel import QuickTunnel
from bsg_desktop.ui.tunnel import available as tunnel_available
from bsg_desktop.ui.widgets import plain, resize_within_screen

# Players join from: (its data, its words)
REACH = (("lan", "ui.invite.reach_lan"), ("paste", "ui.invite.reach_paste"),
         ("cloudflared", "ui.invite.reach_cloudflared"))


def reach_choice() -> QComboBox:
    """*Players join from*: this network, a pasted address, or a quick tunnel (only when
    ``cloudflared`` is installed). Also in New game, where the choice opens the invite
    dialog on it."""
    box = QComboBox(objectName="reach")
    # its longest choice does not set the dialog's width (Hungarian ones are long)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(16)
    for data, key in REACH:
        if data != "cloudflared" or tunnel_available():
            box.addItem(tr(key), data)
    return box


CLAIM = "#c9a227"  # the frame around a phone's code: the gold the phone page frames it in


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
    if seat in phones.waiting:
        return tr("ui.invite.state_asking")
    if seat in phones.connected:
        return tr("ui.invite.state_connected")
    if seat in c.phones:
        return tr("ui.invite.state_lost")
    if phones.claimed(seat):
        return tr("ui.invite.claimed")
    return tr("ui.invite.state_waiting")


class InviteDialog(QDialog):
    """Per human seat: its QR code, its short link and its phone's state."""

    def __init__(self, comp: Components, phones: PhoneHost, parent: QWidget | None = None,
                 addresses: list[str] | None = None, port: int = DEFAULT_PORT,
                 table: Callable[[], str] | None = None, reach: str = "") -> None:
        super().__init__(parent)
        self.comp = comp
        self.phones = phones
        self.table = table  # the table page's link while hosting (`ui.table.TableHost.url`)
        self.table_widgets: list[QWidget] = []
        self.port = port
        resize_within_screen(self, 760, 640)
        lay = QVBoxLayout(self)
        self.intro = QLabel(wordWrap=True)
        lay.addWidget(self.intro)
        row = QGridLayout()  # the address and where players join from, labels aligned
        row.setColumnStretch(1, 1)
        self.address_label = QLabel()
        row.addWidget(self.address_label, 0, 0)
        self.address = QComboBox()
        for a in addresses if addresses is not None else local_addresses():
            self.address.addItem(a, a)
        self.tailscale = tailscale_address() if addresses is None else ""
        if self.tailscale:  # tailnet peers reach it as a room's phones reach the Wi-Fi
            self.address.addItem(f"{self.tailscale} (Tailscale)", self.tailscale)
        self.address.currentIndexChanged.connect(self._address_changed)
        row.addWidget(self.address, 0, 1)
        lay.addLayout(row)
        self._add_reach(lay, row)
        self.error = plain(QLabel(wordWrap=True))
        self.error.setStyleSheet(f"color: {ERROR};")
        self.error.hide()
        lay.addWidget(self.error)
        # the one seat code shown, on request (`show_code`)
        self.code_box = QWidget()
        code = QVBoxLayout(self.code_box)
        self.qr = QLabel(alignment=Qt.AlignmentFlag.AlignCenter)
        self.caption = plain(QLabel(wordWrap=True, alignment=Qt.AlignmentFlag.AlignCenter))
        self.link = plain(QLabel(alignment=Qt.AlignmentFlag.AlignCenter))
        self.link.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for w in (self.qr, self.caption, self.link):
            code.addWidget(w)
        self.pick = QLabel(wordWrap=True)
        lay.addWidget(self.pick)
        lay.addWidget(self.code_box)
        self.shown: int | None = None
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        holder = QWidget()
        self.grid = QGridLayout(holder)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop)
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
        self.states: dict[int, QLabel] = {}
        self.show_buttons: dict[int, QPushButton] = {}
        self.move_buttons: dict[int, QPushButton] = {}
        self.to_table_buttons: dict[int, QPushButton] = {}
        self.computer: dict[int, QPushButton] = {}
        self.names: dict[int, QLabel] = {}
        # per seat, shown while a phone asks for it: the code it must show, and the answers
        self.claims: dict[int, tuple[QWidget, QLabel, QLabel]] = {}
        self.confirm_buttons: dict[int, QPushButton] = {}
        self.refuse_buttons: dict[int, QPushButton] = {}
        self._problem: tuple[str, dict[str, object]] | None = None  # shown in any language
        phones.presence_changed.connect(self._update_states)
        phones.controller.game_changed.connect(self._game_changed)
        self._texts()
        self._host()
        at = self.reach.findData(reach) if reach else -1
        if at >= 0 and at != self.reach.currentIndex():  # as chosen in New game
            self.reach.setCurrentIndex(at)

    def retranslate(self) -> None:
        """The language changed while the dialog is open: every text follows it (the QR
        codes and links stay the same, hosting goes on undisturbed)."""
        self._texts()
        if self._problem is not None:
            key, values = self._problem
            self.error.setText(tr(key, **values))
        for seat, name in self.names.items():
            name.setText(self._who(seat))
            self.move_buttons[seat].setText(tr("ui.invite.move"))
            self.to_table_buttons[seat].setText(tr("ui.invite.to_table"))
            self.computer[seat].setText(tr("ui.invite.make_computer"))
            self.confirm_buttons[seat].setText(tr("ui.invite.confirm"))
            self.refuse_buttons[seat].setText(tr("ui.invite.refuse"))
        self._update_states()
        if self.table_widgets:
            self.table_widgets[1].setText(f"<b>{tr('ui.invite.table')}</b>")
            self.table_widgets[3].setText(tr("ui.invite.table_note"))

    def _who(self, seat: int) -> str:
        g = self.phones.controller.game
        return player_name(self.comp, g.view(None), seat) if g is not None else ""

    def _texts(self) -> None:
        self.setWindowTitle(tr("ui.invite.title"))
        self.intro.setText(tr("ui.invite.intro"))
        self.address_label.setText(tr("ui.invite.address"))
        self.address.setToolTip(tr("ui.invite.address_note"))
        self.pick.setText(tr("ui.invite.pick"))
        self.reach_label.setText(tr("ui.invite.reach"))
        for i in range(self.reach.count()):
            self.reach.setItemText(i, tr(dict(REACH)[self.reach.itemData(i)]))
        self.public_edit.setPlaceholderText(tr("ui.invite.public_hint"))
        self.public_edit.setAccessibleName(tr("ui.invite.reach_paste"))
        self.public_use.setText(tr("ui.invite.public_use"))
        self._reach_note()
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
        # hosting again (another address, a public one now): the same port if it can,
        # so a tunnel already pointed at it keeps working
        port = self.phones.server.port if self.phones.server is not None else self.port
        try:
            self.phones.start(address, port, self.public)
        except OSError as e:
            self._fail("ui.invite.failed", address=address, error=e.strerror or e)
            return
        tunnel = self.phones.tunnel
        if isinstance(tunnel, QuickTunnel) and self.phones.server is not None and \
                tunnel.port != self.phones.server.port:  # it points at a port gone
            self._drop_tunnel()
            return
        self._problem = None
        self.error.hide()
        self._reach_note()
        self._fill()

    # ------------------------------------------------------ players join from
    def _add_reach(self, lay: QVBoxLayout, row: QGridLayout) -> None:
        self.reach_label = QLabel()
        row.addWidget(self.reach_label, 1, 0)
        self.reach = reach_choice()
        row.addWidget(self.reach, 1, 1)
        paste = QHBoxLayout()
        self.public_edit = QLineEdit(objectName="public")
        self.public_edit.returnPressed.connect(self._use_public)
        self.public_use = QPushButton()
        self.public_use.clicked.connect(self._use_public)
        paste.addWidget(self.public_edit, 1)
        paste.addWidget(self.public_use)
        self.public_row = QWidget()
        self.public_row.setLayout(paste)
        paste.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.public_row)
        self.reach_status = plain(QLabel(wordWrap=True, objectName="reach_status"))
        lay.addWidget(self.reach_status)
        # a dialog opened again shows how the current hosting is reached
        self.public = self.phones.public if self.phones.hosting else ""
        if self.public:
            at = self.reach.findData("cloudflared" if self.phones.tunnel is not None
                                     else "paste")
            self.reach.setCurrentIndex(max(at, 0))
            if self.phones.tunnel is None:
                self.public_edit.setText(self.public)
        self.public_row.setVisible(self.reach.currentData() == "paste")
        self.reach.currentIndexChanged.connect(self._reach_changed)

    def _reach_note(self) -> None:
        """What the line under the choice says: where the links point, or that a tunnel
        is starting."""
        tunnel = self.phones.tunnel
        if self.reach.currentData() == "cloudflared" and isinstance(tunnel, QuickTunnel) \
                and not tunnel.address:
            text = tr("ui.invite.tunnel_starting")
        elif self.public and self.phones.hosting:
            text = tr("ui.invite.public_now", address=self.public)
        elif self.reach.currentData() == "paste" and self.phones.server is not None:
            # where the host's own tunnel must point (ngrok, tailscale funnel, ssh -R)
            text = tr("ui.invite.public_point",
                      address=f"http://127.0.0.1:{self.phones.server.port}")
        else:
            text = ""
        self.reach_status.setText(text)
        self.reach_status.setVisible(bool(text))

    @Slot()
    def _reach_changed(self) -> None:
        how = self.reach.currentData()
        self.public_row.setVisible(how == "paste")
        if how == "cloudflared":
            self._start_tunnel()
            return
        stale = False  # the links point where players can no longer join
        if self.phones.tunnel is not None:  # a quick tunnel's address ends with it
            self.phones.stop_tunnel()
            stale = bool(self.public)
        if how == "lan" and self.public:
            stale = True
        if stale:
            self.public = ""
            self._host()
        if how == "paste" and self.public_edit.text().strip():
            self._use_public()
        else:
            self._reach_note()

    @Slot()
    def _use_public(self) -> None:
        """The pasted address: one clear line if it cannot be used (hosting goes on as
        it was), else every link and code carries it."""
        try:
            origin = public_origin(self.public_edit.text())
        except BadAddress as e:
            self._say(e.key)
            return
        self.public_edit.setText(origin)
        if origin != self.public or not self.phones.hosting:
            self.public = origin
            self._host()
        else:
            self._problem = None
            self.error.hide()

    def _say(self, key: str, **values: object) -> None:
        """A problem in one line, the seats' codes left as they are."""
        self._problem = (key, values)
        self.error.setText(tr(key, **values))
        self.error.show()

    def _start_tunnel(self) -> None:
        if not self.phones.hosting:
            self._host()
            if not self.phones.hosting:
                return
        self.phones.stop_tunnel()
        assert self.phones.server is not None
        tunnel = QuickTunnel(self.phones.server.port, self.phones)
        tunnel.ready.connect(self._tunnel_ready)
        tunnel.failed.connect(self._tunnel_failed)
        self.phones.tunnel = tunnel
        tunnel.start()
        self._reach_note()

    @Slot(str)
    def _tunnel_ready(self, address: str) -> None:
        if self.phones.tunnel is not self.sender() or self.reach.currentData() != "cloudflared":
            return
        self.public = address
        self._host()

    @Slot()
    def _tunnel_failed(self) -> None:
        if self.sender() is self.phones.tunnel:  # not an older one, replaced meanwhile
            self._drop_tunnel()

    def _drop_tunnel(self) -> None:
        """The tunnel ended or could not start: the links point at this network again."""
        self.phones.stop_tunnel()
        was = self.public
        self.public = ""
        self.reach.blockSignals(True)
        self.reach.setCurrentIndex(max(self.reach.findData("lan"), 0))
        self.reach.blockSignals(False)
        self.public_row.hide()
        if was:
            self._host()
        self._say("ui.invite.tunnel_failed")
        self._reach_note()

    def _fail(self, key: str, **values: object) -> None:
        self._problem = (key, values)
        self.error.setText(tr(key, **values))
        self.error.show()
        self._clear()

    @Slot()
    def _game_changed(self) -> None:
        """Another game was started or opened: its seats get new links, so the old codes
        go (the host invites again for the new game)."""
        if not self.phones.hosting and self.names:
            self._clear()
            self.close()

    @Slot()
    def _address_changed(self) -> None:
        self._host()

    @Slot()
    def _stop(self) -> None:
        self.phones.stop()
        self._clear()
        self._reach_note()

    def _clear(self) -> None:
        self.show_code(None)
        while self.grid.count():
            item = self.grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.states, self.computer, self.names = {}, {}, {}
        self.claims, self.confirm_buttons, self.refuse_buttons = {}, {}, {}
        self.show_buttons, self.move_buttons, self.to_table_buttons = {}, {}, {}
        self.table_widgets = []

    def _fill(self) -> None:
        self._clear()
        c = self.phones.controller
        if c.game is None:
            return
        for row, seat in enumerate(c.humans):
            name = plain(QLabel(self._who(seat)))  # a name as typed, never markup
            name.setStyleSheet("font-weight: bold;")
            state = plain(QLabel(wordWrap=True))
            show = QPushButton()
            show.clicked.connect(lambda _c=False, s=seat: self._toggle_code(s))
            move = QPushButton(tr("ui.invite.move"))
            move.clicked.connect(lambda _c=False, s=seat: self.phones.move_phone(s))
            to_table = QPushButton(tr("ui.invite.to_table"))
            to_table.clicked.connect(lambda _c=False, s=seat: self._to_table(s))
            to_bot = QPushButton(tr("ui.invite.make_computer"))
            to_bot.clicked.connect(lambda _c=False, s=seat: self._make_computer(s))
            # two lines a seat, its buttons two by two: at the dialog's own size every
            # button shows whole, in either language, with no sideways scrolling; a third
            # across them while a phone asks for the seat
            for at, line in enumerate(((name, show, move), (state, to_table, to_bot))):
                for col, w in enumerate(line):
                    self.grid.addWidget(w, 3 * row + at, col)
            self.grid.addWidget(self._claim_row(seat), 3 * row + 2, 0, 1, 3)
            self.names[seat], self.states[seat], self.computer[seat] = name, state, to_bot
            self.show_buttons[seat], self.move_buttons[seat] = show, move
            self.to_table_buttons[seat] = to_table
        self._add_table(3 * len(c.humans))
        self._update_states()

    def _claim_row(self, seat: int) -> QFrame:
        """The code a phone that asks for the seat must show, and the host's two answers:
        one framed line across the seat's columns, hidden until a phone asks."""
        box = QFrame(objectName="claim")
        box.setStyleSheet(f"QFrame#claim {{ border: 2px solid {CLAIM}; border-radius: 6px; }}")
        line = QHBoxLayout(box)
        words = QVBoxLayout()
        check = plain(QLabel(wordWrap=True))
        code = plain(QLabel())
        code.setStyleSheet("font-size: 24pt; font-weight: bold; letter-spacing: 6px;")
        words.addWidget(check)
        words.addWidget(code)
        line.addLayout(words, 1)
        let_in = QPushButton(tr("ui.invite.confirm"))
        let_in.clicked.connect(lambda _c=False, s=seat: self._answer(s, True))
        refuse = QPushButton(tr("ui.invite.refuse"))
        refuse.clicked.connect(lambda _c=False, s=seat: self._answer(s, False))
        for button in (let_in, refuse):
            line.addWidget(button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.claims[seat] = (box, check, code)
        self.confirm_buttons[seat], self.refuse_buttons[seat] = let_in, refuse
        return box

    def _answer(self, seat: int, let_in: bool) -> None:
        """The host's answer to the code the dialog shows (never to a newer one)."""
        code = self.claims[seat][2].text()
        if let_in:
            self.phones.confirm(seat, code)
        else:
            self.phones.refuse(seat, code)

    def show_code(self, seat: int | None) -> None:
        """Show ``seat``'s QR code and link (None: no code), replacing any other."""
        url = self.phones.url(seat) if seat is not None else ""
        if seat is None or not url or self.phones.claimed(seat) or \
                seat in self.phones.waiting:
            self.shown = None
            self.qr.clear()
            self.link.clear()
            self.caption.clear()
            self.code_box.hide()
        else:
            self.shown = seat
            who = self._who(seat)
            self.qr.setPixmap(qr_pixmap(url))
            self.qr.setAccessibleName(tr("ui.invite.code_name", player=who))
            self.link.setText(url)
            self.link.setAccessibleName(tr("ui.invite.link_name", player=who))
            self.caption.setText(tr("ui.invite.scan", player=who))
            self.code_box.show()
        for s, button in self.show_buttons.items():
            button.setText(tr("ui.invite.hide_code" if s == self.shown else
                              "ui.invite.show_code"))

    def _toggle_code(self, seat: int) -> None:
        self.show_code(None if self.shown == seat else seat)

    def _add_table(self, row: int) -> None:
        """The table page: a code and a link of its own, marked as the one without
        secrets, for a TV, a projector or a spectator (not a seat)."""
        url = self.table() if self.table is not None else ""
        if not url:
            return
        qr = QLabel()
        qr.setPixmap(qr_pixmap(url))
        qr.setAccessibleName(url)
        title = QLabel(f"<b>{tr('ui.invite.table')}</b>", objectName="table_title")
        title.setStyleSheet("color: #47d16c;")
        link = QLabel(url, objectName="table_link")
        link.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        note = QLabel(tr("ui.invite.table_note"), wordWrap=True, objectName="table_note")
        col = QVBoxLayout()
        for w in (title, link, note):
            col.addWidget(w)
        col.addStretch(1)
        box = QWidget()
        box.setLayout(col)
        self.grid.addWidget(qr, row, 0)
        self.grid.addWidget(box, row, 1, 1, 2)
        self.table_widgets = [qr, title, link, note]

    @Slot()
    def _update_states(self) -> None:
        for seat, label in self.states.items():
            claimed = self.phones.claimed(seat)
            code = self.phones.waiting.get(seat, "")
            label.setText(seat_state(self.phones, seat))
            box, check, shown = self.claims[seat]
            check.setText(tr("ui.invite.code_check", player=self._who(seat)))
            shown.setText(code)
            who = self._who(seat)
            shown.setAccessibleName(tr("ui.invite.claim_name", code=code, player=who))
            # a screen reader hears whose seat and which code each answer is for
            self.confirm_buttons[seat].setAccessibleName(
                tr("ui.invite.confirm_name", code=code, player=who))
            self.refuse_buttons[seat].setAccessibleName(
                tr("ui.invite.refuse_name", code=code, player=who))
            box.setVisible(bool(code))
            self.show_buttons[seat].setEnabled(not claimed and not code)
            self.move_buttons[seat].setEnabled(claimed)
            self.to_table_buttons[seat].setEnabled(seat in self.phones.controller.phones)
        if self.shown is not None and (self.phones.claimed(self.shown) or
                                       self.shown in self.phones.waiting):
            self.show_code(None)  # a phone opened the link: the QR code goes
        else:
            self.show_code(self.shown)

    def _to_table(self, seat: int) -> None:
        """The seat is played at the table again: its phone is closed and its link
        replaced (a new code, should it go back to a phone)."""
        self.phones.to_table(seat)
        self._fill()

    def _make_computer(self, seat: int) -> None:
        self.phones.controller.make_computer(seat)
        self._fill()


class PhoneStatus(QLabel):
    """The status bar's line about phones: which seats are on one, which are connected."""

    def __init__(self, comp: Components, phones: PhoneHost, parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)  # player names, shown as typed
        self.comp = comp
        self.phones = phones
        phones.presence_changed.connect(self.refresh)
        phones.notice_changed.connect(self.refresh)
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
        for seat in sorted(self.phones.waiting):  # until the host answers in the dialog
            parts.append(tr("ui.phones.waiting", player=player_name(self.comp, view, seat)))
        if self.phones.notice is not None:
            key, seat = self.phones.notice
            parts.append(tr(key, player=player_name(self.comp, view, seat)))
        self.setText(" · ".join(parts))
        self.show()
