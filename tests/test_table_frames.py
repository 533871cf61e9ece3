"""The table page's frames carry no secret: in twin worlds that differ only in facts
hidden from the public (or from any one seat), the table frame is the same bytes.

Whole random games at 3, 4 and 5 players: after every step the table frame is made
for the game and for twins (`engine.twins.twin`) drawn afresh for the public and for
each seat, with the last move's public facts (the dice the game put in, the moment)
worked out from the game's own batch, as the window's `ui.table.TableHost` does.
Over 5,000 pairs are compared, in English and Hungarian; the frame's drawn board
(every token the window's layout places, and the seat panels) is part of the bytes.
"""

from __future__ import annotations

import json
import random

import pytest

from bsg_desktop.companion.frames import dumps
from bsg_desktop.companion.table import TableFeed, table_state
from bsg_desktop.engine import Setup, new_game, visible_log
from bsg_desktop.engine.twins import twin
from bsg_desktop.log import describer_for
from bsg_desktop.present.moments import moment_for
from bsg_desktop.present.rolls import forced_rolls

GAMES = [(players, seed, ("en", "hu")[seed % 2]) for seed, players in
         enumerate([3, 4, 5] * 4, start=101)]


def _frame(g, lang, forced, moment, at) -> str:  # type: ignore[no-untyped-def]
    return dumps(table_state(g.c, g.view(None), visible_log(g, None), lang, forced, moment, at))


def test_table_frames_are_the_same_bytes_in_twin_worlds() -> None:
    pairs = 0
    moments = rolls = tokens = dice = 0
    for players, seed, lang in GAMES:
        g = new_game(Setup(players=players), seed)
        rng = random.Random(seed)
        forced: dict = {}  # type: ignore[type-arg]
        moment = None
        at = 0
        while g.outcome is None and g.turn < 40:
            mine = _frame(g, lang, forced, moment, at)
            board = json.loads(mine)["board"]  # the drawn board is in the compared bytes
            tokens += len(board["tokens"])
            dice += sum(t["role"] == "die" and "/active/" not in t["where"]
                        for t in board["tokens"])
            for who in [None, *range(players)]:
                t = twin(g, who, rng)
                assert _frame(t, lang, forced, moment, at) == mine, (seed, at, who)
                pairs += 1
            seat = g.pending.seat
            choice = rng.choice(g.pending.options)
            events = g.apply(choice)
            at += 1
            forced = forced_rolls(seat, choice, events)
            d = describer_for(g)
            moment = moment_for(events, forced, None, lambda e, d=d, lang=lang: d.describe(e, lang))
            moments += moment is not None
            rolls += bool(forced)
    assert pairs >= 5000 and moments > 10 and rolls > 5, (pairs, moments, rolls)
    assert tokens > 30_000 and dice > 5_000, (tokens, dice)


def test_the_table_frame_refuses_a_seats_view_and_is_numbered_only_on_change() -> None:
    g = new_game(Setup(players=3), 7)
    with pytest.raises(ValueError):
        table_state(g.c, g.view(0), [], "en")
    feed = TableFeed("en")
    content = table_state(g.c, g.view(None), visible_log(g, None), "en")
    a = feed.frame(content)
    assert feed.frame(content) == a and a.startswith('{"seq":1,')
    g.apply(g.pending.options[0])
    b = feed.frame(table_state(g.c, g.view(None), visible_log(g, None), "en"))
    assert b.startswith('{"seq":2,')
