"""What every character ability is: a small part the rules ask at a few fixed moments.

A character in cards.yaml names its part and the part's parameters::

    part: {name: initiative, per: turn, dice: all, brig: true}

The rules never ask which character a seat holds; they ask the seat's part
(``engine/abilities/__init__.py``) at these moments, and a part answers only for
the hooks it cares about:

- ``action_choices``: choices it adds to the seat's action decision (X5);
- ``contribute_choices``: choices it adds to a contribute decision (X2);
- ``after_contributing``: a decision it asks once a seat has contributed (X4);
- ``before_result``: a decision it asks its seat before a check it called ends (X3);
- ``after_result``: a decision it asks its seat once a check's result is known and
  its dice are spent (Salvage, a part for a user's own character);
- ``counts_as``: how it changes what a contributed die counts for (X1), and
  ``contributed``: what it reports when a die of such a check was contributed;
- ``apply``: what choosing one of its choices does (``verbs`` are its choices).

What a part has used lives in one place, ``g.ability_used`` (seat -> the turn
it was last used); ``per`` says whether that spends it for the turn or the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from bsg_desktop.engine.core import Choice, Decision
from bsg_desktop.errors import DataError

if TYPE_CHECKING:
    from bsg_desktop.engine.machine import Machine


class Ability:
    """One character's ability, with its parameters from cards.yaml; holds no game state."""

    name: ClassVar[str]  # the part's name in cards.yaml
    rule: ClassVar[str]  # the rule its events cite for a character that names none
    verbs: ClassVar[frozenset[str]] = frozenset()  # the choices it adds
    # parameter -> the values it may take, the first being the default
    PARAMS: ClassVar[dict[str, tuple[Any, ...]]] = {}
    # the kinds of decision it asks whose choices show nothing hidden: hot-seat asks them
    # on the shared screen instead of handing the screen over (present/handover.py)
    public_kinds: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = {k: v[0] for k, v in self.PARAMS.items()} | params
        self.per: str | None = self.params.get("per")
        self.works_in_brig: bool = bool(self.params.get("brig", True))

    @classmethod
    def read(cls, raw: dict[str, Any], file: str, where: str) -> Ability:
        """The part from a character's ``part`` mapping; a bad parameter is a DataError."""
        params: dict[str, Any] = {}
        for key, value in raw.items():
            if key == "name":
                continue
            if key not in cls.PARAMS:
                known = ", ".join(["name", *cls.PARAMS]) if cls.PARAMS else "name"
                raise DataError(file, f"{where}.{key}",
                                f"unknown parameter of {cls.name}; expected {known}")
            allowed = cls.PARAMS[key]
            if not any(value == a and type(value) is type(a) for a in allowed):
                raise DataError(file, f"{where}.{key}", "expected one of "
                                + ", ".join(_shown(a) for a in allowed) + f", got {value!r}")
            params[key] = value
        return cls(params)

    def rule_for(self, g: Machine, seat: int) -> str:
        """The rule this part's lines cite for ``seat``: its character's own X line (a
        user's character borrowing a shipped part cites its own, not the shipped one's)."""
        return g.c.character(g.players[seat].character).rule or self.rule

    # --------------------------------------------------------------- limits
    def usable(self, g: Machine, seat: int) -> bool:
        """Y4: a revealed Cylon has no ability; some abilities do not work in the brig;
        one used ``per`` turn or game waits until the limit is over."""
        p = g.players[seat]
        if p.revealed or (p.in_brig and not self.works_in_brig):
            return False
        return not self.spent(g, seat)

    def spent(self, g: Machine, seat: int) -> bool:
        used = g.ability_used.get(seat)
        if used is None or self.per is None:
            return False
        return self.per == "game" or used == g.turn

    def use(self, g: Machine, seat: int) -> None:
        g.ability_used[seat] = g.turn

    # ---------------------------------------------------------------- hooks
    def action_choices(self, g: Machine, seat: int) -> list[Choice]:
        return []

    def contribute_choices(self, g: Machine, seat: int,
                           rolled: list[tuple[int, str, int]]) -> list[Choice]:
        return []

    def after_contributing(self, g: Machine, seat: int, dice: int) -> Decision | None:
        return None

    def before_result(self, g: Machine, seat: int) -> Decision | None:
        return None

    def after_result(self, g: Machine, seat: int, success: bool) -> Decision | None:
        return None

    def counts_as(self, g: Machine, seat: int, check: str) -> tuple[tuple[int, int], ...]:
        return ()

    def contributed(self, g: Machine, seat: int, values: list[int]) -> None:
        return None

    def apply(self, g: Machine, seat: int, choice: Choice) -> None:
        raise NotImplementedError(choice)


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
