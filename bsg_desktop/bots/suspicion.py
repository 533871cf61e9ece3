"""Who holds a Cylon card? A belief built only from the public record.

Every contribution to a crisis check is weighed against two models of a player:

* a human who tries to avert the crisis contributes its positive dice and, when
  it rolled nothing positive, one die of its least bad value; with a small
  chance of error (``ERROR``) it does anything else, so no belief ever hits zero;
* a hidden Cylon who sabotages some of the time (``SABOTAGE``).

The chance of rolling no positive die with ``n`` dice is known from the die faces
(rule C5), so a lone −1 from a player who rolled four dice weighs far more than
one from a player who rolled one.

Each roll is weighed with the contribution that follows it, not the check's dice
as one lot. Rule D8 lets a player reroll what it kept and then forces another
contribution, so a human who gave a +2, rerolled three dice and drew only
negatives must add a −1: "a positive beside a negative" is ordinary human play
across two rolls, and reading the lot as one made the model call it sabotage.
(Measured in self-play: human bots did it in about one crisis contribution in
six, and beliefs above 0.9 were right about one time in five.)

The evidence per seat is a log-likelihood ratio; the belief is exact over every
way the in-play Cylon cards can lie among the unknown loyalty cards (other seats'
hands and the loyalty deck), each weighted by how many card arrangements it
stands for.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations_with_replacement
from operator import itemgetter
from typing import Any

from bsg_desktop.engine import PlayerView

ERROR = 0.05  # a human's chance of an odd contribution (misclick, bad reading)
SABOTAGE = 0.6  # how often the modelled Cylon sabotages a check it joins
NEG = 4 / 6  # both skill dice have four negative faces of six (C5)


def cylon_cards_in_play(players: int) -> int:
    """S5: one Cylon card in the loyalty deck, two with five players."""
    return 2 if players == 5 else 1


def contribution_llr(rolled: int, values: list[int]) -> float:
    """log P(obs | Cylon) − log P(obs | human) for the dice one roll led to (D7, D8)."""
    return _step(rolled, tuple(values))[0]


def _llr(rolled: int, values: tuple[int, ...]) -> float:
    n = max(1, rolled)
    p_none_pos = NEG ** n  # no positive die among n
    p_no_neg = (1 - NEG) ** n
    pos = sum(1 for v in values if v > 0)
    neg = len(values) - pos
    if neg == 0:
        human = (1 - ERROR) * (1 - p_none_pos) + ERROR * 0.3
        cylon = (1 - SABOTAGE) * (1 - p_none_pos) + SABOTAGE * p_no_neg + ERROR * 0.3
    elif pos == 0 and neg == 1:
        human = (1 - ERROR) * p_none_pos + ERROR * 0.3
        cylon = (1 - SABOTAGE) * p_none_pos + SABOTAGE * (1 - p_no_neg) * 0.7 + ERROR * 0.3
    else:  # several negatives, or negatives beside positives: hard to explain as a human
        human = ERROR * 0.4
        cylon = SABOTAGE * (1 - p_no_neg) * 0.3 + ERROR * 0.4
        if min(values) <= -2 and pos == 0:
            cylon += 0.05
    return math.log(cylon) - math.log(human)


@lru_cache(maxsize=4096)
def _step(rolled: int, values: tuple[int, ...]) -> tuple[float, int]:
    """``_llr(rolled, values)`` and how many of the values are negative, in one lookup.

    Cached because every bot reads every contribution when a check closes, and the
    same handful of (rolled, values) pairs recur all game.
    """
    neg = 0
    for v in values:
        if v < 0:
            neg += 1
    return _llr(rolled, values), neg


_value = itemgetter(2)  # (die id, kind, value) -> value

# The event kinds `Record.update` reads; every other public event leaves the record as it is.
READ = frozenset({"check_started", "vote_called", "dice_rolled", "dice_contributed",
                  "check_result", "cylon_revealed"})


class Record:
    """The public record read incrementally: per-seat evidence and what is known.

    ``update(view)`` reads the new public events since the last call; it keeps
    nothing else, so two views with the same public record give the same state.
    """

    def __init__(self) -> None:
        self.seen = 0
        self.llr: dict[int, float] = {}
        self.rolled: dict[int, int] = {}  # seat -> dice in its latest roll this check
        # seat -> (dice rolled, values contributed) per roll of this check (D8 rerolls)
        self.contrib: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
        self.check_kind = ""
        self.check_caller = -1
        self.vote: tuple[str, int] | None = None  # (mode, target) of the vote in progress
        self.revealed: set[int] = set()
        self.negatives: dict[int, int] = {}  # seat -> negative dice contributed to crises

    def copy(self) -> Record:
        """An independent copy: rollout bots start from what this seat has already read.

        The record holds only public evidence, so every seat's copy would be the same;
        copying saves each rollout bot re-reading the whole game's public events.
        """
        r = object.__new__(Record)
        r.seen = self.seen
        r.llr = dict(self.llr)
        r.rolled = dict(self.rolled)
        r.contrib = {k: list(v) for k, v in self.contrib.items()}  # tuples inside: shared
        r.check_kind = self.check_kind
        r.check_caller = self.check_caller
        r.vote = self.vote
        r.revealed = set(self.revealed)
        r.negatives = dict(self.negatives)
        return r

    def update(self, view: PlayerView) -> None:
        rec = view.record
        n = len(rec)
        if n < self.seen:  # a new game through the same bot: start again
            self.__init__()  # type: ignore[misc]
        if n > self.seen:
            # Every one of the bots reads every public event, so this loop is hot:
            # kinds that carry no loyalty evidence (turns, joins, passes, markers)
            # are skipped by one set lookup, and the rest are read here, inline.
            for e in rec[self.seen:]:
                k = e.kind
                if k not in READ:
                    continue
                if k == "dice_rolled":
                    if self.check_kind:
                        # how many dice the seat rolled this time: all its active dice
                        # on joining (D2), the ones it kept on a reroll (D8)
                        data = e.data
                        if len(data) == 2:  # unpacked, as the engine emits it
                            (ks, seat), (kc, count) = data
                            if ks == "seat" and kc == "count":
                                self.rolled[seat] = count
                                continue
                        d = dict(data)
                        self.rolled[d.get("seat")] = d.get("count")
                elif k == "dice_contributed":
                    if self.check_kind:
                        data = e.data
                        if len(data) == 2:  # unpacked, as the engine emits it
                            (ks, seat), (kd, dice) = data
                            if ks != "seat" or kd != "dice":
                                d = dict(data)
                                seat, dice = d.get("seat"), d.get("dice")
                        else:
                            d = dict(data)
                            seat, dice = d.get("seat"), d.get("dice")
                        # the values, by a C-level map: no list comprehension frame
                        values = tuple(map(_value, dice))
                        steps = self.contrib.get(seat)
                        if steps is None:
                            steps = self.contrib[seat] = []
                        steps.append((self.rolled.get(seat, len(values)), values))
                elif k == "check_started":
                    self._close()
                    data = e.data
                    if len(data) == 3 and data[0][0] == "kind" and data[2][0] == "caller":
                        self.check_kind = data[0][1]  # as the engine emits it
                        self.check_caller = data[2][1]
                    else:
                        d = dict(data)
                        self.check_kind = d.get("kind")
                        self.check_caller = d.get("caller")
                elif k == "check_result":
                    self._close()
                    self.check_kind = ""
                    self.vote = None
                elif k == "vote_called":
                    self.vote = (e.get("mode"), e.get("target"))
                else:  # cylon_revealed
                    self.revealed.add(e.get("seat"))
            self.seen = n

    def _close(self) -> None:
        if not self.contrib and not self.rolled:
            return  # nothing read since the last close (most check_started events)
        crisis = self.check_kind == "crisis"
        for seat, steps in self.contrib.items():
            if steps and crisis and seat not in self.revealed:
                llr = self.llr.get(seat, 0.0)
                neg = 0
                counted = False
                for rolled, values in steps:
                    if values:
                        step_llr, step_neg = _step(rolled, values)
                        llr += step_llr  # added roll by roll, in order, as before
                        neg += step_neg
                        counted = True
                if counted:
                    self.negatives[seat] = self.negatives.get(seat, 0) + neg
                self.llr[seat] = llr
        self.contrib = {}
        self.rolled = {}

    def evidence(self, seat: int) -> float:
        return self.llr.get(seat, 0.0)


def _unknown_cards(view: PlayerView, record: Record,
                   me: int | None) -> tuple[dict[int, float], dict[Any, int], int]:
    """Where the Cylon cards in play may be, as ``me`` sees it (None: as the table does).

    Returns the seats whose loyalty is known (1.0 Cylon, 0.0 human), the places an
    unknown Cylon card may lie (seat or ``"deck"`` -> unknown cards there) and how many
    Cylon cards are unaccounted for. Belief and sampling share this one account.
    """
    prob = {s: 0.0 for s in range(view.players)}
    left = cylon_cards_in_play(view.players)
    cylon_ids = view.components.cylon_ids  # by the cards' faction, in this game's cards
    slots: dict[Any, int] = {}
    known = dict(view.known) if me is not None else {}
    for sv in view.seats:
        s = sv.seat
        if sv.revealed or s in record.revealed:
            prob[s] = 1.0
            left -= 1
            continue
        if s == me:
            mine = sum(1 for c in view.my_loyalty if c in cylon_ids)
            left -= mine
            prob[s] = 1.0 if mine else 0.0
            continue
        seen = known.get(s)
        if seen is not None and any(c in cylon_ids for c in seen):
            prob[s] = 1.0
            left -= 1
            continue
        unknown = sv.loyalty_count - (len(seen) if seen is not None else 0)
        if unknown > 0:
            slots[s] = unknown
    if view.loyalty_deck:
        slots["deck"] = view.loyalty_deck
    return prob, slots, max(0, left)


def _placements(slots: dict[Any, int], left: int,
                record: Record) -> list[tuple[tuple[Any, ...], float]]:
    """Every way to put ``left`` Cylon cards into the slots, weighted by card
    arrangements and by each seat's evidence."""
    out = []
    for combo in combinations_with_replacement(list(slots), left):
        w = 1.0
        for h in set(combo):
            w *= math.comb(slots[h], combo.count(h))  # 0 when a slot is overfilled
            if h != "deck":
                w *= math.exp(max(-8.0, min(8.0, record.evidence(h))))
        if w > 0:
            out.append((combo, w))
    return out


def belief(view: PlayerView, record: Record, perspective: Any = "self") -> dict[int, float]:
    """P(seat holds a Cylon card) for every seat.

    ``perspective="self"`` uses what the viewing seat knows (its own cards, what
    Baltar saw); ``perspective=None`` is how the table sees it (a Cylon bot asks
    this to judge how suspicious it looks).
    """
    me = view.seat if perspective == "self" else None
    prob, slots, left = _unknown_cards(view, record, me)
    if left == 0 or not slots:
        return prob
    if left == 1:
        return _one_card(prob, slots, record)
    return _enumerated(prob, slots, left, record)


def _one_card(prob: dict[int, float], slots: dict[Any, int], record: Record) -> dict[int, float]:
    """`_enumerated` for one unplaced Cylon card (every game below five players).

    Each placement is then one slot, so the enumeration reduces to one weight per
    slot. Every bot asks for beliefs many times a game, and this skips the
    combinations, ``set``, ``count`` and ``comb`` of the general path while doing
    the same float operations in the same order: the result is bit-identical
    (``tests/test_fast_paths.py`` compares the two on real games).
    """
    ws = []
    for h, n in slots.items():
        w = 1.0 * n  # 1.0 * math.comb(n, 1); n >= 1, so every placement counts
        if h != "deck":
            w *= math.exp(max(-8.0, min(8.0, record.evidence(h))))
        ws.append((h, w))
    total = sum([w for _, w in ws])
    if total <= 0:
        return prob
    for h, w in ws:
        if h != "deck":
            prob[h] = (0.0 + w) / total  # 0.0 + w: the general path's accumulation
    return prob


def _enumerated(prob: dict[int, float], slots: dict[Any, int], left: int,
                record: Record) -> dict[int, float]:
    """The belief by its definition: every placement of ``left`` cards, weighted."""
    placements = _placements(slots, left, record)
    total = sum(w for _, w in placements)
    if total <= 0:
        return prob
    weights: dict[Any, float] = {}
    for combo, w in placements:
        for h in set(combo):
            weights[h] = weights.get(h, 0.0) + w
    for h, w in weights.items():
        if h != "deck":
            prob[h] = w / total
    return prob


def sample_cylons(view: PlayerView, record: Record, rng: Any) -> list[Any]:
    """Draw one placement of the unknown Cylon cards (seats or ``"deck"``), by belief.

    Used by the strong bot to build a sampled world; returns the holders, one per
    Cylon card whose place the viewer does not know.
    """
    _, slots, left = _unknown_cards(view, record, view.seat)
    if left == 0 or not slots:
        return []
    placements = _placements(slots, left, record)
    if not placements:
        return []
    combos, weights = zip(*placements, strict=True)
    return list(rng.choices(combos, weights=weights)[0])
