"""Setup (rules S1–S6), plus the starting-state overrides that scenarios use.

Overrides let a scenario (a rule demo, a test) start from a chosen position
instead of the opening: they are applied after the ordinary setup so that every
component not mentioned stays where setup put it, and they are validated so a
scenario cannot create a box with 15 DRADIS markers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bsg_desktop.engine.core import ACTIVE, RAIDER, REMOVED, SHIP, SPENT
from bsg_desktop.engine.state import Die, Player
from bsg_desktop.engine.turn import Turn

STEPS = ("retrieve", "action", "crisis")


class SetupError(ValueError):
    """A setup or override that cannot be played (unknown id, wrong count …)."""


# The longest player name, in characters. A name is shown on every phone's frame many
# times (seat lines, targets, the check's dice); frames have one fixed size so that
# none tells a secret by its length (companion/host.py), and at this length the
# largest frame still fits with room to spare, whatever the characters.
NAME_CHARS = 32


def _stream(g: Any, name: str) -> random.Random:
    """A random stream of its own for a deal whose size is the cards file's number of
    characters: S2's characters and K3's demoralized pile. Dealt from the game's one
    stream, a character added to cards.yaml would change every later draw, and so
    every seeded game, scenario and test; from ``"<seed>:<name>"`` it changes neither."""
    return random.Random(f"{g.seed}:{name}")


def apply_setup(g: Any, overrides: dict[str, Any] | None = None) -> None:
    c, rng, n = g.c, g.rng, g.setup.players
    if n not in (3, 4, 5):
        raise SetupError("a game has 3, 4 or 5 players")
    ids = [ch.id for ch in c.characters]
    chars = list(g.setup.characters)
    if chars:
        if len(chars) != n or len(set(chars)) != n or any(x not in ids for x in chars):
            raise SetupError(f"characters must be {n} different ids from: {', '.join(ids)}")
    else:
        chars = _stream(g, "characters").sample(ids, n)  # S2 dealt at random
    long = [x for x in g.setup.names if len(x) > NAME_CHARS]
    if long:
        raise SetupError(f"a player's name may have at most {NAME_CHARS} characters: "
                         f"{long[0][:NAME_CHARS]}…")
    names = list(g.setup.names) + [""] * n
    g.players = [Player(i, chars[i], names[i], c.cylon_ids) for i in range(n)]
    # S4: two strong and two weak dice each.
    did = 0
    for p in g.players:
        for kind in ("strong", "strong", "weak", "weak"):
            p.dice.append(Die(did, kind, p.seat))
            did += 1
    # S1: tracks, DRADIS, demoralized and damage piles.
    start = c.dradis_start_raiders
    g.dradis_monitor = [RAIDER] * start
    g.dradis_pile = [RAIDER] * (c.dradis_raiders - start) + [SHIP] * c.dradis_ships
    rng.shuffle(g.dradis_pile)
    g.demoralized_pile = list(ids)
    _stream(g, "demoralized").shuffle(g.demoralized_pile)
    g.damage_pile = [loc.id for loc in c.damage_locations]
    rng.shuffle(g.damage_pile)
    # S5/S6: loyalty deck and crisis dice.
    ncyl = 2 if n == 5 else 1
    cylons = [cy.id for cy in c.cylons]
    rng.shuffle(cylons)
    nnot = {3: 5, 4: 7, 5: 8}[n]
    # unused cards stay face down in the box (S5); 4-player reveals draw Cylons from it (A9)
    g.loyalty_box = cylons[ncyl:] + [f"not_cylon_{i + 1}" for i in range(nnot, c.not_cylon_count)]
    deck = [f"not_cylon_{i + 1}" for i in range(nnot)] + cylons[:ncyl]
    rng.shuffle(deck)
    for p in g.players:
        p.loyalty.append(deck.pop())
    g.loyalty_deck = deck
    g.crisis_dice = tuple(d.id for d in c.crisis_dice_for(n))
    # S3: the highest-ranked character takes the Admiral card.
    rank = {ch.id: ch.rank for ch in c.characters}
    g.admiral = min(g.players, key=lambda p: rank[p.character]).seat
    g.active = 0
    step = 0
    if overrides:
        step = _apply_overrides(g, overrides)
    g.emit("game_started", "S1", players=n, characters=[p.character for p in g.players],
           admiral=g.admiral, crisis_dice=list(g.crisis_dice))
    for p in g.players:
        g.emit("loyalty_dealt", "S6", to=(p.seat,), seat=p.seat, cards=list(p.loyalty))
    turn = Turn(g.active)
    turn.stage = step
    g.push(turn)


# --- the typed readers: one per override, each the value as written -> its type -------------
# Every override passes its reader before any is applied, so a value of the wrong shape (a
# list where a name belongs, a mapping in a list of seats) is one SetupError naming the
# override, never a TypeError out of a set, a dict or a comparison further down.

Reader = Callable[[Any, Any, str], Any]


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _seat(g: Any, value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < g.n:
        raise SetupError(f"{where}: expected a seat number from 0 to {g.n - 1}, "
                         f"got {_shown(value)}")
    return value


def _seat_key(g: Any, key: Any, where: str) -> int:
    """A seat written as a mapping key: a number, or its digits (JSON keys are texts)."""
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 3:
        key = int(key)
    return _seat(g, key, where)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SetupError(f"{where}: expected a list, got {_shown(value)}")
    return value


def _names(g: Any, value: Any, where: str) -> list[str]:
    """A list of ids (cards, markers, locations): texts only."""
    items = _list(value, where)
    for x in items:
        if not isinstance(x, str):
            raise SetupError(f"{where}: expected a list of names, got {_shown(x)} in it")
    return list(items)


def _seats(g: Any, value: Any, where: str) -> list[int]:
    return [_seat(g, s, where) for s in _list(value, where)]


def _flag(g: Any, value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise SetupError(f"{where}: expected true or false, got {_shown(value)}")
    return value


def _whole(hi: Callable[[Any], int], noun: str = "a whole number") -> Reader:
    """A whole number from 0 to ``hi(g)``."""
    def read(g: Any, value: Any, where: str) -> int:
        top = hi(g)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise SetupError(f"{where}: expected {noun} from 0 to {top}, "
                             f"got {_shown(value)}")
        return value
    return read


def _step(g: Any, value: Any, where: str) -> int:
    if not isinstance(value, str) or value not in STEPS:
        raise SetupError(f"{where}: expected one of {', '.join(STEPS)}, got {_shown(value)}")
    return STEPS.index(value)


def _dealt(g: Any, value: Any, where: str) -> dict[int, list[str]]:
    """seat -> the loyalty cards it holds (one id, or a list of them)."""
    if not isinstance(value, dict):
        raise SetupError(f"{where}: expected a mapping seat -> list of card ids")
    return {_seat_key(g, seat, where): [cards] if isinstance(cards, str)
            else _names(g, cards, f"{where}.{seat}") for seat, cards in value.items()}


DIE_STATES = (ACTIVE, SPENT, REMOVED)


def _dice(g: Any, value: Any, where: str) -> dict[int, dict[str, list[str]]]:
    """seat -> strong/weak -> each die's state in die-id order, written either as that list
    or as counts per state (``{active: 1, spent: 1}``)."""
    if not isinstance(value, dict):
        raise SetupError(f"{where}: expected a mapping seat -> {{strong: {{...}}, weak: {{...}}}}")
    out: dict[int, dict[str, list[str]]] = {}
    for seat, kinds in value.items():
        s = _seat_key(g, seat, where)
        if not isinstance(kinds, dict):
            raise SetupError(f"{where}.{seat}: expected a mapping of strong/weak")
        out[s] = {}
        for kind, states in kinds.items():
            here = f"{where}.{seat}.{kind}"
            if kind not in ("strong", "weak") or not isinstance(states, dict | list):
                raise SetupError(f"{here}: expected strong or weak with states")
            mine = sum(d.kind == kind for d in g.players[s].dice)
            for st in states:
                if not isinstance(st, str) or st not in DIE_STATES:
                    raise SetupError(f"{here}: unknown state {_shown(st)}; "
                                     f"expected {ACTIVE}, {SPENT} or {REMOVED}")
            if isinstance(states, list):
                # each die's state in die-id order: choices name dice by id, so a lesson
                # cut from a real game must put the spent one where it was
                seq = list(states[:mine + 1])
            else:
                seq = []
                for st in DIE_STATES:
                    # read before the list is built: a count of 1e9 must not allocate
                    count = _whole(lambda _g, n=mine: n, "a count")
                    seq += [st] * count(g, states.get(st, 0), f"{here}.{st}")
            if len(seq) != mine:
                raise SetupError(f"{here}: the counts must add up to {mine}")
            out[s][kind] = seq
    return out


READERS: dict[str, Reader] = {
    "loyalty": _dealt,
    "loyalty_deck": _names,
    "loyalty_box": _names,
    "loyalty_dealt": _flag,
    "dradis_monitor": _names,
    "dradis_pile": _names,
    "dradis_destroyed": _whole(lambda g: g.c.dradis_ships),
    "damage": _names,
    "damage_pile": _names,
    "demoralized": _names,
    "demoralized_pile": _names,
    "jump_track": _whole(lambda g: g.c.jump_max - 1),
    "distance": _whole(lambda g: 30),
    "jump_bonus": _flag,
    "admiral": _seat,
    "active": _seat,
    "brig": _seats,
    "revealed": _seats,
    "dice": _dice,
    "step": _step,
    "turn": _whole(lambda g: 1000, "a turn number"),
}


def _read_overrides(g: Any, ov: Any) -> dict[str, Any]:
    if not isinstance(ov, dict):
        raise SetupError("expected a mapping of overrides")
    for key in ov:
        if key not in READERS:
            expected = ", ".join(sorted(READERS))
            raise SetupError(f"unknown override {_shown(key)}; expected one of {expected}")
    return {key: READERS[key](g, value, key) for key, value in ov.items()}


# --- applying the typed values ----------------------------------------------------------


def _deal_loyalty(g: Any, dealt: dict[int, list[str]]) -> None:
    """Seats get the named cards; the deck and box are rebuilt from what is left (S5)."""
    c = g.c
    all_cards = set(c.loyalty_ids)
    pool = [x for p in g.players for x in p.loyalty] + g.loyalty_deck + g.loyalty_box
    for s, cards in dealt.items():
        for card in cards:
            if card not in all_cards:
                raise SetupError(f"loyalty.{s}: unknown card {card!r}")
        g.players[s].loyalty = list(cards)
    held = [x for p in g.players for x in p.loyalty]
    for card in held:
        if card in pool:
            pool.remove(card)
        else:
            raise SetupError(f"loyalty: card {card!r} is dealt twice")
    # S5: the cards in play (held + deck) keep their mix of Cylon and not-Cylon
    # cards; whatever the deck does not need goes (face down) to the box.
    ncyl, nnot = (2, 8) if g.n == 5 else (1, {3: 5, 4: 7}[g.n])
    cy = c.cylon_ids
    want_cyl = max(0, ncyl - sum(x in cy for x in held))
    want_not = max(0, nnot - sum(x not in cy for x in held))
    deck_cyl = [x for x in pool if x in cy][:want_cyl]
    deck_not = [x for x in pool if x not in cy][:want_not]
    g.loyalty_deck = [x for x in pool if x in deck_cyl or x in deck_not]
    g.loyalty_box = [x for x in pool if x not in g.loyalty_deck]


def _stack_loyalty_deck(g: Any, deck: list[str]) -> None:
    all_cards = set(g.c.loyalty_ids)
    held = {x for p in g.players for x in p.loyalty}
    for card in deck:
        if card not in all_cards:
            raise SetupError(f"loyalty_deck: unknown card {card!r}")
        if card in held:
            raise SetupError(f"loyalty_deck: card {card!r} is already dealt to a player")
    if len(set(deck)) != len(deck):
        raise SetupError("loyalty_deck: a card is listed twice")
    # every card is somewhere exactly once (C3): the rest of the box stays in the box
    g.loyalty_box = [x for x in g.c.loyalty_ids if x not in held and x not in deck]
    g.loyalty_deck = list(reversed(deck))  # first listed is dealt first


def _box_cylons(g: Any, want: list[str]) -> None:
    """S5: the Cylon cards left face down in the box are exactly ``want``.

    A 4-player reveal draws its second card from the box (A9), so a position may
    need to fix which Cylons are there. Cards of ``want`` still in the deck change
    places with the box's other Cylon cards; the number in the box stays as dealt.
    """
    cylons = {cy.id for cy in g.c.cylons}
    held = {x for p in g.players for x in p.loyalty}
    for card in want:
        if card not in cylons:
            raise SetupError(f"loyalty_box: expected Cylon card ids ({', '.join(sorted(cylons))}),"
                             f" got {card!r}")
        if card in held:
            raise SetupError(f"loyalty_box: card {card!r} is already dealt to a player")
    if len(set(want)) != len(want):
        raise SetupError("loyalty_box: a card is listed twice")
    boxed = [x for x in g.loyalty_box if x in cylons]
    if len(want) != len(boxed):
        raise SetupError(f"loyalty_box: this game leaves {len(boxed)} Cylon card(s) in the box, "
                         f"got {len(want)}")
    spare = [x for x in boxed if x not in want]  # box Cylons that go to the deck instead
    for card in want:
        if card in g.loyalty_deck:
            g.loyalty_deck[g.loyalty_deck.index(card)] = spare.pop()
    g.loyalty_box = [x for x in g.loyalty_box if x not in cylons] + list(want)


def _place_dradis(g: Any, mon: list[str], top: list[str] | None, destroyed: int) -> None:
    """The monitor's markers, the pile's top (first drawn first) and the ships lost (K8);
    the 14 markers of the box are each in exactly one of them (C6)."""
    markers = {RAIDER: g.c.dradis_raiders, SHIP: g.c.dradis_ships}
    for where, named in (("dradis_monitor", mon), ("dradis_pile", top or [])):
        for m in named:
            if m not in markers:
                raise SetupError(f"{where}: expected raider or ship, got {m!r}")
    left = {k: v - mon.count(k) for k, v in markers.items()}
    if min(left.values()) < 0:
        raise SetupError("dradis_monitor: more markers than the 14 in the box (C6)")
    # K8: Colonial Ships already lost lie in the box, out of the pile
    if destroyed > left[SHIP]:
        raise SetupError(f"dradis_destroyed: expected a whole number from 0 to "
                         f"{left[SHIP]}, got {destroyed}")
    left[SHIP] -= destroyed
    g.dradis_box = [SHIP] * destroyed
    for m in top or []:
        left[m] -= 1
    if min(left.values()) < 0:
        raise SetupError("dradis_pile: more markers than the 14 in the box (C6)")
    rest = [RAIDER] * left[RAIDER] + [SHIP] * left[SHIP]
    g.rng.shuffle(rest)
    g.dradis_pile = rest + list(reversed(top or []))  # first listed is drawn first
    g.dradis_monitor = list(mon)


def _marker_piles(g: Any, placed: list[str], top: list[str], key: str, ids: list[str],
                  noun: str) -> tuple[list[str], list[str]]:
    """``key`` (markers out) and ``key_pile`` (the pile's top, first drawn first).

    Every marker ends up either out or in the pile exactly once (C7, C8); markers not
    named are shuffled under the named top.
    """
    for x in placed + top:
        if x not in ids:
            raise SetupError(f"{key}: unknown {noun} {x!r}")
    if len(set(placed + top)) != len(placed + top):
        raise SetupError(f"{key}: a {noun} is listed twice")
    rest = [x for x in ids if x not in placed and x not in top]
    g.rng.shuffle(rest)
    return list(placed), rest + list(reversed(top))


def _reveal(g: Any, seats: list[int]) -> None:
    for s in seats:
        p = g.players[s]
        if not p.is_cylon:
            raise SetupError(f"revealed: seat {s} holds no Cylon card")
        p.revealed = True
        p.in_brig = False
        p.revealed_cards = [x for x in p.loyalty if x in g.c.cylon_ids][:1]
        for kind in ("strong", "weak"):  # Y2
            for d in [d for d in p.dice if d.kind == kind][1:]:
                d.state = REMOVED


def _set_dice(g: Any, dice: dict[int, dict[str, list[str]]]) -> None:
    for s, kinds in dice.items():
        for kind, seq in kinds.items():
            mine = [d for d in g.players[s].dice if d.kind == kind]
            for d, st in zip(mine, seq, strict=True):
                d.state, d.value = st, None


def _apply_overrides(g: Any, ov: dict[str, Any]) -> int:
    """Apply scenario overrides; returns the turn step to start at."""
    v = _read_overrides(g, ov)
    c = g.c
    if "loyalty" in v:
        _deal_loyalty(g, v["loyalty"])
    if "loyalty_deck" in v:
        _stack_loyalty_deck(g, v["loyalty_deck"])
    if "loyalty_box" in v:
        _box_cylons(g, v["loyalty_box"])
    if v.keys() & {"dradis_monitor", "dradis_pile", "dradis_destroyed"}:
        _place_dradis(g, v.get("dradis_monitor", g.dradis_monitor), v.get("dradis_pile"),
                      v.get("dradis_destroyed", 0))
    if "damage" in v or "damage_pile" in v:
        g.damage_placed, g.damage_pile = _marker_piles(
            g, v.get("damage", g.damage_placed), v.get("damage_pile", []), "damage",
            [loc.id for loc in c.damage_locations], "location")
    if "demoralized" in v or "demoralized_pile" in v:
        g.demoralized_out, g.demoralized_pile = _marker_piles(
            g, v.get("demoralized", g.demoralized_out), v.get("demoralized_pile", []),
            "demoralized", [ch.id for ch in c.characters], "character")
    for key in ("jump_track", "distance", "jump_bonus", "loyalty_dealt"):
        if key in v:
            setattr(g, key, v[key])
    for s in v.get("brig", []):
        g.players[s].in_brig = True
    _reveal(g, v.get("revealed", []))
    _set_dice(g, v.get("dice", {}))
    if "admiral" in v:
        g.admiral = v["admiral"]
    elif "brig" in v or "revealed" in v:
        a = g.players[g.admiral]
        if a.in_brig or a.revealed:
            g.pass_admiral()
    if "active" in v:
        g.active = v["active"]
    if v.get("turn"):  # the first turn played is this one (a lesson from a game's turn 8)
        g.turn = v["turn"] - 1
    return v.get("step", 0)
