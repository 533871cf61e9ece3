"""Setup (rules S1–S6), plus the starting-state overrides that scenarios use.

Overrides let a scenario (a rule demo, a test) start from a chosen position
instead of the opening: they are applied after the ordinary setup so that every
component not mentioned stays where setup put it, and they are validated so a
scenario cannot create a box with 15 DRADIS markers.
"""

from __future__ import annotations

from typing import Any

from bsg_desktop.engine.core import ACTIVE, RAIDER, REMOVED, SHIP, SPENT
from bsg_desktop.engine.state import Die, Player
from bsg_desktop.engine.turn import Turn

STEPS = ("retrieve", "action", "crisis")


class SetupError(ValueError):
    """A setup or override that cannot be played (unknown id, wrong count …)."""


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
        chars = rng.sample(ids, n)  # S2 dealt at random
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
    rng.shuffle(g.demoralized_pile)
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


def _seat(g: Any, value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < g.n:
        raise SetupError(f"{where}: expected a seat number from 0 to {g.n - 1}, "
                         f"got {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SetupError(f"{where}: expected a list, got {_shown(value)}")
    return value


def _names(value: Any, where: str) -> list[str]:
    """A list of ids (cards, markers, locations): texts only, so a nested list or a
    mapping in it is an error here and not a TypeError in a set or dict lookup."""
    items = _list(value, where)
    for x in items:
        if not isinstance(x, str):
            raise SetupError(f"{where}: expected a list of names, got {_shown(x)} in it")
    return items


def _seat_key(g: Any, key: Any, where: str) -> int:
    """A seat written as a mapping key: a number, or its digits (JSON keys are texts)."""
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 3:
        key = int(key)
    return _seat(g, key, where)


def _marker_piles(g: Any, ov: dict[str, Any], key: str, placed_now: list[str], ids: list[str],
                  noun: str) -> tuple[list[str], list[str]]:
    """``key`` (markers out) and ``key_pile`` (the pile's top, first drawn first) overrides.

    Every marker ends up either out or in the pile exactly once (C7, C8); markers not
    named are shuffled under the named top.
    """
    placed = _names(ov.get(key, placed_now), key)
    top = _names(ov.get(f"{key}_pile", []), f"{key}_pile")
    for x in placed + top:
        if x not in ids:
            raise SetupError(f"{key}: unknown {noun} {x!r}")
    if len(set(placed + top)) != len(placed + top):
        raise SetupError(f"{key}: a {noun} is listed twice")
    rest = [x for x in ids if x not in placed and x not in top]
    g.rng.shuffle(rest)
    return list(placed), rest + list(reversed(top))


def _box_cylons(g: Any, want: list[Any]) -> None:
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


def _apply_overrides(g: Any, ov: dict[str, Any]) -> int:
    """Apply scenario overrides; returns the turn step to start at."""
    c = g.c
    known = {"loyalty", "loyalty_deck", "loyalty_box", "dradis_monitor", "dradis_pile", "damage",
             "damage_pile",
             "demoralized", "demoralized_pile", "jump_track", "distance", "admiral", "brig",
             "revealed", "active", "step", "dice", "jump_bonus", "loyalty_dealt",
             "dradis_destroyed"}
    if not isinstance(ov, dict):
        raise SetupError("expected a mapping of overrides")
    for key in ov:
        if key not in known:
            expected = ", ".join(sorted(known))
            raise SetupError(f"unknown override {key!r}; expected one of {expected}")
    all_cards = set(c.loyalty_ids)
    if "loyalty" in ov:
        lo = ov["loyalty"]
        if not isinstance(lo, dict):
            raise SetupError("loyalty: expected a mapping seat -> list of card ids")
        pool = [x for p in g.players for x in p.loyalty] + g.loyalty_deck + g.loyalty_box
        for seat, cards in lo.items():
            s = _seat_key(g, seat, "loyalty")
            cards = [cards] if isinstance(cards, str) else _names(cards, f"loyalty.{seat}")
            for card in cards:
                if card not in all_cards:
                    raise SetupError(f"loyalty.{seat}: unknown card {card!r}")
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
    if "loyalty_deck" in ov:
        deck = _names(ov["loyalty_deck"], "loyalty_deck")
        held = {x for p in g.players for x in p.loyalty}
        for card in deck:
            if card not in all_cards:
                raise SetupError(f"loyalty_deck: unknown card {card!r}")
            if card in held:
                raise SetupError(f"loyalty_deck: card {card!r} is already dealt to a player")
        if len(set(deck)) != len(deck):
            raise SetupError("loyalty_deck: a card is listed twice")
        # every card is somewhere exactly once (C3): the rest of the box stays in the box
        g.loyalty_box = [x for x in c.loyalty_ids if x not in held and x not in deck]
        g.loyalty_deck = list(reversed(deck))  # first listed is dealt first
    if "loyalty_box" in ov:
        _box_cylons(g, _list(ov["loyalty_box"], "loyalty_box"))
    markers = {RAIDER: c.dradis_raiders, SHIP: c.dradis_ships}
    if "dradis_monitor" in ov or "dradis_pile" in ov or "dradis_destroyed" in ov:
        mon = _names(ov.get("dradis_monitor", g.dradis_monitor), "dradis_monitor")
        for m in mon:
            if m not in markers:
                raise SetupError(f"dradis_monitor: expected raider or ship, got {m!r}")
        left = {k: v - mon.count(k) for k, v in markers.items()}
        if min(left.values()) < 0:
            raise SetupError("dradis_monitor: more markers than the 14 in the box (C6)")
        # K8: Colonial Ships already lost lie in the box, out of the pile
        destroyed = ov.get("dradis_destroyed", 0)
        if isinstance(destroyed, bool) or not isinstance(destroyed, int) or \
                not 0 <= destroyed <= left[SHIP]:
            raise SetupError(f"dradis_destroyed: expected a whole number from 0 to "
                             f"{left[SHIP]}, got {_shown(destroyed)}")
        left[SHIP] -= destroyed
        g.dradis_box = [SHIP] * destroyed
        if "dradis_pile" in ov:
            top = _names(ov["dradis_pile"], "dradis_pile")
            for m in top:
                if m not in markers:
                    raise SetupError(f"dradis_pile: expected raider or ship, got {m!r}")
                left[m] -= 1
            if min(left.values()) < 0:
                raise SetupError("dradis_pile: more markers than the 14 in the box (C6)")
            rest = [RAIDER] * left[RAIDER] + [SHIP] * left[SHIP]
            g.rng.shuffle(rest)
            g.dradis_pile = rest + list(reversed(top))  # first listed is drawn first
        else:
            rest = [RAIDER] * left[RAIDER] + [SHIP] * left[SHIP]
            g.rng.shuffle(rest)
            g.dradis_pile = rest
        g.dradis_monitor = list(mon)
    if "damage" in ov or "damage_pile" in ov:
        g.damage_placed, g.damage_pile = _marker_piles(
            g, ov, "damage", g.damage_placed, [loc.id for loc in c.damage_locations], "location")
    if "demoralized" in ov or "demoralized_pile" in ov:
        g.demoralized_out, g.demoralized_pile = _marker_piles(
            g, ov, "demoralized", g.demoralized_out, [ch.id for ch in c.characters], "character")
    for key, hi in (("jump_track", c.jump_max - 1), ("distance", 30)):
        if key in ov:
            v = ov[key]
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
                raise SetupError(f"{key}: expected a whole number from 0 to {hi}, "
                                 f"got {_shown(v)}")
            setattr(g, key, v)
    for key in ("jump_bonus", "loyalty_dealt"):
        if key in ov:
            if not isinstance(ov[key], bool):
                raise SetupError(f"{key}: expected true or false, got {_shown(ov[key])}")
            setattr(g, key, ov[key])
    for s in _list(ov.get("brig", []), "brig"):
        g.players[_seat(g, s, "brig")].in_brig = True
    for s in _list(ov.get("revealed", []), "revealed"):
        p = g.players[_seat(g, s, "revealed")]
        if not p.is_cylon:
            raise SetupError(f"revealed: seat {s} holds no Cylon card")
        p.revealed = True
        p.in_brig = False
        p.revealed_cards = [x for x in p.loyalty if x in c.cylon_ids][:1]
        for kind in ("strong", "weak"):  # Y2
            for d in [d for d in p.dice if d.kind == kind][1:]:
                d.state = REMOVED
    if "dice" in ov:
        dice = ov["dice"]
        if not isinstance(dice, dict):
            raise SetupError("dice: expected a mapping seat -> {strong: {...}, weak: {...}}")
        for seat, kinds in dice.items():
            p = g.players[_seat_key(g, seat, "dice")]
            if not isinstance(kinds, dict):
                raise SetupError(f"dice.{seat}: expected a mapping of strong/weak")
            for kind, states in kinds.items():
                if kind not in ("strong", "weak") or not isinstance(states, dict | list):
                    raise SetupError(f"dice.{seat}.{kind}: expected strong or weak with states")
                mine = [d for d in p.dice if d.kind == kind]
                seq: list[str] = []
                for st in states:  # the states named, as counts or each die's in id order
                    if not isinstance(st, str) or st not in (ACTIVE, SPENT, REMOVED):
                        raise SetupError(f"dice.{seat}.{kind}: unknown state {_shown(st)}; "
                                         f"expected {ACTIVE}, {SPENT} or {REMOVED}")
                if isinstance(states, list):
                    # each die's state in die-id order: choices name dice by id, so a
                    # lesson cut from a real game must put the spent one where it was
                    seq = list(states[:len(mine) + 1])
                for st in (ACTIVE, SPENT, REMOVED) if isinstance(states, dict) else ():
                    k = states.get(st, 0)
                    # checked before the list is built: a count of 1e9 must not allocate
                    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(mine):
                        raise SetupError(f"dice.{seat}.{kind}.{st}: expected a count from 0 "
                                         f"to {len(mine)}, got {_shown(k)}")
                    seq += [st] * k
                if len(seq) != len(mine):
                    raise SetupError(f"dice.{seat}.{kind}: the counts must add up to {len(mine)}")
                for d, st in zip(mine, seq, strict=True):
                    d.state, d.value = st, None
    if "admiral" in ov:
        g.admiral = _seat(g, ov["admiral"], "admiral")
    elif "brig" in ov or "revealed" in ov:
        a = g.players[g.admiral]
        if a.in_brig or a.revealed:
            g.pass_admiral()
    if "active" in ov:
        g.active = _seat(g, ov["active"], "active")
    step = ov.get("step", "retrieve")
    if not isinstance(step, str) or step not in STEPS:
        raise SetupError(f"step: expected one of {', '.join(STEPS)}, got {_shown(step)}")
    return STEPS.index(step)
