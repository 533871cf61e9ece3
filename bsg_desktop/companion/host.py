"""The game's side of the companion: seat tokens, frames, and judging what phones ask.

`Host` lives with the game (the window's thread) and never touches a socket. It
makes each seat's frame from that seat's view (`frames.state`), numbers it, and
decides whether a phone's message may act: a choice must carry the number of the
frame it answers (a tap on an old screen is refused as stale), come from the seat
that decides, and be one of the pending decision's own options.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

from bsg_desktop.companion import frames
from bsg_desktop.companion.protocol import BadMessage, Message
from bsg_desktop.data.components import Components
from bsg_desktop.engine import Choice
from bsg_desktop.errors import IllegalChoiceError
from bsg_desktop.i18n import LANGUAGES

TOKEN_BYTES = 16  # 128 bits from the operating system's secure source


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Host:
    """Tokens, languages and frame numbers for the seats that may play on a device.

    A seat's number counts the changes of its own frame content; it moves only
    when something that seat can see changed, so it tells nothing more than the
    frames themselves.
    """

    def __init__(self, comp: Components, seats: Iterable[int], lang: str = "en") -> None:
        self.comp = comp
        self.tokens: dict[int, str] = {s: new_token() for s in seats}
        self.langs: dict[int, str] = {s: lang if lang in LANGUAGES else "en"
                                      for s in self.tokens}
        self.seq: dict[int, int] = dict.fromkeys(self.tokens, 0)
        self._content: dict[int, str] = {}
        self._frame: dict[int, str] = {}

    def frame(self, game: Any, seat: int, undo: bool = False, rolled: Any = None) -> str:
        """The seat's current frame (a new number only if its content changed);
        ``rolled``: the seat's own `RollNote`, if the game put in dice for it."""
        content = frames.dumps(frames.state(self.comp, game, seat, self.langs[seat], undo,
                                            rolled))
        if content != self._content.get(seat):
            self._content[seat] = content
            self.seq[seat] += 1
            self._frame[seat] = f'{{"seq":{self.seq[seat]},{content[1:]}'
        return self._frame[seat]

    def strings(self, seat: int) -> str:
        return frames.strings_frame(self.langs[seat])

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
