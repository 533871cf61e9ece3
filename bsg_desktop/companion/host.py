"""The game's side of the companion: seat keys and claims, frames, and judging what phones ask.

`Host` lives with the game (the window's thread) and never touches a socket. It
keeps each seat's key (the link's fragment, `seal`) and the secret of the device
that claimed the seat, makes each seat's frame from that seat's view
(`frames.state`), keeps it within the first padding bucket, numbers it, and
decides whether a phone's message may act: a choice must carry the number of the
frame it answers (a tap on an old screen is refused as stale), come from the seat
that decides, and be one of the pending decision's own options.
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Iterable
from typing import Any

from bsg_desktop.companion import frames
from bsg_desktop.companion.protocol import BadMessage, Message
from bsg_desktop.companion.seal import BUCKETS, KEY_BYTES, LENGTH_BYTES
from bsg_desktop.data.components import Components
from bsg_desktop.engine import Choice
from bsg_desktop.errors import IllegalChoiceError
from bsg_desktop.i18n import LANGUAGES
from bsg_desktop.present.log import LogWords

# every state frame fits the first bucket, so its size is the bucket's whatever it holds
STATE_BUDGET = BUCKETS[0] - LENGTH_BYTES


class FrameTooLarge(RuntimeError):
    """A state frame that does not fit `STATE_BUDGET` even with no log line left.

    Names are capped so that this cannot happen (`engine.setup.NAME_CHARS`,
    `data.components.NAME_CHARS`); should it happen anyway the frame is not sent in a
    larger size, which would tell the wire something about the seat (a Cylon's
    options are longer than a human's): it is a bug, said loudly."""


def new_key() -> bytes:
    """A seat's key: 256 bits from the operating system's secure source."""
    return secrets.token_bytes(KEY_BYTES)


def key_text(key: bytes) -> str:
    """The key as the link's fragment carries it (base64url, no padding)."""
    return base64.urlsafe_b64encode(key).decode("ascii").rstrip("=")


class Host:
    """Keys, claims, languages and frame numbers for the seats that may play on a device.

    A seat's number counts the changes of its own frame content; it moves only
    when something that seat can see changed, so it tells nothing more than the
    frames themselves.
    """

    def __init__(self, comp: Components, seats: Iterable[int], lang: str = "en") -> None:
        self.comp = comp
        self.keys: dict[int, bytes] = {s: new_key() for s in seats}
        self.devices: dict[int, str] = {}  # seat -> the secret of the device that claimed it
        self.langs: dict[int, str] = {s: lang if lang in LANGUAGES else "en"
                                      for s in self.keys}
        self.seq: dict[int, int] = dict.fromkeys(self.keys, 0)
        self._content: dict[int, str] = {}
        self._frame: dict[int, str] = {}
        self.words = LogWords()  # the log's lines, said once for every seat

    def move(self, seat: int) -> None:
        """The seat's phone is changed: a new key (a new link), and no device holds it."""
        self.keys[seat] = new_key()
        self.devices.pop(seat, None)

    def fragment(self, seat: int) -> str:
        return key_text(self.keys[seat])

    def frame(self, game: Any, seat: int, undo: bool = False, rolled: Any = None,
              own: Any = None) -> str:
        """The seat's current frame (a new number only if its content changed);
        ``rolled``: the seat's own `RollNote`, if the game put in dice for it; ``own``:
        its new loyalty card's private event, until it has decided since.

        A frame longer than `STATE_BUDGET` leaves out its oldest log lines until it
        fits (the page shows the newest), so every state frame is padded to one size;
        one that still does not fit raises `FrameTooLarge`, never a larger size."""
        data = frames.state(self.comp, game, seat, self.langs[seat], undo, rolled, own,
                            self.words)
        content = frames.dumps(data)
        while len(self._numbered(seat, content).encode("utf-8")) > STATE_BUDGET \
                and data["log"]:
            data["log"] = data["log"][max(1, len(data["log"]) // 8):]
            content = frames.dumps(data)
        size = len(self._numbered(seat, content).encode("utf-8"))
        if size > STATE_BUDGET:
            raise FrameTooLarge(f"seat {seat}'s frame is {size} bytes with no log line, "
                                f"more than the {STATE_BUDGET} every frame is padded to")
        if content != self._content.get(seat):
            self._content[seat] = content
            self.seq[seat] += 1
            self._frame[seat] = self._numbered(seat, content, self.seq[seat])
        return self._frame[seat]

    def _numbered(self, seat: int, content: str, seq: int | None = None) -> str:
        # the number is measured at its next value, so a frame that fits keeps fitting
        n = self.seq[seat] + 1 if seq is None else seq
        return f'{{"seq":{n},{content[1:]}'

    def strings(self, seat: int) -> str:
        return frames.strings_frame(self.langs[seat])

    def cards(self, seat: int) -> str:
        """Every loyalty card's face in the seat's language: the same for every seat,
        so it tells nothing of which the seat holds (its state frame names that)."""
        return frames.cards_frame(self.comp, self.langs[seat])

    def set_language(self, seat: int, lang: str) -> None:
        if lang in LANGUAGES:
            self.langs[seat] = lang

    def judge(self, game: Any, seat: int, message: Message, can_undo: bool = False
              ) -> Choice | None:
        """The choice a ``choose`` message makes, or None for an allowed ``undo``.

        Raises `BadMessage` for anything that may not act now; the game is untouched.
        """
        if message.type not in ("choose", "undo"):
            raise BadMessage("unknown_type")
        if game.outcome is not None:
            raise BadMessage("game_over")
        if message.seq != self.seq.get(seat):
            raise BadMessage("stale")
        if message.type == "undo":
            if not can_undo:
                raise BadMessage("no_undo")
            return None
        pending = game.pending
        if pending is None or pending.seat != seat:
            raise BadMessage("not_your_turn")
        try:
            choice = Choice.parse(message.choice)
        except IllegalChoiceError:
            raise BadMessage("not_an_option") from None
        if choice not in pending.options:
            raise BadMessage("not_an_option")
        return choice
