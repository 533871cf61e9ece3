"""How good is a position for the humans? A small logistic model, fitted by self-play.

The strong bot plays each candidate a few turns ahead in a sampled world and then
needs a number for where it ended up. Playing every world to the end would make
each rollout several times dearer and its result a single noisy win or loss; a
smooth estimate of P(humans win) after a short horizon gives far more (and less
noisy) comparisons per second of thinking.

The model reads a sampled world (a Game the bot built itself, so reading its
hidden cards is no leak: they are the bot's own guesses) and is fitted on
positions at the start of turns in heuristic self-play, labelled by who went on
to win. Refit after changing cards.yaml or the heuristic:

    python -m bsg_desktop.bots.fit_value --games 6000

and paste the printed WEIGHTS here.
"""

from __future__ import annotations

import math
from typing import Any

RAIDER = "raider"

FEATURES = ("bias", "p3", "p5", "distance", "jump_track", "jump_bonus", "dist6_track2",
            "raiders", "raiders4", "raiders5", "ships", "raiders2_ships",
            "damage", "damage4", "damage5", "morale", "morale3", "morale4",
            "hidden_cylons", "brigged_cylons", "revealed_cylons", "brigged_humans",
            "human_active", "human_spent", "cylon_active", "loyalty_dealt")

# Fitted with `python -m bsg_desktop.bots.fit_value --games 6000` and heuristic bots, on
# cards.yaml as it was before the last two changes to dice A and B: 101,960 positions,
# held-out log loss 0.550 (a constant guess scores 0.676). On the shipped faces they
# score 0.582 and a refit 0.571 (docs/balance.md, "The position model"). Adding
# every feature times p3 and times p5 was tried and scored 0.548: the player count
# as constant terms only is enough. The weights steer the strong bot, so a refit
# moves the balance figures in docs/balance.md: re-measure them after one.
WEIGHTS: tuple[float, ...] = (
    -0.7538,  # bias
    0.4372,  # p3
    0.6537,  # p5
    2.2816,  # distance
    0.4333,  # jump_track
    -0.0101,  # jump_bonus
    1.5812,  # dist6_track2
    -0.1905,  # raiders
    -0.1322,  # raiders4
    -0.4634,  # raiders5
    -0.1384,  # ships
    0.0,  # raiders2_ships
    -1.2267,  # damage
    -0.3388,  # damage4
    -0.3855,  # damage5
    -2.2643,  # morale
    -0.1522,  # morale3
    -0.6076,  # morale4
    -0.3519,  # hidden_cylons
    0.0955,  # brigged_cylons
    0.0512,  # revealed_cylons
    -0.808,  # brigged_humans
    0.9155,  # human_active
    -0.4165,  # human_spent
    -0.0891,  # cylon_active
    0.3683,  # loyalty_dealt
)


def features(g: Any) -> list[float]:
    """The position as numbers, from the humans' side (what the model weighs)."""
    mon = g.dradis_monitor
    raiders = mon.count(RAIDER)
    ships = len(mon) - raiders
    damage = len(g.damage_placed)
    morale = len(g.demoralized_out)
    hidden = brig_c = rev = brig_h = 0
    h_act = h_spent = c_act = 0
    humans = 0
    for p in g.players:
        act = sum(1 for d in p.dice if d.state == "active")
        if p.is_cylon:
            if p.revealed:
                rev += 1
            elif p.in_brig:
                brig_c += 1
            else:
                hidden += 1
            c_act += act
        else:
            humans += 1
            brig_h += p.in_brig
            h_act += act
            h_spent += sum(1 for d in p.dice if d.state == "spent")
    humans = max(1, humans)
    win = g.c.distance_win  # W1: the distance the humans need before a last jump
    dist = min(g.distance, win)
    last = g.c.jump_max - 1  # the jump track's last step before the fleet jumps
    return [1.0, float(g.n == 3), float(g.n == 5), dist / win, g.jump_track / last,
            float(g.jump_bonus), float(g.distance >= win and g.jump_track >= last),
            raiders / 5, float(raiders >= 4), float(raiders >= 5), ships / 5,
            float(raiders >= 2 and ships > 0),
            damage / 5, float(damage >= 4), float(damage >= 5),
            morale / 4, float(morale >= 3), float(morale >= 4),
            float(hidden), float(brig_c), float(rev), float(brig_h),
            h_act / (4 * humans), h_spent / (4 * humans), c_act / 4, float(g.loyalty_dealt)]


def human_win_chance(g: Any, weights: tuple[float, ...] = WEIGHTS) -> float:
    """P(humans win) from here: exact when the game is over, else the fitted model."""
    out = g.outcome
    if out is not None:
        return 1.0 if out.winner == "humans" else 0.0
    return model_chance(features(g), weights)


def model_chance(x: list[float], weights: tuple[float, ...] = WEIGHTS) -> float:
    """The logistic model on one feature row: the one formula play and the refit's
    log loss (``fit_value``) both score positions with."""
    z = sum(w * v for w, v in zip(weights, x, strict=True))
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))
