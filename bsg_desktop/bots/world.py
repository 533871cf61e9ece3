"""Sampled worlds: a whole Game rebuilt from one seat's view plus guessed secrets.

The strong bot never sees the Game. To look ahead it builds a world that agrees
with everything its view shows (board, dice states, the public record, its own
cards and rolled dice, the check in progress) and fills in what it cannot see:
other seats' loyalty cards (drawn from the suspicion belief), the order of every
pile, the loyalty deck and box, and the random generator. The procedure stack
(whose turn, which step, which check) is rebuilt from the pending decision; a
world whose pending decision does not match the real one is discarded.

``determinize`` takes only a PlayerView, a Decision, a Record built from views,
and a random generator: nothing else is in reach, so nothing else can leak in.
"""

from __future__ import annotations

import random
from typing import Any

from bsg_desktop.bots.suspicion import Record, sample_cylons
from bsg_desktop.engine import Decision, PlayerView, Setup
from bsg_desktop.engine.actions import ActionStep, Order, RollAction, VoteResult
from bsg_desktop.engine.core import CONTRIBUTED, RAIDER, SHIP
from bsg_desktop.engine.crises import CrisisStep
from bsg_desktop.engine.dice import Check, SkillCheck
from bsg_desktop.engine.game import Game
from bsg_desktop.engine.jump import Jump
from bsg_desktop.engine.state import Die, Player
from bsg_desktop.engine.turn import Turn

# Decisions whose place in the procedure can be rebuilt from the view alone.
REBUILDABLE = frozenset({"action", "crisis_die", "crisis_mode", "join", "contribute", "reroll",
                         "jump_die", "jump_penalty"})

def _turn(active: int, stage: int) -> Turn:
    t = Turn(active)
    t.started = True
    t.stage = stage
    return t


def _action_frames(g: Game, seat: int, ordered_now: bool) -> list[Any]:
    """The frames under an action by ``seat``: the active player's step, and an order."""
    frames: list[Any] = [_turn(g.active, 2)]
    if seat == g.active:
        step = ActionStep(seat, ordered=False)
        step.done = not ordered_now
        frames.append(step)
        return frames
    outer = ActionStep(g.active, ordered=False)
    outer.done = True
    order = Order(seat)
    order.done = True
    frames += [outer, order]
    inner = ActionStep(seat, ordered=True)
    inner.done = not ordered_now
    frames.append(inner)
    return frames


def _deal_loyalty(g: Game, view: PlayerView, record: Record, rng: random.Random) -> bool:
    c = view.components
    cylon_ids = [cy.id for cy in c.cylons]
    not_ids = [f"not_cylon_{i + 1}" for i in range(c.not_cylon_count)]
    me = view.seat
    seen: set[str] = set(view.my_loyalty)
    for sv in view.seats:
        seen.update(sv.revealed_cards)
    known = dict(view.known)
    for cards in known.values():
        seen.update(cards)
    holders = sample_cylons(view, record, rng)
    free_cylons = [x for x in cylon_ids if x not in seen]
    rng.shuffle(free_cylons)
    free_nots = [x for x in not_ids if x not in seen]
    rng.shuffle(free_nots)
    hands: dict[Any, list[str]] = {}
    for sv in view.seats:
        s = sv.seat
        if s == me:
            hands[s] = list(view.my_loyalty)
            continue
        hand: list[str] = []
        if sv.revealed and sv.revealed_cards:
            hand.append(sv.revealed_cards[0])
        elif s in known:
            hand += [x for x in known[s]][: sv.loyalty_count]
        hands[s] = hand
    hands["deck"] = []
    for h in holders:
        if not free_cylons:
            return False
        hands[h].append(free_cylons.pop())
    size = {sv.seat: sv.loyalty_count for sv in view.seats}
    size["deck"] = view.loyalty_deck
    for h, hand in hands.items():
        while len(hand) < size[h]:
            if not free_nots:
                return False
            hand.append(free_nots.pop())
        if len(hand) != size[h]:
            return False
    for p in g.players:
        p.loyalty = hands[p.seat]
    deck = hands["deck"]
    rng.shuffle(deck)
    g.loyalty_deck = deck
    extras = {x for sv in view.seats for x in sv.revealed_cards[1:]}
    used = {x for hand in hands.values() for x in hand} | extras
    g.loyalty_box = [x for x in c.loyalty_ids if x not in used]
    return True


def determinize(view: PlayerView, decision: Decision, record: Record,
                rng: random.Random) -> Game | None:
    """A Game consistent with ``view`` whose pending decision is ``decision``, or None."""
    if decision.kind not in REBUILDABLE or view.seat is None or view.outcome is not None:
        return None
    c = view.components
    setup = Setup(players=view.players, characters=tuple(sv.character for sv in view.seats),
                  morale_variant=view.morale_variant)
    g = Game(setup, rng.randrange(1 << 30), c, record=True)
    g.events = list(view.record)
    g.turn = view.turn
    g.active = view.active
    for sv in view.seats:
        p = Player(sv.seat, sv.character, sv.name, c.cylon_ids)
        p.in_brig, p.revealed = sv.in_brig, sv.revealed
        p.revealed_cards = list(sv.revealed_cards)
        for dv in sv.dice:
            d = Die(dv.id, dv.kind, sv.seat)
            d.state, d.value = dv.state, dv.value
            # the face it was contributed showing: public, and kept up once spent (D10)
            d.shown = dv.value if dv.state == CONTRIBUTED else view.spent_face(dv.id)
            p.dice.append(d)
        if sv.admiral:
            g.admiral = sv.seat
        g.players.append(p)
    g.players[view.seat].known = dict(view.known)
    if not _deal_loyalty(g, view, record, rng):
        return None
    # Piles: contents follow from the box totals; their order is guessed.
    g.dradis_monitor = list(view.dradis_monitor)
    g.dradis_box = [SHIP] * view.dradis_destroyed
    raiders = c.dradis_raiders - view.dradis_monitor.count(RAIDER)
    ships = c.dradis_ships - view.dradis_monitor.count(SHIP) - view.dradis_destroyed
    g.dradis_pile = [RAIDER] * raiders + [SHIP] * ships
    rng.shuffle(g.dradis_pile)
    g.damage_placed = list(view.damage)
    g.damage_pile = [loc.id for loc in c.damage_locations if loc.id not in view.damage]
    rng.shuffle(g.damage_pile)
    g.demoralized_out = list(view.demoralized)
    g.demoralized_pile = [ch.id for ch in c.characters if ch.id not in view.demoralized]
    rng.shuffle(g.demoralized_pile)
    if (len(g.dradis_pile) != view.dradis_pile or len(g.damage_pile) != view.damage_pile
            or len(g.demoralized_pile) != view.demoralized_pile):
        return None
    g.jump_track, g.distance, g.jump_bonus = view.jump_track, view.distance, view.jump_bonus
    g.loyalty_dealt = view.loyalty_dealt
    g.crisis_dice = tuple(view.crisis_dice)
    g.crisis, g.crisis_source = view.crisis, view.crisis_source
    # an ability used up for this turn or game (X2, X4, X5), as the view says
    for sv in view.seats:
        if sv.ability_spent:
            g.ability_used[sv.seat] = g.turn
    if view.check is not None:
        ch = view.check
        g.check = Check(ch.kind, ch.difficulty, ch.caller, ch.counts_as, g.active)
        g.check.entries = list(ch.entries)
        g.check.compute()
    if not _build_stack(g, view, decision, record):
        return None
    g._advance()
    p = g.pending
    if (p is None or p.seat != decision.seat or p.kind != decision.kind
            or set(p.options) != set(decision.options)):
        return None
    return g


def _skill_check(g: Game, seat: int, phase: str, rule: str) -> SkillCheck:
    sc = object.__new__(SkillCheck)
    sc.order = g.order_from_left(g.check.caller)
    sc.idx = sc.order.index(seat)
    sc.phase = phase
    sc.rule = rule
    sc.after_idx = 0
    return sc


def _build_stack(g: Game, view: PlayerView, d: Decision, record: Record) -> bool:
    kind, seat, info = d.kind, d.seat, d.info_dict()
    if kind == "action":
        g.stack = _action_frames(g, seat, ordered_now=True)
        if d.rule == "A8" and seat == g.active:
            return False
        return True
    if kind in ("crisis_die", "crisis_mode"):
        step = CrisisStep(seat)
        if kind == "crisis_die":
            faces = info["faces"]
            idx = []
            for k, die_id in enumerate(g.crisis_dice):
                die = next(x for x in g.c.crisis_dice if x.id == die_id)
                if faces[k] not in die.faces:
                    return False
                idx.append(die.faces.index(faces[k]))
            g.crisis_rolled = tuple(idx)
            step.phase = "choose"
            g.stack = [_turn(g.active, 3), _Ask(step, d)]  # K1 asks once, while rolling
            return True
        g.stack = [_turn(g.active, 3), step]
        return True
    if kind in ("jump_die", "jump_penalty"):
        step = CrisisStep(g.active)
        step.phase = "done"
        jump = Jump()
        if kind == "jump_die":
            jump.phase = "choose"
            jump.rolls = (int(info["strong"]), int(info["weak"]))
            # the Jump task re-asks from "choose" via apply only; ask again here
            g.stack = [_turn(g.active, 3), step, _Ask(jump, d)]
            return True
        jump.phase = "penalty"
        jump.penalty = int(info["points"])
        g.stack = [_turn(g.active, 3), step, jump]
        return True
    if kind == "contribute" and "action" in info:
        frames = _action_frames(g, seat, ordered_now=False)
        ra = RollAction(seat, str(info["action"]))
        ra.phase = "contribute"
        g.stack = [*frames, ra]
        return True
    if g.check is None:
        return False
    phase = {"join": "ask", "contribute": "contribute", "reroll": "reroll"}[kind]
    if g.check.kind == "crisis":
        step = CrisisStep(g.active)
        step.phase = "consequence"
        g.stack = [_turn(g.active, 3), step, _skill_check(g, seat, phase, "K2")]
        return True
    if record.vote is None:
        return False
    mode, target = record.vote
    caller = g.check.caller
    frames = _action_frames(g, caller, ordered_now=False)
    g.stack = [*frames, VoteResult(mode, target), _skill_check(g, seat, phase, "A6")]
    return True


class _Ask:
    """Re-ask a decision a task asked before its state moved on (the jump die)."""

    __slots__ = ("task", "decision")

    def __init__(self, task: Any, decision: Decision) -> None:
        self.task = task
        self.decision = decision

    def run(self, g: Game) -> Decision | None:
        return self.decision

    def apply(self, g: Game, choice: Any) -> None:
        g.stack[-1] = self.task
        self.task.apply(g, choice)

    def copy(self) -> _Ask:
        return _Ask(self.task.copy(), self.decision)
