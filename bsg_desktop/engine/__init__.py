"""The rules engine of BSG: Express: no Qt, no reportlab, no Pillow.

    game = new_game(Setup(players=4), seed=7)
    while game.outcome is None:
        decision = game.pending            # Decision(seat, kind, options, rule)
        game.apply(decision.options[0])    # returns the events it caused
    game.view(seat)                        # what that seat may know

Every driver (window, bots, scenarios, simulator, replays) uses only this door.
"""

from bsg_desktop.engine.actions import action_dice
from bsg_desktop.engine.core import (
    ACTIVE,
    CONTRIBUTED,
    CYLONS,
    HUMANS,
    RAIDER,
    REMOVED,
    SHIP,
    SPENT,
    Choice,
    Decision,
    Event,
    Outcome,
    Setup,
)
from bsg_desktop.engine.game import Game, fresh_seed, new_game, replay
from bsg_desktop.engine.view import PlayerView, SeatView, make_view, visible_log
from bsg_desktop.errors import IllegalChoiceError

__all__ = [
    "ACTIVE", "CONTRIBUTED", "CYLONS", "HUMANS", "RAIDER", "REMOVED", "SHIP", "SPENT",
    "Choice", "Decision", "Event", "Game", "IllegalChoiceError", "Outcome", "PlayerView",
    "SeatView", "Setup", "action_dice", "fresh_seed", "make_view", "new_game", "replay",
    "visible_log",
]
