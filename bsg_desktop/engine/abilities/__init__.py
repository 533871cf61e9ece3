"""Character abilities as parts: each character in cards.yaml names one (``part.name``).

The rules ask a seat's part through the functions here and never compare a
character's id; a new ability is one module beside these (a subclass of
``base.Ability``) added to ``PARTS``, plus its tests and texts.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bsg_desktop.engine.abilities.base import Ability
from bsg_desktop.engine.abilities.command import Command
from bsg_desktop.engine.abilities.detector import Detector
from bsg_desktop.engine.abilities.influence import Influence
from bsg_desktop.engine.abilities.initiative import Initiative
from bsg_desktop.engine.abilities.reckless import Reckless
from bsg_desktop.engine.abilities.salvage import Salvage
from bsg_desktop.engine.core import Choice, Decision
from bsg_desktop.errors import DataError

if TYPE_CHECKING:
    from bsg_desktop.data import Character, Components
    from bsg_desktop.engine.machine import Machine

PARTS: dict[str, type[Ability]] = {p.name: p for p in (Command, Initiative, Reckless, Influence,
                                                      Detector, Salvage)}

__all__ = ["PARTS", "Ability", "ability_of", "action_choices", "check_parts", "contribute_choices",
           "counts_as", "part_of", "parts_of", "public_kinds"]


def part_of(character: Character, file: str = "cards.yaml", where: str = "part") -> Ability:
    """The ability a character's ``part`` names, with its parameters; DataError if unknown."""
    return _part(character.part, file, where)


@lru_cache(maxsize=64)
def _part(part: tuple[tuple[str, Any], ...], file: str, where: str) -> Ability:
    raw = dict(part)
    name = raw.get("name")
    cls = PARTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise DataError(file, f"{where}.name", f"unknown ability {name!r}; expected one of "
                        + ", ".join(sorted(PARTS)))
    return cls.read(raw, file, where)


def parts_of(c: Components) -> dict[str, Ability]:
    """Every character's part by the character's id; a part that does not exist or a
    parameter it does not allow is a DataError that says where."""
    return {ch.id: part_of(ch, c.source, f"characters[{ch.id}].part") for ch in c.characters}


def check_parts(c: Components) -> None:
    """Every character's part exists and its parameters are allowed (a DataError says where)."""
    parts_of(c)


def ability_of(g: Machine, seat: int) -> Ability:
    """The part of the character at ``seat`` (the game reads every part once: ``g.parts``)."""
    return g.parts[g.players[seat].character]


def action_choices(g: Machine, seat: int) -> list[Choice]:
    return ability_of(g, seat).action_choices(g, seat)


def contribute_choices(g: Machine, seat: int, rolled: list[tuple[int, str, int]]) -> list[Choice]:
    return ability_of(g, seat).contribute_choices(g, seat, rolled)


def after_contributing(g: Machine, seat: int, dice: int) -> Decision | None:
    return ability_of(g, seat).after_contributing(g, seat, dice)


def before_result(g: Machine, seat: int) -> Decision | None:
    return ability_of(g, seat).before_result(g, seat)


def after_result(g: Machine, seat: int, success: bool) -> Decision | None:
    return ability_of(g, seat).after_result(g, seat, success)


def public_kinds() -> frozenset[str]:
    """The decision kinds the parts declare public (asked on the shared screen)."""
    return frozenset().union(*(part.public_kinds for part in PARTS.values()))


def counts_as(g: Machine, check: str) -> tuple[tuple[int, int], ...]:
    """X1: how the active seat's ability changes what a die counts for in this check."""
    return ability_of(g, g.active).counts_as(g, g.active, check)


def owns(g: Machine, seat: int, choice: Choice) -> bool:
    return choice.verb in ability_of(g, seat).verbs


def apply(g: Machine, seat: int, choice: Choice) -> None:
    ability_of(g, seat).apply(g, seat, choice)


def spent(g: Machine, seat: int) -> bool:
    """Whether the seat's ability waits for the end of its turn or game (the view shows it)."""
    return ability_of(g, seat).spent(g, seat)
