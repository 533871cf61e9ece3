"""Phones as private screens: the bridge between the companion server and the window.

`PhoneHost` owns the companion `Host` (keys, claims, frames) and the aiohttp server
thread. The server calls back on its own thread; those calls become queued Qt
signals, so every message is judged and applied on the window's thread, through
the controller, exactly like a click (and a phone's choice can never race a
click or a computer seat). After every change of the game each phone seat's frame
is rebuilt from its own view and handed to the server, which sends it if it
changed. The window never waits for a phone; before it redraws a move it only lets
the server's thread write that move's frames (`flush`, at most `SEND_WAIT`).

A human seat becomes a phone seat when its page first connects; from then on the
table shows only the public view while it decides, and waits for it while it is
disconnected (or the host gives the seat to a computer player). The first device
to open a seat's link asks for it with a short code (`waiting`) and gets nothing of
the seat until the host confirms that code in the invite dialog (`confirm`) or
refuses it (`refuse`): a link can be photographed off the shared screen or read in
a chat, so a link alone never opens a seat. Another device that tries is refused
and the table is told (`notice`), as it is when the host moves a seat to another phone.
It comes back to the table when the host says so in the invite dialog
(`to_table`: its link stops working) or stops hosting; either is said aloud on
the window (`returned`), since the table's screen now offers that seat's choices.
"""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from bsg_desktop.companion.frames import SeatFrame, art_catalog
from bsg_desktop.companion.host import Host
from bsg_desktop.companion.protocol import BadMessage, Message
from bsg_desktop.errors import IllegalChoiceError
from bsg_desktop.i18n import language
from bsg_desktop.ui.controller import GameController

if TYPE_CHECKING:  # aiohttp is imported when a game is first hosted, not at start
    from bsg_desktop.companion.server import CompanionServer

DEFAULT_PORT = 8765
NOTICE_MS = 20_000  # how long the table's line keeps a notice ("Someone tried to join …")
# how long, at most, the window waits for a move's frames to be written before it redraws
# the move (`flush`): the other pages' whole aim, so a phone out of reach costs no more
SEND_WAIT = 0.05


def local_addresses() -> list[str]:
    """The IPv4 addresses of this computer that phones in the room might reach: its
    private-network ones (a room's Wi-Fi), then loopback (only useful to test on this
    computer). A public address is never offered: hosting there would put the seats
    on the internet."""
    found: list[str] = []
    try:
        from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

        for addr in QNetworkInterface.allAddresses():
            if addr.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                found.append(addr.toString())
    except ImportError:  # pragma: no cover - QtNetwork ships with PySide6-Essentials
        pass
    try:
        found.extend(i[4][0] for i in socket.getaddrinfo(socket.gethostname(), None,
                                                          socket.AF_INET))
    except OSError:
        pass
    out = sorted({a for a in found if _private(a) or a.startswith("127.")},
                 key=lambda a: (a.startswith("127."), a))
    return out or ["127.0.0.1"]


def _private(addr: str) -> bool:
    parts = [int(p) for p in addr.split(".") if p.isdigit()]
    if len(parts) != 4:
        return False
    return parts[0] == 10 or (parts[0] == 172 and 16 <= parts[1] <= 31) or \
        (parts[0] == 192 and parts[1] == 168)


class PhoneHost(QObject):
    """Hosts the current game's seat pages while a game is hosted."""

    presence_changed = Signal()     # a phone connected, left or claimed a seat, or hosting
    notice_changed = Signal()       # something the whole table is told (`notice`)
    returned = Signal(list)         # these seats are played at the table again
    claim_waiting = Signal(int)     # a device asks for this seat: its code is in `waiting`
    _arrived = Signal(int, object)  # a message from the server thread (queued)
    _presence = Signal(int, bool)
    _claimed = Signal(int, str)
    _refused = Signal(int)
    _waiting = Signal(int, str)

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.host: Host | None = None
        self.server: CompanionServer | None = None
        self.address = ""
        self.connected: set[int] = set()
        # seat -> the code of the device that asks for it, until the host answers
        self.waiting: dict[int, str] = {}
        # the newest public notice: (translation key, seat), shown in the table's language
        self.notice: tuple[str, int] | None = None
        # a notice is news: it leaves the status line after a while (`NOTICE_MS`)
        self._notice_timer = QTimer(self, singleShot=True, interval=NOTICE_MS)
        self._notice_timer.timeout.connect(self._notice_over)
        self._generation = -1
        # names besides the bound address that requests may use (a test's name mapped
        # to loopback); anything else is refused as a DNS-rebinding page would be
        self.names: tuple[str, ...] = ()
        # the public https address players join from (`companion.remote`), or "": the links
        # then carry it, and the server accepts it (and forwarded headers) as well
        self.public = ""
        # a cloudflared quick tunnel started from the invite dialog (`ui.tunnel`): it ends
        # when hosting stops
        self.tunnel: QObject | None = None
        self._arrived.connect(self._on_message)
        self._presence.connect(self._on_presence)
        self._claimed.connect(self._on_claimed)
        self._refused.connect(self._on_refused)
        self._waiting.connect(self._on_waiting)
        # A phone's frame reads the game, the seat's roll and moment, and whether it is on
        # its phone: a move changes them before `moved` (so the frames go out before the
        # window redraws the move), an undo or a new game on `game_changed`, and a seat
        # going to or from its phone or to a computer on `unlock_changed`.
        c = controller
        c.moved.connect(self.publish)
        c.unlock_changed.connect(self.publish)
        c.game_changed.connect(self._on_game_changed)

    # ------------------------------------------------------------ hosting
    @property
    def hosting(self) -> bool:
        return self.server is not None

    def start(self, address: str = "127.0.0.1", port: int = DEFAULT_PORT,
              public: str = "") -> None:
        """Host the current game's human seats on ``address`` (raises OSError if the
        address cannot be bound; a busy default port falls back to any free one);
        ``public``: the https origin players elsewhere join from, or "" (this network)."""
        g = self.controller.game
        if g is None:
            raise RuntimeError("no game to host")
        if self.server is not None and self.address == address and \
                self.public == public and self._generation == self.controller.generation:
            return
        # the same game on another address keeps its links' keys and claims
        host = self.host if self._generation == self.controller.generation else None
        self._stop_server()
        comp = g.c
        self.host = host or Host(comp, self.controller.humans, language())
        from bsg_desktop.companion.server import CompanionServer

        for attempt in (port, 0) if port else (0,):
            server = CompanionServer(self._from_server, self._presence_from_server,
                                     art_catalog(comp), address, attempt,
                                     on_claim=self._claimed.emit,
                                     on_refused=self._refused.emit, lang=language(),
                                     offered=self.names, public=public,
                                     on_waiting=self._waiting.emit)
            try:
                server.start()
                break
            except OSError:
                if attempt == 0:
                    self.host = None
                    raise
        self.server = server
        self.address = address
        self.public = public
        self._generation = self.controller.generation
        server.set_seats(self.host.keys, self.host.devices)
        self.publish()
        self.presence_changed.emit()

    def stop(self) -> None:
        """Stop hosting (the links stop working; a later start of the same game keeps
        its keys and claims, another game gets new ones). Every phone seat is played
        at the table again, so a seat deciding on its phone gets its choices on the
        screen."""
        hosted = self.server is not None
        self._stop_server("stopped")
        self.stop_tunnel()
        if hosted:
            self._back_to_table(sorted(self.controller.phones))

    def _stop_server(self, ending: str = "") -> None:
        """``ending``: what every page is told (`CompanionServer.stop`); none when
        hosting only moves to another address."""
        if self.server is not None:
            self.server.stop(ending)
        self.server = None
        self.connected = set()
        self.waiting = {}  # a waiting device asks again, of the next server
        self.presence_changed.emit()

    def to_table(self, seat: int) -> None:
        """Seat ``seat`` is played at the table again: its phone is told and closed, and
        its link stops working (a new one is made should it go back to a phone)."""
        host, server = self.host, self.server
        self.waiting.pop(seat, None)
        if host is not None and seat in host.keys:
            host.move(seat)
            if server is not None:  # its page is told it is played at the table now
                server.set_seats(host.keys, host.devices, at_table=(seat,))
                self.publish()
        self.connected.discard(seat)
        self._back_to_table([seat])
        self.presence_changed.emit()

    def _back_to_table(self, seats: list[int]) -> None:
        back = [s for s in seats if s in self.controller.phones]
        for seat in back:
            self.controller.set_on_phone(seat, False)
        if back:
            self.returned.emit(back)

    def stop_tunnel(self) -> None:
        """End the quick tunnel started for this hosting, if any."""
        tunnel, self.tunnel = self.tunnel, None
        if tunnel is not None:
            tunnel.stop()  # type: ignore[attr-defined]

    def base(self) -> str:
        """Where the pages are: the public address chosen, else this network's."""
        if self.server is None:
            return ""
        return self.public or f"http://{self.address}:{self.server.port}"

    def url(self, seat: int) -> str:
        """The seat's link: the page's address, and the seat's key in the fragment
        (which a browser never sends). Shown only as the seat's code, on request."""
        if self.server is None or self.host is None or seat not in self.host.keys:
            return ""
        return f"{self.base()}/#{self.host.fragment(seat)}"

    def claimed(self, seat: int) -> bool:
        return self.host is not None and seat in self.host.devices

    def move_phone(self, seat: int) -> None:
        """The seat goes to another phone: a new link, the old device is told at once
        and gets nothing more, and the table is told."""
        host, server = self.host, self.server
        if host is None or seat not in host.keys:
            return
        host.move(seat)
        self.connected.discard(seat)
        self.waiting.pop(seat, None)
        if server is not None:
            server.set_seats(host.keys, host.devices)
            self.publish()
        self._tell("ui.phones.moved", seat)
        self.presence_changed.emit()

    def confirm(self, seat: int, code: str) -> bool:
        """The host saw ``code`` on the seat's player's phone: that phone gets the seat.
        False (and nothing happens) if the seat's waiting claim has another code: the
        host confirms only the code the dialog shows."""
        server = self.server
        if server is None or self.waiting.get(seat) != code:
            return False
        # it waits until the server says the claim back (`_on_claimed`): the dialog never
        # shows the seat as free in between
        server.confirm(seat, code)
        return True

    def refuse(self, seat: int, code: str) -> bool:
        """The host refused the phone with ``code``: it gets nothing of the seat, and the
        seat's link stays open for its player's own phone (which asks with a new code)."""
        server = self.server
        if server is None or self.waiting.get(seat) != code:
            return False
        del self.waiting[seat]
        server.refuse(seat, code)
        self._tell("ui.phones.declined", seat)
        self.presence_changed.emit()
        return True

    def _tell(self, key: str, seat: int) -> None:
        self.notice = (key, seat)
        self._notice_timer.start()
        self.notice_changed.emit()

    @Slot()
    def _notice_over(self) -> None:
        self.notice = None
        self.notice_changed.emit()

    # ---------------------------------------------------- server thread -> Qt
    def _from_server(self, seat: int, message: Message) -> None:
        self._arrived.emit(seat, message)  # runs on the server thread: queued

    def _presence_from_server(self, seat: int, on: bool) -> None:
        self._presence.emit(seat, on)

    # ---------------------------------------------------------- on Qt's thread
    @Slot()
    def _on_game_changed(self) -> None:
        if self._generation != self.controller.generation:
            self._stop_server("new_game")  # another game: its seats get new links
            self.stop_tunnel()
            self.host = None
        else:
            self.publish()

    @Slot(int, str)
    def _on_claimed(self, seat: int, device: str) -> None:
        if self.host is not None and seat in self.host.keys:
            self.host.devices[seat] = device
            self.waiting.pop(seat, None)
            self.presence_changed.emit()

    @Slot(int, str)
    def _on_waiting(self, seat: int, code: str) -> None:
        if self.server is None or self.host is None or seat not in self.host.keys:
            return
        self.waiting[seat] = code  # said on the status line until the host answers
        self.presence_changed.emit()
        self.claim_waiting.emit(seat)

    @Slot(int)
    def _on_refused(self, seat: int) -> None:
        if self.host is not None and seat in self.host.keys:
            self._tell("ui.phones.refused", seat)

    @Slot(int, bool)
    def _on_presence(self, seat: int, on: bool) -> None:
        if self.server is None:
            return
        if on:
            self.connected.add(seat)
            self.controller.set_on_phone(seat, True)
        else:
            self.connected.discard(seat)
        self.presence_changed.emit()

    @Slot(int, object)
    def _on_message(self, seat: int, message: Message) -> None:
        host, server, c = self.host, self.server, self.controller
        g = c.game
        if host is None or server is None or g is None or seat not in host.keys:
            return
        if message.type == "lang":
            host.set_language(seat, message.lang)
            self.publish()
            return
        if seat not in c.phones:  # from a phone the seat left for the table meanwhile
            return
        try:
            choice = host.judge(g, seat, message, c.can_undo(seat))
        except BadMessage as e:
            server.send_error(seat, e.code)
            return
        # the move's frames go out from the controller's own signals (`moved` for a
        # choice, `game_changed` for an undo): publishing again here would make every
        # seat's frame twice while the first ones are being sent
        try:
            if choice is None:
                c.undo(seat)
            else:
                c.choose(choice)
        except IllegalChoiceError:
            server.send_error(seat, "not_an_option")

    def flush(self) -> None:
        """The frames handed to the server so far (the phones' and the table page's) are
        written before the window goes on, or `SEND_WAIT` has passed. Called before the
        window redraws a move: the redraw holds Python's lock, which the server's thread
        needs to seal and send, so the pages would otherwise wait for the window."""
        if self.server is not None:
            self.server.flush(SEND_WAIT)

    @Slot()
    def publish(self) -> None:
        """Hand every phone seat its current frame (the server sends what changed)."""
        host, server, g = self.host, self.server, self.controller.game
        if host is None or server is None or g is None or \
                self._generation != self.controller.generation:
            return
        gone = [s for s in host.keys if not self.controller.is_human(s)]
        if gone:  # handed to a computer player: its link stops working
            for seat in gone:
                del host.keys[seat]
                host.devices.pop(seat, None)
                self.connected.discard(seat)
                self.waiting.pop(seat, None)
            server.set_seats(host.keys, host.devices)
            self.presence_changed.emit()
        frames: dict[int, SeatFrame] = {}
        for seat in host.keys:
            frame = host.frame(g, seat, self.controller.can_undo(seat) and
                               seat in self.controller.phones,
                               self.controller.rolls.get(seat),
                               self.controller.own.get(seat) if seat in self.controller.phones
                               else None)
            frames[seat] = SeatFrame(frame, host.strings(seat), host.langs[seat],
                                     host.cards(seat))
        # all at once: the server's thread is woken once, when every frame is made
        server.publish_all(frames)
