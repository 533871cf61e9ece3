"""Small values the engine speaks in: choices, decisions, events, outcomes, setup.

Choices print as text and parse back (``contribute:3,5``), so a log, a replay
file, a scenario and a test spell a choice the same way (python-chess's
``Move.uci()``/``from_uci()``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bsg_desktop.errors import IllegalChoiceError

HUMANS = "humans"
CYLONS = "cylons"

ACTIVE, CONTRIBUTED, SPENT, REMOVED = "active", "contributed", "spent", "removed"  # D11
RAIDER, SHIP = "raider", "ship"
_INT = re.compile(r"-?[0-9]{1,18}")
_WORD = re.compile(r"[A-Za-z0-9_]+")
_ARG = re.compile(r"-?[0-9]{1,18}|[A-Za-z_][A-Za-z0-9_/.\-]*")


MAX_CHOICE_CHARS = 200  # the longest real choice text is under 40 characters


def _arg(text: str) -> int | str:
    # ASCII digits only: str.isdigit() also accepts "²", which int() refuses
    return int(text) if _INT.fullmatch(text) else text


class Choice(NamedTuple):
    """One legal answer to a decision, e.g. ``Choice("contribute", (3, 5))``.

    A NamedTuple rather than a dataclass: choices are compared and hashed on
    every step of every simulated game, and tuples do that in C.
    """

    verb: str
    args: tuple[int | str, ...] = ()

    def __str__(self) -> str:
        return self.verb if not self.args else f"{self.verb}:{','.join(map(str, self.args))}"

    @classmethod
    def parse(cls, text: str) -> Choice:
        """Inverse of ``str()``; raises IllegalChoiceError on text that is not a choice."""
        if not isinstance(text, str) or not text.strip():
            raise IllegalChoiceError(f"not a choice: {text!r}")
        if len(text) > MAX_CHOICE_CHARS:
            raise IllegalChoiceError(f"not a choice: {text[:20]!r}… "
                                     f"(longer than {MAX_CHOICE_CHARS} characters)")
        verb, _, rest = text.strip().partition(":")
        parts = [a.strip() for a in rest.split(",")] if rest else []
        if not _WORD.fullmatch(verb) or not all(_ARG.fullmatch(a) for a in parts):
            raise IllegalChoiceError(f"not a choice: {text!r}")
        args = tuple(_arg(a) for a in parts)
        return cls(verb, args)


class Decision(NamedTuple):
    """What the game waits for: one seat picks one of ``options``.

    ``kind`` names the decision (``action``, ``join``, ``contribute`` …); ``rule`` is
    the rule id that asks for it; ``info`` carries what the deciding seat needs to
    see to choose (for example the values it rolled): it is meant for that seat only.
    """

    seat: int
    kind: str
    options: tuple[Choice, ...]
    rule: str
    info: tuple[tuple[str, Any], ...] = ()

    def info_dict(self) -> dict[str, Any]:
        return dict(self.info)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, with the rule that made it happen.

    ``to`` is None for public events; otherwise the seats that may see it (a roll's
    values, a loyalty card dealt, what Baltar saw).
    """

    kind: str
    rule: str
    data: tuple[tuple[str, Any], ...] = ()
    to: frozenset[int] | None = None

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def as_dict(self) -> dict[str, Any]:
        return dict(self.data)

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


class Entry(NamedTuple):
    """One die contributed to a check (D9): whose, which die, its kind and shown value,
    and whether it still counts (X3 may take one out of a vote's total).

    Its repr is the plain tuple's, as it was before the fields had names, so the
    behaviour fingerprint (`benchmarks/fingerprint.py`), which hashes the views' reprs,
    is the same byte for byte."""

    seat: int
    die: int
    kind: str
    value: int
    counts: bool

    def __repr__(self) -> str:
        return tuple.__repr__(self)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won, by which condition, under which rule."""

    winner: str  # HUMANS | CYLONS
    condition: str  # jump | raiders | damage | morale
    rule: str


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything chosen before the first shuffle.

    ``characters`` lists the character id per seat in clockwise order (S2); empty
    means dealt at random from the seed. ``morale_variant`` turns on rules V1–V2.
    """

    players: int = 4
    characters: tuple[str, ...] = ()
    morale_variant: bool = False
    names: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "characters": list(self.characters),
                "morale_variant": self.morale_variant, "names": list(self.names)}

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        if not isinstance(data, dict):
            raise ValueError("setup must be a mapping")
        players = data.get("players", 4)
        chars = data.get("characters", [])
        names = data.get("names", [])
        variant = data.get("morale_variant", False)
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError("setup.players must be 3, 4 or 5")
        if not isinstance(chars, list) or not all(isinstance(c, str) for c in chars):
            raise ValueError("setup.characters must be a list of character ids")
        if not isinstance(names, list) or not all(isinstance(c, str) for c in names):
            raise ValueError("setup.names must be a list of texts")
        if not isinstance(variant, bool):
            raise ValueError("setup.morale_variant must be true or false")
        return cls(players=players, characters=tuple(chars), morale_variant=variant,
                   names=tuple(names))
