"""Mutable game state: players, dice, piles, tracks. Small and copyable.

State is plain objects with ``__slots__`` so that simulation stays fast and a
bot's sampled world is a cheap copy, not a deepcopy of a framework.
"""

from __future__ import annotations

from bsg_desktop.engine.core import ACTIVE, CONTRIBUTED, REMOVED, SPENT


class Die:
    __slots__ = ("id", "kind", "owner", "state", "value")

    def __init__(self, id: int, kind: str, owner: int) -> None:
        self.id = id
        self.kind = kind  # "strong" | "weak"
        self.owner = owner
        self.state = ACTIVE  # D11: active, contributed, spent, removed
        self.value: int | None = None  # last rolled value; public only when contributed

    def copy(self) -> Die:
        d = Die(self.id, self.kind, self.owner)
        d.state, d.value = self.state, self.value
        return d


class Player:
    __slots__ = ("seat", "character", "name", "loyalty", "in_brig", "revealed",
                 "revealed_cards", "dice", "known", "baltar_used", "cylon_cards")

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
        self.baltar_used = False

    def copy(self) -> Player:
        p = Player(self.seat, self.character, self.name, self.cylon_cards)
        p.loyalty = list(self.loyalty)
        p.in_brig, p.revealed = self.in_brig, self.revealed
        p.revealed_cards = list(self.revealed_cards)
        p.dice = [d.copy() for d in self.dice]
        p.known = dict(self.known)
        p.baltar_used = self.baltar_used
        return p

    # Plain loops, not comprehensions: a comprehension is a function call of its own
    # in 3.11, and these run for a handful of dice at nearly every turn and retrieval.
    def dice_in(self, state: str) -> list[Die]:
        out = []
        for d in self.dice:
            if d.state == state:
                out.append(d)
        return out

    @property
    def active_dice(self) -> list[Die]:
        out = []
        for d in self.dice:
            if d.state == ACTIVE:
                out.append(d)
        return out

    @property
    def spent_dice(self) -> list[Die]:
        out = []
        for d in self.dice:
            if d.state == SPENT:
                out.append(d)
        return out

    @property
    def is_cylon(self) -> bool:
        """L1: a player holding any Cylon card is a Cylon."""
        cylon = self.cylon_cards
        for c in self.loyalty:
            if c in cylon:
                return True
        return False

    def counts(self) -> dict[str, int]:
        out = {ACTIVE: 0, CONTRIBUTED: 0, SPENT: 0, REMOVED: 0}
        for d in self.dice:
            out[d.state] += 1
        return out
