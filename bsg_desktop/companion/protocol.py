"""What a phone may send, checked before anything acts on it.

Every message is one small JSON object with a ``type``. Anything else (not text,
not JSON, too big, wrong field types, an unknown type) raises `BadMessage` with a
code; the server answers with an error frame and keeps the connection, and
nothing changes. Whether a choice is legal is not decided here: the host holds it
to the pending decision's own options and its sequence number.

    {"type": "choose", "seq": 12, "choice": "contribute:3,5"}
    {"type": "undo", "seq": 12}
    {"type": "lang", "lang": "hu"}
    {"type": "ping"}
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from bsg_desktop.i18n import LANGUAGES, tr

MAX_BYTES = 64 * 1024   # larger messages are refused (with an error reply)
MAX_CHOICE = 200        # the longest choice text the engine makes is far shorter
RATE = 20.0             # messages a second a connection may send, on average
BURST = 40.0            # and at once

CODES = ("too_big", "not_json", "bad_field", "unknown_type", "stale", "not_your_turn",
         "not_an_option", "slow_down", "no_undo", "game_over")


class BadMessage(Exception):
    """A message that is refused; ``code`` is one of `CODES`."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Message:
    type: str
    seq: int | None = None
    choice: str = ""
    lang: str = ""


def _seq(data: dict[str, object]) -> int:
    seq = data.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq < 2**53:
        raise BadMessage("bad_field")
    return seq


def parse(raw: str | bytes) -> Message:
    """One message from its raw text; raises `BadMessage`."""
    if len(raw) > MAX_BYTES:
        raise BadMessage("too_big")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadMessage("not_json") from None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessage("not_json") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage("bad_field")
    kind = data["type"]
    if kind == "choose":
        choice = data.get("choice")
        if not isinstance(choice, str) or not 0 < len(choice) <= MAX_CHOICE:
            raise BadMessage("bad_field")
        return Message("choose", _seq(data), choice=choice)
    if kind == "undo":
        return Message("undo", _seq(data))
    if kind == "lang":
        lang = data.get("lang")
        if not isinstance(lang, str) or lang not in LANGUAGES:
            raise BadMessage("bad_field")
        return Message("lang", lang=lang)
    if kind == "ping":
        return Message("ping")
    raise BadMessage("unknown_type")


def error_text(code: str, lang: str) -> str:
    return tr(f"companion.error.{code}", lang)


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()
        self._told = False

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self._told = False
            return True
        return False

    def first_refusal(self) -> bool:
        """True for the first refused message since the last allowed one: a sender is
        told once, and a flood costs no reply per message."""
        told, self._told = self._told, True
        return not told
