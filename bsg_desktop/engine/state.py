"""Mutable game state: players, dice, piles, tracks. Small and copyable.

State is plain objects with ``__slots__`` so that simulation stays fast and a
bot's sampled world is a cheap copy, not a deepcopy of a framework.
"""

from __future__ import annotations

from bsg_desktop.engine.copies import copy_slots
from bsg_desktop.engine.core import ACTIVE, CONTRIBUTED, REMOVED, SPENT


class Die:
    __slots__ = ("id", "kind", "owner", "state", "value", "shown")

    def __init__(self, id: int, kind: str, owner: int) -> None:
        self.id = id
        self.kind = kind  # "strong" | "weak"
        self.owner = owner
        self.state = ACTIVE  # D11: active, contributed, spent, removed
        self.value: int | None = None  # last rolled value; public only when contributed
        # the face it was contributed showing (public, D9), kept while it lies spent on
        # the black part (D10) as a die on the table keeps its face; None once taken back
        self.shown: int | None = None

    def copy(self) -> Die:
        return copy_slots(self)  # type: ignore[no-any-return]


class Player:
    __slots__ = ("seat", "character", "name", "loyalty", "in_brig", "revealed",
                 "revealed_cards", "dice", "known", "cylon_cards")

    def __init__(self, seat: int, character: str, name: str,
                 cylon_cards: frozenset[str]) -> None:
        self.seat = seat
        self.cylon_cards = cylon_cards  # the game's Cylon card ids (Components.cylon_ids)
        self.character = character
        self.name = name
        self.loyalty: list[str] = []  # loyalty card ids, secret (C3)
        self.in_brig = False
        self.revealed = False
        self.revealed_cards: list[str] = []
        self.dice: list[Die] = []
        self.known: dict[int, tuple[str, ...]] = {}  # X5: what this seat has seen of others

    def copy(self) -> Player:
        return copy_slots(self)  # type: ignore[no-any-return]

    def dice_in(self, state: str) -> list[Die]:
        return [d for d in self.dice if d.state == state]

    # asked at almost every step, so each reads the dice itself rather than via dice_in
    @property
    def active_dice(self) -> list[Die]:
        return [d for d in self.dice if d.state == ACTIVE]

    @property
    def spent_dice(self) -> list[Die]:
        return [d for d in self.dice if d.state == SPENT]

    @property
    def is_cylon(self) -> bool:
        """L1: a player holding any Cylon card is a Cylon."""
        return any(c in self.cylon_cards for c in self.loyalty)

    def counts(self) -> dict[str, int]:
        out = {ACTIVE: 0, CONTRIBUTED: 0, SPENT: 0, REMOVED: 0}
        for d in self.dice:
            out[d.state] += 1
        return out
