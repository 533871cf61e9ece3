"""What a tunnel's relay sees of two worlds that differ only in hidden facts.

A four-seat bot game is stopped at a few moments; at each, its twin (`engine.twins.twin`
with no seat: every fact hidden from the public drawn anew) is hosted beside it, each
world on its own companion server with a public address, behind its own TLS proxy
(`tls_proxy.DelayProxy`, the relay). Every seat of both worlds joins through its proxy
as a phone would. The frames the relays saw have the same lengths, frame for frame,
though their contents differ; and nothing they saw holds a seat's key, a device
secret, a loyalty card's id or words.
"""

from __future__ import annotations

import base64
import random

import pytest

pytest.importorskip("aiohttp")
pytest.importorskip("cryptography")

from phone_client import Phone  # noqa: E402
from tls_proxy import DelayProxy, make_certificate  # noqa: E402

from bsg_desktop.bots import make_bot  # noqa: E402
from bsg_desktop.companion.frames import art_catalog  # noqa: E402
from bsg_desktop.companion.host import Host  # noqa: E402
from bsg_desktop.companion.server import CompanionServer  # noqa: E402
from bsg_desktop.data import load_components  # noqa: E402
from bsg_desktop.engine import Setup, new_game  # noqa: E402
from bsg_desktop.engine.twins import twin  # noqa: E402
from bsg_desktop.i18n import speaking  # noqa: E402
from bsg_desktop.present.words import card_words  # noqa: E402

NAME = "play.test"
PLAYERS = 4


class World:
    """One world hosted behind its relay; its seats joined through it."""

    def __init__(self, comp, game, cert) -> None:  # type: ignore[no-untyped-def]
        self.proxy = DelayProxy(0, cert, delay=0.0, jitter=0.0)
        self.public = f"https://{NAME}:{self.proxy.port}"
        self.server = CompanionServer(lambda _s, _m: None, lambda _s, _on: None,
                                      art_catalog(comp), "127.0.0.1", 0, public=self.public,
                                      # the host lets each phone in as it asks (claims.py)
                                      on_waiting=lambda seat, code: self.server.confirm(
                                          seat, code))
        self.proxy.target = self.server.start()
        self.host = Host(comp, range(PLAYERS))
        self.server.set_seats(self.host.keys, {})
        for seat in range(PLAYERS):
            self.server.publish(seat, self.host.frame(game, seat), self.host.strings(seat),
                                "en", self.host.cards(seat))
        self.phones = []
        for seat in range(PLAYERS):
            url = f"https://127.0.0.1:{self.proxy.port}/#{self.host.fragment(seat)}"
            self.phones.append(Phone(url, origin=self.public, ssl=False,
                                     headers={"Host": f"{NAME}:{self.proxy.port}"}))
        for p in self.phones:  # every seat has its state: all its frames went by
            p.next("state")
        self.states = [p.texts[-1] for p in self.phones]

    def wire(self) -> list[list[int]]:
        """Per connection, the lengths of the frames the relay passed down."""
        conns: dict[int, list[int]] = {}
        for seen in self.proxy.capture:
            if seen.way == "down":
                conns.setdefault(seen.conn, []).append(len(seen.data))
        return [conns[k] for k in sorted(conns)]

    def close(self) -> None:
        for p in self.phones:
            p.close()
        self.server.stop()
        self.proxy.close()


def test_twin_worlds_look_the_same_to_the_relay(tmp_path) -> None:  # type: ignore[no-untyped-def]
    comp = load_components()
    cert = make_certificate(tmp_path, NAME)
    g = new_game(Setup(players=PLAYERS), seed=4_701, components=comp)
    bots = {s: make_bot("heuristic", seed=s) for s in range(PLAYERS)}
    rnd = random.Random(47)
    words = [card.encode() for card in comp.loyalty_ids]
    for lang in ("en", "hu"):
        with speaking(lang):
            words += [card_words(comp, card).encode() for card in comp.loyalty_ids]
    moments = differing = 0
    for step in range(60):
        if g.outcome is not None:
            break
        if step % 20 == 5:
            worlds = [World(comp, g, cert), World(comp, twin(g, None, rnd), cert)]
            try:
                here, there = (w.wire() for w in worlds)
                assert len(here) == len(there) == PLAYERS
                assert here == there  # every seat's frames: the same lengths, one by one
                differing += sum(a != b for a, b in zip(worlds[0].states, worlds[1].states,
                                                        strict=True))
                for w in worlds:
                    secrets = [k for k in w.host.keys.values()]
                    secrets += [base64.urlsafe_b64encode(k).rstrip(b"=") for k in secrets]
                    secrets += [d.encode() for d in w.server._claims.values()]  # noqa: SLF001
                    assert len(w.server._claims) == PLAYERS  # noqa: SLF001
                    for seen in w.proxy.capture:
                        for needle in secrets + words:
                            assert needle not in seen.data, (seen.way, seen.path)
            finally:
                for w in worlds:
                    w.close()
            moments += 1
        d = g.pending
        g.apply(bots[d.seat].choose(g.view(d.seat), d))
    assert moments >= 2 and differing >= 1  # the worlds really differ in what seats get
