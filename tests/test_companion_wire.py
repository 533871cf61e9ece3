"""What a sniffer on the Wi-Fi sees of the phones' frames: sizes that no hidden fact decides.

Bot games at 3, 4 and 5 players, each step beside a twin world whose every fact
hidden from the public is drawn anew (`engine.twins.twin` with no seat: every
seat's loyalty, uncontributed dice, the piles, the deciding seat's options). For
every seat, the frames the host makes in both worlds are sealed as the server
seals them (`seal.Channel`); the byte lengths on the wire must be equal, though
the contents differ (a Cylon's frame is not a human's). The page texts and the
card faces are the same document for every seat of a language. The server turns
per-message compression off (a browser's offer is declined; the browser test
checks the handshake), so these lengths are the lengths on the wire.
"""

from __future__ import annotations

import random

from bsg_desktop.bots import make_bot
from bsg_desktop.companion.host import STATE_BUDGET, Host
from bsg_desktop.companion.seal import BUCKETS, MAC_BYTES, Channel
from bsg_desktop.data import load_components
from bsg_desktop.engine import Setup, new_game
from bsg_desktop.engine.twins import twin

PAIRS = 5_000


def _wire(ch: Channel, text: str) -> int:
    return len(ch.seal(text))


def test_twin_worlds_give_every_frame_the_same_length_on_the_wire() -> None:
    comp = load_components()
    ch = Channel(bytes(32), bytes(32), table=True)
    pairs = differing = 0
    longest = 0
    game = 0
    while pairs < PAIRS:
        players = 3 + game % 3
        lang = ("en", "hu")[game % 2]
        g = new_game(Setup(players=players), seed=9_100 + game, components=comp)
        here, there = Host(comp, range(players), lang), Host(comp, range(players), lang)
        bots = {s: make_bot("heuristic", seed=game * 10 + s) for s in range(players)}
        rnd = random.Random(game)
        steps = 0
        while g.outcome is None and steps < 400 and pairs < PAIRS:
            t = twin(g, None, rnd)
            for k in range(players):
                a, b = here.frame(g, k), there.frame(t, k)
                longest = max(longest, len(a.encode()), len(b.encode()))
                assert _wire(ch, a) == _wire(ch, b) == BUCKETS[0] + MAC_BYTES, (game, k)
                differing += a != b
                pairs += 1
            d = g.pending
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
            steps += 1
        for k in range(players):  # the page-level frames: one document per language
            assert here.strings(k) == there.strings(k) == here.strings(0)
            assert here.cards(k) == there.cards(k) == here.cards(0)
        game += 1
    assert pairs >= PAIRS and longest <= STATE_BUDGET
    assert differing > PAIRS // 10  # the worlds really differ in what the seats are sent
    print(f"{pairs} pairs over {game} games, {differing} with other contents, "
          f"longest frame {longest} bytes of {STATE_BUDGET}")


def test_a_frame_too_long_for_its_bucket_leaves_out_its_oldest_log_lines() -> None:
    comp = load_components()
    g = new_game(Setup(players=4), seed=5, components=comp)
    bots = {s: make_bot("heuristic", seed=s) for s in range(4)}
    host = Host(comp, range(4), "hu")
    for _ in range(150):
        d = g.pending
        g.apply(bots[d.seat].choose(g.view(d.seat), d))
    import json

    from bsg_desktop.companion import host as host_module

    full = json.loads(host.frame(g, 0))
    small = Host(comp, range(4), "hu")
    old = host_module.STATE_BUDGET
    try:
        host_module.STATE_BUDGET = len(host.frame(g, 0).encode()) - 200
        cut = json.loads(small.frame(g, 0))
    finally:
        host_module.STATE_BUDGET = old
    assert cut["log"] and len(cut["log"]) < len(full["log"])
    assert cut["log"] == full["log"][-len(cut["log"]):]  # the newest lines are kept
    assert {k: v for k, v in cut.items() if k != "log"} == \
        {k: v for k, v in full.items() if k != "log"}
