"""The heuristic level: rules of thumb for every decision, by loyalty.

Humans avert crises with as few dice as will do, fix the most urgent threat,
jump whenever they can, and vote into the brig whoever their suspicion model
(`suspicion.belief`) names. Cylons sabotage quietly: while hidden they mostly
play like humans, pick the worse crisis die (the other one stays secret, K1),
slip a lone negative die into a check only when it can tip the result and
their own public record can bear it, take the worse jump die as Admiral (the
roll is private, J4), and reveal when the effect hurts most (an immediate win,
a brig, or the humans about to escape).

Everything a bot knows comes from the views and decisions it is handed.
"""

from __future__ import annotations

import math
import random
from functools import partial
from operator import itemgetter
from typing import Any

from bsg_desktop.bots.suspicion import Record, belief
from bsg_desktop.data import CrisisFace
from bsg_desktop.engine import Choice, Decision, PlayerView

RAIDER = "raider"
DAMAGE_TOTAL = 6
RAIDERS_TO_WIN = 6

# Choice((verb, args)) without the named tuple's Python-level __new__ (an equal Choice)
_choice = partial(tuple.__new__, Choice)
_value = itemgetter(2)  # (die id, kind, value) -> value

# The fixed choices, made once: equal to a fresh Choice(...) in every way
# (a named tuple), without a Python-level constructor call per decision.
_A2 = Choice("a2")
_A3 = Choice("a3")
_A4 = Choice("a4")
_A5 = Choice("a5")
_ACT = Choice("act")
_INITIATIVE = Choice("initiative")
_JOIN = Choice("join")
_KEEP = Choice("keep")
_PASS = Choice("pass")
_RECLAIM = Choice("reclaim")
_REROLL = Choice("reroll")
_RETRIEVE2 = Choice("retrieve2")
_SKIP = Choice("skip")
_STOP = Choice("stop")
_RETRIEVE_STRONG = Choice("retrieve", ("strong",))


# decision kind -> the name of its handler method ("join" -> "_join"): the same few
# names every decision, kept rather than concatenated (and hashed) anew each time
_HANDLER: dict[str, str] = {}


# Repair and damage priorities: what each location disables (K6), most valued first.
HUMAN_REPAIR = ("weapons_control", "engine_room", "press_room", "armory", "admirals_quarters",
                "communications")


def pos_ev(kind: str) -> float:
    """Mean positive contribution of one die (C5): what a helping die adds on average."""
    return 1.0 if kind == "strong" else 0.67


class Situation:
    """The threats on the board, read once per decision from the view."""

    def __init__(self, view: PlayerView) -> None:
        c = view.components
        self.raiders = view.dradis_monitor.count(RAIDER)
        self.ships = len(view.dradis_monitor) - self.raiders
        raiders_total = c.dradis_raiders
        ships_total = c.dradis_ships
        pile_r = raiders_total - self.raiders
        pile_s = ships_total - self.ships - view.dradis_destroyed
        self.p_raider = pile_r / max(1, pile_r + pile_s)
        self.raider_slack = RAIDERS_TO_WIN - self.raiders
        self.damage_slack = view.damage_pile
        self.morale_slack = c.morale_limit - len(view.demoralized)  # K3
        self.distance = view.distance
        self.jump_track = view.jump_track

    def slack(self, ctype: str) -> float:
        if ctype == "unrest":
            return self.morale_slack
        if ctype == "attack":
            return self.damage_slack
        return self.raider_slack / max(0.15, self.p_raider)

    def threat(self, ctype: str, count: int) -> float:
        """How bad ``count`` markers of this crisis type are: 1.0 and up means a loss."""
        if count <= 0:
            return 0.0
        if ctype == "dradis":
            expected = count * self.p_raider
            # two Raiders plus ships also trigger K8 penalties: count them a little
            expected += 0.3 * count * (1 - self.p_raider) * (self.raiders >= 2)
            if count >= self.raider_slack:
                lose = self.p_raider ** self.raider_slack
                return min(1.5, expected / max(1, self.raider_slack) + 3 * lose)
            return expected / max(1, self.raider_slack)
        slack = self.morale_slack if ctype == "unrest" else self.damage_slack
        if count >= slack:
            return 3.0
        return count / max(1, slack) * (1.5 if slack - count <= 1 else 1.0)


def expected_help(view: PlayerView, exclude: int | None = None) -> float:
    """What the unrevealed players' active dice may still add to a check."""
    total = 0.0
    for sv in view.seats:
        if sv.revealed or sv.seat == exclude:
            continue
        for _id, kind, state, _value in sv.dice:  # unpacked: no named-tuple lookups
            if state == "active":
                total += 1.0 if kind == "strong" else 0.67  # pos_ev, inlined: a hot loop
    return total


def fail_chance(difficulty: int, expected: float) -> float:
    return 1.0 / (1.0 + math.exp((expected - difficulty + 0.5) / 1.3))


def counted(view: PlayerView, value: int) -> int:
    """What a die showing ``value`` counts for in the check in progress (X1, as the view says)."""
    return view.check.value_of(value) if view.check is not None else value


class HeuristicBot:
    """Rules of thumb per decision kind; humans and Cylons play differently."""

    level = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.record = Record()
        self._belief: dict[int, float] | None = None
        self._public: dict[int, float] | None = None
        self._beliefs: dict[tuple[Any, ...], dict[int, float]] = {}  # see _memo_belief
        self.sabotaging = False  # within one check: this join is a sabotage
        # view.is_cylon of the view being decided, set by choose: a property call that
        # loops over the cards, asked at every step of every check, while the cards
        # themselves change once or twice a game (compared by content, not identity)
        self._loyalty: tuple[str, ...] | None = None
        self._cylon = False

    # ------------------------------------------------------------- the door
    def choose(self, view: PlayerView, decision: Decision) -> Choice:
        self.record.update(view)
        self._belief = None
        self._public = None
        loyalty = view.my_loyalty
        if loyalty != self._loyalty:
            self._loyalty = loyalty
            self._cylon = view.is_cylon
        opts = decision.options
        kind = decision.kind
        name = _HANDLER.get(kind)
        if name is None:
            name = _HANDLER[kind] = "_" + kind
        handler = getattr(self, name, None)
        choice = handler(view, decision) if handler is not None else None
        if choice is None or choice not in opts:
            choice = opts[0]
        return choice

    # ------------------------------------------------------------ knowledge
    def belief(self, view: PlayerView) -> dict[int, float]:
        if self._belief is None:
            self._belief = self._memo_belief(view, "self")
        return self._belief

    def public_suspicion(self, view: PlayerView) -> float:
        """How Cylon-like this seat looks to the table (a Cylon keeps this low)."""
        if self._public is None:
            self._public = self._memo_belief(view, None)
        return self._public.get(view.seat, 0.0)

    def _memo_belief(self, view: PlayerView, perspective: Any) -> dict[int, float]:
        """``belief(view, self.record, perspective)``, computed once per set of inputs.

        The belief enumerates every placement of the Cylon cards, yet between two
        decisions its inputs (the evidence per seat, who is revealed, loyalty counts,
        what this seat knows) rarely change. The key holds all of them, so a hit
        is exactly what belief() would return; each caller gets its own dict.
        """
        me = view.seat if perspective == "self" else None
        r = self.record
        key = (perspective, me, view.players, view.loyalty_deck,
               tuple([(sv.seat, sv.revealed, sv.loyalty_count) for sv in view.seats]),
               view.my_loyalty if me is not None else (), view.known if me is not None else (),
               frozenset(r.revealed), tuple(r.llr.items()))
        hit = self._beliefs.get(key)
        if hit is None:
            if len(self._beliefs) >= 64:  # a game's worth of states is far fewer
                self._beliefs.clear()
            hit = self._beliefs[key] = belief(view, r, perspective)
        return dict(hit)

    @staticmethod
    def cylon(view: PlayerView) -> bool:
        return view.is_cylon

    # ------------------------------------------------------------ decisions
    def _action(self, view: PlayerView, d: Decision) -> Choice | None:
        opts = set(d.options)
        me = view.me
        s = Situation(view)
        if view.is_cylon and not me.revealed:
            reveal = self._reveal_choice(view, d, s)
            if reveal is not None:
                return reveal
        if me.revealed:
            return self._revealed_action(view, d, s)
        b = self.belief(view)
        active = me.count("active")
        cylon = view.is_cylon
        # The options by kind, in one pass over them (in their order, as four filters
        # would give): an action decision offers a dozen or more.
        looks: list[Choice] = []
        brig: list[Choice] = []
        release: list[Choice] = []
        orders: list[Choice] = []
        for o in d.options:
            verb = o[0]
            if verb == "a6":
                if o[1][0] == "brig":
                    brig.append(o)
                elif o[1][0] == "release":
                    release.append(o)
            elif verb == "a8":
                orders.append(o)
            elif verb == "a1":
                looks.append(o)
        # X5: Baltar looks at the most suspicious player once the record says something.
        if looks and not cylon:
            target = max(looks, key=lambda o: b.get(int(o.args[0]), 0.0))
            if max(b.values()) >= 0.3 or view.turn >= 3:
                return target
        # A6: brig the likely Cylon; release a likely human.
        if brig:
            if cylon:
                # frame the human the table already doubts, or the Admiral when safe
                pub = self._memo_belief(view, None)
                cand = max(brig, key=lambda o: pub.get(int(o.args[1]), 0.0))
                if pub.get(int(cand.args[1]), 0.0) >= 0.45 and self.public_suspicion(view) < 0.4:
                    return cand
            else:
                cand = max(brig, key=lambda o: b.get(int(o.args[1]), 0.0))
                if b.get(int(cand.args[1]), 0.0) >= 0.6:
                    return cand
        for o in release:
            t = int(o.args[1])
            if t == view.seat or (not cylon and b.get(t, 0.0) < 0.2):
                return o
        # Urgent threats first.
        urgent: list[tuple[float, Choice]] = []
        if _A2 in opts:
            u = (s.raiders - 2) * 0.8 + (0.6 if s.raiders >= 2 and s.ships else 0)
            urgent.append((u, _A2))
        if _A3 in opts:
            urgent.append(((DAMAGE_TOTAL - s.damage_slack - 2) * 0.7, _A3))
        if _A4 in opts:
            urgent.append(((4 - s.morale_slack) * 0.8, _A4))
        urgent.sort(key=lambda t: -t[0])
        if cylon and self.rng.random() < 0.5:
            # a hidden Cylon keeps its dice for checks it can tip, unless it looks idle
            if self.public_suspicion(view) < 0.5:
                return _SKIP
        if urgent and urgent[0][0] >= 1.0 and active >= 2:
            return urgent[0][1]
        if _A5 in opts and not view.jump_bonus and active >= 3:
            return _A5
        if urgent and urgent[0][0] >= 0.5 and active >= 3:
            return urgent[0][1]
        if me.count("spent") >= 2 and d.rule != "A8":
            # A8: give the best-equipped trusted player an action
            if orders and not cylon:
                def score(o: Choice) -> float:
                    t = int(o.args[0])
                    return view.seats[t].count("active") - 3 * b.get(t, 0.0) + (
                        0.5 if o.args[1] == "weak" else 0)
                best = max(orders, key=score)
                if score(best) >= 3:
                    return best
        return _SKIP

    def _reveal_choice(self, view: PlayerView, d: Decision, s: Situation) -> Choice | None:
        reveals = [o for o in d.options if o.verb == "a9"]
        if not reveals:
            return None
        me = view.me
        c = view.components
        card = reveals[0]
        effect = c.cylon(str(card.args[0])).effect
        extra = 1 if view.players == 4 else 0  # A9: a second card's effect from the box
        if me.in_brig:
            return card  # the effect is lost, but a brigged Cylon does nothing at all (B3)
        if effect == "demoralize" and s.morale_slack <= 1 + extra:
            return card
        if effect == "damage" and s.damage_slack <= 1 + extra:
            return card
        if effect == "dradis" and s.raider_slack <= 2 and s.p_raider >= 0.5:
            return card
        win = view.components.distance_win  # W1: the distance the humans need
        if view.distance >= win - 1 or (view.distance >= win - 2
                                        and view.jump_track >= view.components.jump_max - 1):
            return card  # the humans are about to escape: every check must now fail
        if self.public_suspicion(view) >= 0.75:
            return card  # about to be brigged anyway
        worst = min(s.morale_slack, s.damage_slack, s.raider_slack)
        if view.turn >= 4 * view.players and worst <= 2:
            return card
        return None

    def _revealed_action(self, view: PlayerView, d: Decision, s: Situation) -> Choice:
        # A revealed Cylon brigs the Admiral when a vote might pass, else keeps its dice.
        brig = [o for o in d.options if o.verb == "a6" and o.args[0] == "brig"]
        admiral = next((sv.seat for sv in view.seats if sv.admiral), None)
        for o in brig:
            if int(o.args[1]) == admiral and self.rng.random() < 0.3:
                return o
        return _SKIP

    # ---- checks
    def _wants_success(self, view: PlayerView, cylon: bool | None = None) -> bool:
        """Whether this seat wants the check in progress to pass.

        ``cylon`` is ``view.is_cylon`` when the caller has it already (a property
        that loops over the loyalty cards, asked at every step of every check).
        """
        ch = view.check
        if cylon is None:
            cylon = view.is_cylon
        if ch is None or ch.kind == "crisis":
            return not cylon
        vote = self.record.vote
        if vote is None:
            return not cylon
        mode, target = vote
        if cylon:
            if target == view.seat:
                return mode == "release"
            return mode == "brig"
        b = self.belief(view)
        if target == view.seat:
            return mode == "release"
        p = b.get(target, 0.0)
        return p >= 0.5 if mode == "brig" else p < 0.3

    def _sabotage_now(self, view: PlayerView, need: int) -> bool:
        """A hidden Cylon tips a crisis only when it matters and it can afford the look."""
        me = view.me
        if me.revealed:
            return True
        ch = view.check
        if ch is None or view.crisis is None:
            return False
        s = Situation(view)
        hurt = s.threat(view.crisis.type, view.crisis.consequence)
        susp = self.public_suspicion(view)
        if hurt >= 1.0:
            return True
        remaining = expected_help(view, exclude=view.seat) * 0.5
        close = need <= 3 + remaining * 0.3
        return close and hurt >= 0.25 and susp < 0.45 + hurt * 0.5

    def _join(self, view: PlayerView, d: Decision) -> Choice:
        info = d.info
        if (len(info) == 3 and info[0][0] == "check" and info[1][0] == "difficulty"
                and info[2][0] == "total"):  # as the engine asks it: no dict to build
            check, diff, total = info[0][1], info[1][1], info[2][1]
        else:
            i = dict(info)
            check, diff, total = i.get("check"), i["difficulty"], i["total"]
        need = diff - total
        me = view.seats[view.seat]  # view.me, without the property call
        cylon = self._cylon
        want = self._wants_success(view, cylon)
        if check == "vote":
            if want:
                return _JOIN if need > 0 else _PASS
            return _JOIN if need <= 4 and me.count("active") >= 1 else _PASS
        if cylon:
            self.sabotaging = self._sabotage_now(view, need)
            if me.revealed:
                # Y5: a revealed Cylon who passes gets all spent dice back
                return _JOIN if need <= 2 and me.count("spent") == 0 else _PASS
            if self.sabotaging:
                return _JOIN
        return _JOIN if need > 0 else _PASS

    def _contribute(self, view: PlayerView, d: Decision) -> Choice | None:
        info = dict(d.info)
        rolled = list(info.get("rolled", ()))
        action = info.get("action")
        if action is not None:
            return self._contribute_action(view, d, rolled, str(action))
        total, diff = info["total"], info["difficulty"]
        need = diff - total
        cylon = self._cylon
        want = self._wants_success(view, cylon)
        if cylon and info.get("check") == "crisis":
            want = not self.sabotaging
        if not want:
            neg = sorted((r for r in rolled if r[2] < 0), key=lambda r: (r[2], r[1] == "weak"))
            if view.me.revealed or view.check is None or view.check.kind == "crisis":
                # quiet sabotage: a single die, as a human who rolled badly would
                pick = neg[0] if neg else min(rolled, key=lambda r: (r[2], r[1] == "strong"))
                return Choice("contribute", (pick[0],))
            if neg:
                return Choice("contribute", tuple(sorted(r[0] for r in neg)))
            return Choice("contribute", (min(rolled, key=lambda r: r[2])[0],))
        if view.me.revealed:
            best = max(rolled, key=lambda r: r[2])
            return Choice("contribute", (best[0],))
        # a positive die counts as rolled: X1's abilities change only negative values
        pos = []
        for r in rolled:
            if r[2] > 0:
                pos.append(r)
        # largest value first, ties in rolled order: what key=lambda r: -r[2] gave,
        # without a Python call per die (a reverse sort is stable too)
        pos.sort(key=_value, reverse=True)
        if not pos:
            if _INITIATIVE in d.options:
                return _INITIATIVE
            # an Initiative part that rerolls one die (X2 with ``dice: one``): the worst one
            one = {o.args[0]: o for o in d.options if o.verb == "initiative" and o.args}
            if one:
                return one[min((r for r in rolled if r[0] in one), key=_value)[0]]
            # D7: the least harmful die, a weak one if it is the same value
            pick = max(rolled, key=lambda r: (counted(view, r[2]), r[1] == "weak"))
            return Choice("contribute", (pick[0],))
        if need <= 0:
            pick = min(pos, key=_value)
            return _choice(("contribute", (pick[0],)))
        chosen = []
        acc = 0
        for r in pos:
            chosen.append(r)
            acc += r[2]
            if acc >= need:
                break
        if acc >= need and len(chosen) > 1:
            # drop a large die if smaller ones still make it (keep strong dice active)
            for r in sorted(chosen, key=_value):
                if acc - r[2] >= need:
                    chosen.remove(r)
                    acc -= r[2]
        ids = [r[0] for r in chosen]
        ids.sort()
        return _choice(("contribute", tuple(ids)))

    def _contribute_action(self, view: PlayerView, d: Decision, rolled: list[Any],
                           action: str) -> Choice:
        hide = view.is_cylon and not view.me.revealed and self.public_suspicion(view) < 0.35
        key = (lambda r: r[2]) if not hide else (lambda r: -r[2])
        ranked = sorted(rolled, key=key, reverse=True)
        if action == "a2":
            pos = [r for r in ranked if r[2] > 0][:4] if not hide else []
            pick = pos or ranked[:1]
        elif action == "a5":
            pick = ranked[:2]
        else:
            pick = ranked[:1]
        if view.me.revealed:
            pick = pick[:1]
        return Choice("contribute", tuple(sorted(r[0] for r in pick)))

    def _reroll(self, view: PlayerView, d: Decision) -> Choice:
        info = d.info
        if len(info) == 2 and info[0][0] == "total" and info[1][0] == "difficulty":
            need = info[1][1] - info[0][1]  # as the engine asks it: no dict to build
        else:
            i = dict(info)
            need = i["difficulty"] - i["total"]
        cylon = self._cylon
        want = self._wants_success(view, cylon)
        if cylon and view.check is not None and view.check.kind == "crisis":
            want = not self.sabotaging
        if want:
            return _REROLL if need > 0 else _STOP
        if view.check is not None and view.check.kind == "vote":
            return _REROLL if need <= 0 else _STOP
        return _STOP

    def _reckless(self, view: PlayerView, d: Decision) -> Choice:
        return _RECLAIM

    def _influence(self, view: PlayerView, d: Decision) -> Choice:
        info = d.info_dict()
        ch = view.check
        if ch is None:
            return _KEEP
        want = self._wants_success(view)
        need = info["difficulty"] - info["total"]
        entries = [e for e in ch.entries if e.counts]
        if want and need > 0:
            worst = min(entries, key=lambda e: e.value, default=None)
            if worst is not None and worst.value < 0:
                return Choice("remove_die", (worst.die,))
        if not want and need <= 0:
            best = max(entries, key=lambda e: e.value, default=None)
            if best is not None and best.value > 0:
                return Choice("remove_die", (best.die,))
        return _KEEP

    # ---- small choices
    def _retrieve(self, view: PlayerView, d: Decision) -> Choice:
        return _RETRIEVE_STRONG

    def _ordered(self, view: PlayerView, d: Decision) -> Choice:
        me = view.me
        if me.count("spent") >= 2 and me.count("active") <= 1:
            return _RETRIEVE2
        return _ACT if me.count("active") >= 2 else _RETRIEVE2

    def _crisis_die(self, view: PlayerView, d: Decision) -> Choice:
        faces: tuple[CrisisFace, ...] = d.info_dict()["faces"]
        s = Situation(view)
        help_ = expected_help(view)
        if view.is_cylon:
            help_ -= 1.5  # a Cylon knows it will not help
        costs = [self.face_cost(view, s, f, help_) for f in faces]
        pick = max(range(len(faces)), key=lambda i: costs[i]) if view.is_cylon else \
            min(range(len(faces)), key=lambda i: costs[i])
        return Choice("crisis", (pick,))

    @staticmethod
    def face_cost(view: PlayerView, s: Situation, f: CrisisFace, help_: float) -> float:
        """The humans' expected loss from a face: failure risk × harm − a jump's worth."""
        p = fail_chance(f.difficulty, help_)
        jump = 0.0
        if f.jump and not view.jump_bonus:
            last = view.jump_track == view.components.jump_max - 1  # this icon jumps
            jump = 0.35 + (0.25 if last else 0.0)
            if last and view.distance >= view.components.distance_win:
                jump = 5.0  # this jump wins the game
        return p * s.threat(f.type, f.consequence) - jump

    def _crisis_mode(self, view: PlayerView, d: Decision) -> Choice:
        s = Situation(view)
        best = max(("unrest", "attack", "dradis"), key=lambda t: s.threat(t, 1))
        return Choice("name", (best,))

    def _remove_ship(self, view: PlayerView, d: Decision) -> Choice:
        kinds = [str(o.args[0]) for o in d.options]
        if view.is_cylon and not view.me.revealed and "ship" in kinds:
            return Choice("remove", ("ship",))
        return Choice("remove", ("raider",) if "raider" in kinds else ("ship",))

    def _repair(self, view: PlayerView, d: Decision) -> Choice:
        locs = [str(o.args[0]) for o in d.options]
        order = HUMAN_REPAIR if not view.is_cylon else tuple(reversed(HUMAN_REPAIR))
        for loc in order:
            if loc in locs:
                return Choice("repair", (loc,))
        return d.options[0]

    def _boost(self, view: PlayerView, d: Decision) -> Choice:
        chars = [str(o.args[0]) for o in d.options]
        by_char = {sv.character: sv for sv in view.seats}
        b = self.belief(view)

        def value(ch: str) -> float:
            sv = by_char.get(ch)
            if sv is None or sv.revealed:
                return -1.0
            v = 1.0 - b.get(sv.seat, 0.0) + (0.5 if sv.seat == view.seat else 0.0)
            return v
        pick = (min if view.is_cylon else max)(chars, key=value)
        return Choice("boost", (pick,))

    def _k8_penalty(self, view: PlayerView, d: Decision) -> Choice:
        s = Situation(view)
        dmg, mor = s.damage_slack, s.morale_slack
        if view.is_cylon:
            return Choice("penalty", ("damage",) if dmg <= mor else ("demoralize",))
        return Choice("penalty", ("damage",) if dmg > mor else ("demoralize",))

    def _jump_die(self, view: PlayerView, d: Decision) -> Choice:
        info = d.info_dict()
        s = Situation(view)
        worst = min(s.damage_slack, s.morale_slack)

        def score(v: int) -> float:
            gain = abs(v)
            pen = -v if v < 0 else 0
            if view.distance < view.components.distance_win <= view.distance + gain:
                gain += 1.5
            risk = pen * (1.0 + (3.0 if pen >= worst else 0.0))
            return gain - 1.3 * risk
        vals = {"strong": int(info["strong"]), "weak": int(info["weak"])}
        legal = [str(o.args[0]) for o in d.options]
        if view.is_cylon:
            pick = min(legal, key=lambda k: score(vals[k]))
        else:
            pick = max(legal, key=lambda k: score(vals[k]))
        return Choice("jump_die", (pick,))

    def _jump_penalty(self, view: PlayerView, d: Decision) -> Choice:
        s = Situation(view)
        best = None
        best_v = None
        for o in d.options:
            k = int(o.args[0])
            rest = len(d.options) - 1 - k
            v = min(s.damage_slack - k, s.morale_slack - rest)
            if best_v is None or (v < best_v if view.is_cylon else v > best_v):
                best, best_v = o, v
        return best or d.options[0]

    def _give_card(self, view: PlayerView, d: Decision) -> Choice:
        def score(o: Choice) -> float:
            sv = view.seats[int(o.args[0])]
            return sv.count("active") + sv.count("spent") + (3 if sv.admiral else 0)
        return max(d.options, key=score)

    def _cylon_demoralize(self, view: PlayerView, d: Decision) -> Choice:
        by_char = {sv.character: sv for sv in view.seats}

        def score(o: Choice) -> float:
            sv = by_char.get(str(o.args[0]))
            if sv is None:
                return 0.0
            if sv.revealed or sv.seat == view.seat:
                return -1.0
            return 1.0 + sv.count("active") + (2 if sv.admiral else 0)
        return max(d.options, key=score)

    def _cylon_damage(self, view: PlayerView, d: Decision) -> Choice:
        locs = [str(o.args[0]) for o in d.options]
        for loc in HUMAN_REPAIR:
            if loc in locs:
                return Choice("damage", (loc,))
        return d.options[0]

    def _cylon_steal(self, view: PlayerView, d: Decision) -> Choice:
        def score(o: Choice) -> float:
            sv = view.seats[int(o.args[0])]
            return (2 if o.args[1] == "strong" else 1) + (2 if sv.admiral else 0)
        return max(d.options, key=score)
