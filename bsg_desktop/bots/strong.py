"""The strong level: the heuristic, overruled only where look-ahead shows a clear gain.

For a decision that matters (action, crisis die, the Cylons' join, the jump die …)
the bot first asks its heuristic. It then draws worlds consistent with its view,
the hidden loyalty cards weighted by its suspicion belief (`world.determinize`),
and in every world plays each candidate choice a few turns ahead with heuristic
players that each act on their own view of that world. All candidates of one
world share the dice and the players' random streams (common random numbers), so
a difference between two candidates is a difference the choice made, not luck.
Where the rollout stops, `value.human_win_chance` scores the position (exact when
the game ended).

The heuristic's choice is the default. Another candidate replaces it only when
its mean gain over the heuristic's choice, paired world by world, is above
``MIN_GAIN`` and ``Z`` standard errors: with no worlds, or no clear gain, strong
plays exactly as heuristic, so search can only add where it sees something.

Thinking stops `SEARCH_MARGIN` of the per-decision budget before the budget's end,
counted from the moment the decision was asked (checked before every rollout,
so the overrun is at most one short rollout, a few milliseconds), or after a
fixed number of worlds for reproducible tests. The window releases the answer at
the budget's end (`think_floor`, `release`), so the search is over by then
whoever holds the seat. A world not finished when the clock runs out
is dropped: comparisons are only made on worlds where every candidate was played.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from bsg_desktop.bots.heuristic import HeuristicBot
from bsg_desktop.bots.value import human_win_chance
from bsg_desktop.bots.world import determinize
from bsg_desktop.engine import Choice, Decision, PlayerView

# High-leverage decisions, searched for every seat.
SEARCHED = frozenset({"action", "crisis_die", "crisis_mode", "jump_die", "jump_penalty"})
# Joining and contributing to a skill check. A hidden Cylon's join is the sabotage
# decision itself, so it is always searched. A human's is searched where that
# measurably helps: at 3 and 5 players it adds about 8 points to the strong human's
# win rate over the heuristic's; at 4 players, with its harder crisis dice, it added
# nothing clear (docs/balance.md, "The level ladder").
CHECK_SEARCHED = frozenset({"join", "contribute"})
HUMAN_CHECK_SEARCH_PLAYERS = frozenset({3, 5})
MAX_CANDIDATES = 4
HORIZON = 3  # turns each rollout plays before the value model scores the position
Z = 1.645  # one-sided 95%: override the heuristic only on a clear paired gain
MIN_GAIN = 0.01  # … and only when the gain is worth at least 1% win chance
MIN_WORLDS = 3  # fewer paired worlds than this never overrule the heuristic
DEFAULT_BUDGET = 0.5
SEARCH_MARGIN = 0.2  # of the budget: the search ends this long before the answer is shown


class StrongBot(HeuristicBot):
    """Searches the decisions that matter; defers to its heuristic unless search is sure."""

    level = "strong"

    def __init__(self, seed: int = 0, budget: float = DEFAULT_BUDGET, worlds: int | None = None,
                 horizon: int = HORIZON) -> None:
        super().__init__(seed)
        self.budget = budget
        self.worlds = worlds  # a fixed number of sampled worlds (deterministic) when set
        self.horizon = horizon
        self.search_rng = random.Random(seed ^ 0x57A0)
        self.last_stats: dict[str, Any] = {}
        self._deadline = 0.0

    @staticmethod
    def searchable(view: PlayerView, decision: Decision) -> bool:
        """Searched for some holder of this seat: the part of `searched` that does not
        read the seat's loyalty, so `think_floor` can rest on it alone."""
        if view.me is None:
            return False
        return decision.kind in SEARCHED or (decision.kind in CHECK_SEARCHED
                                             and not view.me.revealed)

    def searched(self, view: PlayerView, decision: Decision) -> bool:
        if not self.searchable(view, decision):
            return False
        return (decision.kind in SEARCHED or view.is_cylon
                or view.players in HUMAN_CHECK_SEARCH_PLAYERS)

    def think_floor(self, view: PlayerView, decision: Decision) -> float:
        """Seconds a window should let this decision take, however quickly it was made.

        Watching the table, a player must not learn a loyalty from how long a computer
        seat thinks. A hidden seat searches its join at every player count if it is a
        Cylon, but as a human only at 3 and 5 players, and any search can end early
        when nothing is left to compare. So every decision that some hidden seat
        would search is given the whole budget, whoever holds the seat.
        """
        # Not by the number of options: a lone "skip" at the action step is asked only
        # because a Cylon would have more (A9, ALWAYS_ASK); answering it at once would
        # tell the table the seat holds no Cylon card.
        if self.worlds is not None:
            return 0.0
        return self.budget if self.searchable(view, decision) else 0.0

    def choose(self, view: PlayerView, decision: Decision) -> Choice:
        # from the moment it is asked, so the heuristic's own pick (a Cylon's takes
        # longer) is inside the same fixed time
        self._deadline = time.perf_counter() + self.budget * (1.0 - SEARCH_MARGIN)
        base = super().choose(view, decision)
        self.last_stats = {}
        if not self.searched(view, decision):
            return base
        cands = self.candidates(view, decision, base)
        intents = self.intents(view, decision, base, cands)
        if len(intents) <= 1:
            return base
        choice, intent = self.search(view, decision, intents)
        if intent is not None:
            self.sabotaging = intent
        return choice

    def intents(self, view: PlayerView, d: Decision, base: Choice,
                cands: list[Choice]) -> list[tuple[Choice, bool | None]]:
        """Candidates with the sabotage intent they carry into the check (None: unchanged).

        A hidden Cylon's "join" means two different plans, to help (cover) or to
        sabotage; searching "join" with the heuristic's intent only would never try
        the sabotage the heuristic declined.
        """
        if (d.kind == "join" and view.check is not None and view.check.kind == "crisis"
                and view.is_cylon and not view.me.revealed):
            out: list[tuple[Choice, bool | None]] = [(base, self.sabotaging)]
            for c, sab in ((Choice("join"), True), (Choice("join"), False), (Choice("pass"), None)):
                if c in d.options and all(c != x or (sab != i and c.verb == "join")
                                          for x, i in out):
                    out.append((c, sab))
            return out
        return [(c, None) for c in cands]

    # ------------------------------------------------------------ candidates
    def candidates(self, view: PlayerView, d: Decision, base: Choice) -> list[Choice]:
        """The heuristic's choice first, then a few distinct alternatives worth trying."""
        opts = d.options
        if len(opts) <= MAX_CANDIDATES:
            return [base] + [o for o in opts if o != base]
        out = [base]

        def add(c: Choice | None) -> None:
            if c is not None and c in opts and c not in out and len(out) < MAX_CANDIDATES:
                out.append(c)
        if d.kind == "contribute":
            rolled = list(d.info_dict().get("rolled", ()))
            neg = sorted((r for r in rolled if r[2] < 0), key=lambda r: r[2])
            pos = tuple(sorted(r[0] for r in rolled if r[2] > 0))
            if neg:
                add(Choice("contribute", tuple(sorted(r[0] for r in neg))))
                add(Choice("contribute", (neg[0][0],)))
            if pos:
                add(Choice("contribute", pos))
        elif d.kind == "action":
            for o in opts:
                if o.verb == "a9":
                    add(o)
            add(Choice("skip"))
            b = self.belief(view)
            brig = [o for o in opts if o.verb == "a6" and o.args[0] == "brig"]
            if brig:
                add(max(brig, key=lambda o: b.get(int(o.args[1]), 0.0)))
            for v in ("a5", "a2", "a3", "a4"):
                add(Choice(v))
        else:
            for o in opts:
                add(o)
        return out

    # ---------------------------------------------------------------- search
    def search(self, view: PlayerView, d: Decision,
               cands: list[tuple[Choice, bool | None]]) -> tuple[Choice, bool | None]:
        """The heuristic's plan (``cands[0]``) unless another shows a clear paired gain."""
        start = time.perf_counter()
        deadline = self._deadline
        fixed = self.worlds
        cylon = view.is_cylon
        gains: list[list[float]] = [[] for _ in cands]  # per candidate, per world: v(c) − v(base)
        sums = [0.0] * len(cands)  # per candidate: v(c) summed over the finished worlds
        worlds = tries = 0
        timed_out = False
        while True:
            if fixed is not None:
                if worlds >= fixed or tries >= 3 * fixed + 2:
                    break
            elif time.perf_counter() >= deadline:
                break
            tries += 1
            world = determinize(view, d, self.record, self.search_rng)
            if world is None:
                if worlds == 0 and tries >= 5:
                    break  # this position cannot be rebuilt: trust the heuristic
                continue
            seed = self.search_rng.randrange(1 << 30)
            values: list[float] = []
            for c, intent in cands:
                if fixed is None and time.perf_counter() >= deadline:
                    timed_out = True
                    break
                w = world.copy() if len(values) < len(cands) - 1 else world
                w.apply(c)
                v = self.rollout(w, view.seat, seed, intent)
                values.append(1.0 - v if cylon else v)
            if timed_out:
                break  # a half-played world cannot be compared: drop it
            worlds += 1
            for i, v in enumerate(values):
                gains[i].append(v - values[0])
                sums[i] += v
        pick = cands[0]
        best_gain = 0.0
        for i in range(1, len(cands)):
            g = gains[i]
            n = len(g)
            if n < MIN_WORLDS:
                continue
            mean = sum(g) / n
            var = sum((x - mean) ** 2 for x in g) / (n - 1)
            if mean > MIN_GAIN and mean > Z * math.sqrt(var / n) and mean > best_gain:
                pick, best_gain = cands[i], mean
        self.last_stats = {"worlds": worlds, "seconds": time.perf_counter() - start,
                           "candidates": [f"{c}{'' if i is None else '/sabotage' if i else '/help'}"
                                          for c, i in cands], "gain": best_gain,
                           "overruled": pick != cands[0],
                           # the seat's side's mean value after each candidate (the advice's
                           # reason): [] when no world was finished
                           "means": [t / worlds for t in sums] if worlds else []}
        return pick

    def rollout(self, g: Any, seat: int, seed: int, intent: bool | None = None) -> float:
        """Play a sampled world ``horizon`` turns on with heuristic players; P(humans win).

        Every rollout bot starts from a copy of this seat's public record (the record
        is public, so it is the same for every seat), and this seat's own rollout bot
        keeps the sabotage intent the heuristic just formed for the check in progress.
        """
        bots: dict[int, HeuristicBot] = {}
        limit = g.turn + self.horizon
        g.rng.seed(seed)
        while g.outcome is None and not g.stalled and g.turn < limit:
            d = g.pending
            bot = bots.get(d.seat)
            if bot is None:
                bot = bots[d.seat] = HeuristicBot(seed + d.seat)
                bot.record = self.record.copy()
                if d.seat == seat:
                    bot.sabotaging = self.sabotaging if intent is None else intent
            g.apply(bot.choose(g.view(d.seat), d))
        return human_win_chance(g)
