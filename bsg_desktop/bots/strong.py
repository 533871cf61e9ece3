"""The strong level: look ahead in sampled worlds, played out by heuristic players.

For a decision that matters (action, crisis die, joining a check, the jump die …)
the bot draws worlds consistent with its view, the hidden loyalty cards weighted
by its suspicion belief (`world.determinize`), tries each candidate choice in
every world with the same dice (common random numbers, so candidates are
compared on equal luck), and plays each world to the end with heuristic players
that each act on their own view of that world. The candidate that wins most
often is chosen; the heuristic's own choice starts with a small head start so
noise alone does not overturn it. Thinking stops at the per-decision budget
(seconds), or after a fixed number of worlds for reproducible tests.
"""

from __future__ import annotations

import random
import time

from bsg_desktop.bots.heuristic import HeuristicBot
from bsg_desktop.bots.world import determinize
from bsg_desktop.engine import Choice, Decision, PlayerView

# The decisions that shape a game; joins and contributions are many and follow well
# from rules of thumb, so searching them would spend the budget ten times over.
SEARCHED = frozenset({"action", "crisis_die", "crisis_mode", "jump_die", "jump_penalty"})
MAX_CANDIDATES = 4
PRIOR = 1.0  # virtual wins and losses given to the heuristic's choice
ROLLOUT_TURNS = 60  # a world still running after this many more turns counts as a draw


class StrongBot(HeuristicBot):
    """Searches the decisions that matter; defers to its heuristic for the rest."""

    level = "strong"

    def __init__(self, seed: int = 0, budget: float = 0.5, worlds: int | None = None) -> None:
        super().__init__(seed)
        self.budget = budget
        self.worlds = worlds  # a fixed number of sampled worlds (deterministic) when set
        self.search_rng = random.Random(seed ^ 0x57A0)
        self.last_stats: dict[str, object] = {}

    def choose(self, view: PlayerView, decision: Decision) -> Choice:
        base = super().choose(view, decision)
        if decision.kind not in SEARCHED or view.me is None:
            return base
        cands = self.candidates(view, decision, base)
        if len(cands) <= 1:
            return base
        return self.search(view, decision, cands, base)

    # ------------------------------------------------------------ candidates
    def candidates(self, view: PlayerView, d: Decision, base: Choice) -> list[Choice]:
        opts = d.options
        if len(opts) <= MAX_CANDIDATES:
            return [base] + [o for o in opts if o != base]
        out = [base]

        def add(c: Choice | None) -> None:
            if c is not None and c in opts and c not in out and len(out) < MAX_CANDIDATES:
                out.append(c)
        if d.kind == "action":
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
        elif d.kind == "contribute":
            rolled = list(d.info_dict().get("rolled", ()))
            if not rolled:
                return out
            pos = tuple(sorted(r[0] for r in rolled if r[2] > 0))
            neg = sorted(rolled, key=lambda r: r[2])
            if pos:
                add(Choice("contribute", pos))
            add(Choice("contribute", (neg[0][0],)))
            add(Choice("contribute", (neg[-1][0],)))
        else:
            for o in opts:
                add(o)
        return out

    # ---------------------------------------------------------------- search
    def search(self, view: PlayerView, d: Decision, cands: list[Choice], base: Choice) -> Choice:
        start = time.perf_counter()
        wins = {c: 0.0 for c in cands}
        plays = {c: 0 for c in cands}
        worlds = 0
        tries = 0
        while True:
            if self.worlds is not None:
                if worlds >= self.worlds or tries >= 3 * self.worlds:
                    break
            elif time.perf_counter() - start >= self.budget and worlds > 0:
                break
            elif tries > 0 and worlds == 0 and time.perf_counter() - start >= self.budget:
                break
            tries += 1
            world = determinize(view, d, self.record, self.search_rng)
            if world is None:
                if tries >= 5 and worlds == 0:
                    break  # this position cannot be rebuilt: trust the heuristic
                continue
            worlds += 1
            seed = self.search_rng.randrange(1 << 30)
            for c in cands:
                w = world.copy()
                w.apply(c)
                wins[c] += self.playout(w, view.seat, seed)
                plays[c] += 1
        self.last_stats = {"worlds": worlds, "seconds": time.perf_counter() - start,
                           "candidates": [str(c) for c in cands]}
        if worlds == 0:
            return base

        def score(c: Choice) -> float:
            prior = PRIOR if c == base else 0.0
            return (wins[c] + prior) / (plays[c] + 2 * prior)
        return max(cands, key=score)

    @staticmethod
    def playout(g: object, seat: int, seed: int) -> float:
        """Play a sampled world to the end with heuristic players; 1 if ``seat``'s side won."""
        bots = {}
        limit = g.turn + ROLLOUT_TURNS  # type: ignore[attr-defined]
        g.rng.seed(seed)  # type: ignore[attr-defined]
        while g.outcome is None and not g.stalled and g.turn < limit:  # type: ignore
            d = g.pending  # type: ignore[attr-defined]
            bot = bots.get(d.seat)
            if bot is None:
                bot = bots[d.seat] = HeuristicBot(seed + d.seat)
            g.apply(bot.choose(g.view(d.seat), d))  # type: ignore[attr-defined]
        out = g.outcome  # type: ignore[attr-defined]
        if out is None:
            return 0.5
        cylon = g.players[seat].is_cylon  # type: ignore[attr-defined]
        return 1.0 if (out.winner == "cylons") == cylon else 0.0
