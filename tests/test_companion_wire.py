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

import pytest

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


# a name at the cap in the widest characters UTF-8 has (4 bytes each)
WIDE = "\U0001d538"


def test_frames_keep_one_size_with_names_at_the_cap_in_twin_worlds() -> None:
    """Every seat's sealed state frame is the first bucket's size, for every decision
    kind, with every name at its cap (`NAME_CHARS`, 4-byte characters) and in twin
    worlds drawn afresh for each seat: a Cylon's longer options tell nothing by size."""
    from bsg_desktop.engine.setup import NAME_CHARS

    positions: dict[str, list[object]] = {}  # two positions of every decision kind
    for seed in range(300):
        players = (5, 4, 3)[seed % 3]
        g = new_game(Setup(players=players, names=(WIDE * NAME_CHARS,) * players), seed)
        rng = random.Random(seed)
        while g.outcome is None:
            seen = positions.setdefault(g.pending.kind, [])
            if len(seen) < 2:
                seen.append(g.copy())
            g.apply(rng.choice(g.pending.options))
        if len(positions) >= 20 and all(len(v) == 2 for v in positions.values()):
            break
    assert len(positions) >= 20, sorted(positions)
    sizes: set[int] = set()
    rng = random.Random(5)
    for at in positions.values():
        for n, g in enumerate(at):
            host = Host(g.c, range(g.n), ("en", "hu")[n])  # type: ignore[attr-defined]
            for seat in range(g.n):  # type: ignore[attr-defined]
                for world in (g, twin(g, seat, rng)):  # type: ignore[arg-type]
                    frame = host.frame(world, seat, undo=True)
                    sizes.add(len(Channel(bytes(32), bytes(32), table=True).seal(frame)))
    assert sizes == {BUCKETS[0] + MAC_BYTES}


def test_a_frame_that_cannot_fit_is_a_loud_error_not_a_larger_size() -> None:
    """A name past every cap (set behind the setup's back) makes a frame that cannot fit
    even without its log: `Host.frame` raises, it never goes out in a larger bucket."""
    from bsg_desktop.companion.host import FrameTooLarge
    from bsg_desktop.engine.setup import NAME_CHARS, SetupError

    with pytest.raises(SetupError):
        new_game(Setup(players=3, names=("x" * (NAME_CHARS + 1),)), 1)
    g = new_game(Setup(players=3), 1)
    g.players[1].name = WIDE * 3500
    host = Host(g.c, range(3))
    with pytest.raises(FrameTooLarge):
        host.frame(g, 0)
