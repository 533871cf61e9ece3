"""Nothing leaves the host for seat k but k's view, its decision and its own log.

Whole bot-driven games at 3, 4 and 5 players: every frame the host makes for
every seat is recorded (these are the bytes the server sends; the server test
checks that a socket receives exactly them) and searched for the secrets of the
other seats. At every step each seat's frame is also made in a second world that
differs from the real one only in facts hidden from that seat (other seats'
uncontributed dice and loyalty, their pending decision's options and private
info, their private log events, every pile's order, the generator's seed and
state); the bytes must be the same.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bsg_desktop.bots import make_bot
from bsg_desktop.companion import frames
from bsg_desktop.companion.host import Host
from bsg_desktop.data import load_components
from bsg_desktop.engine import ACTIVE, Decision, Event, Game, Setup, new_game
from bsg_desktop.i18n import text

SEEDS = {3: 7_310_925, 4: 7_310_926, 5: 7_310_927}  # digits no frame has a reason to show


def _other_world(g: Game, k: int, rnd: random.Random) -> Game:
    """A copy of ``g`` in which everything seat k may not know is different."""
    w = g.copy()
    comp = g.c
    others = [p for p in w.players if p.seat != k]
    for p in others:
        for d in p.dice:
            if d.state == ACTIVE:  # rolled or not, an uncontributed value is the owner's
                faces = [v for v in comp.skill(d.kind).faces if v != d.value]
                d.value = rnd.choice(faces)
    me = w.players[k]
    # loyalty cards of seats k has not seen and who have not revealed, swapped around
    hidden = [p for p in others if not p.revealed and p.seat not in me.known]
    cards = [c for p in hidden for c in p.loyalty]
    rnd.shuffle(cards)
    for p in hidden:
        n = len(p.loyalty)
        p.loyalty, cards = cards[:n], cards[n:]
    for name in ("dradis_pile", "damage_pile", "demoralized_pile", "loyalty_deck",
                 "loyalty_box"):
        rnd.shuffle(getattr(w, name))
    w.seed = rnd.randrange(10**9)
    w.rng = random.Random(w.seed)
    if w.pending is not None and w.pending.seat != k:
        d = w.pending
        w.pending = Decision(d.seat, d.kind, tuple(reversed(d.options)), d.rule,
                             (("secret", rnd.random()),))
    w.crisis_rolled = tuple(rnd.randrange(6) for _ in w.crisis_rolled)
    # private events of other seats: same kind and rule, other contents
    w.events = [e if e.to is None or k in e.to else
                Event(e.kind, e.rule, (("value", rnd.randrange(99)),), e.to)
                for e in g.events]
    return w


def _words(comp: Any, card: str) -> str:
    return text(comp.cylon(card).model, "en") if card.startswith("cylon") else ""


def _check_frame(g: Game, k: int, frame: str) -> None:
    """The secrets of other seats that must not be in seat k's frame, searched for."""
    data = json.loads(frame)
    assert str(g.seed) not in frame
    view = g.view(k)
    if view.outcome is not None:
        return  # at the end every loyalty card is shown to all (G2)
    me = g.players[k]
    for p in g.players:
        if p.seat == k or p.revealed or p.seat in me.known:
            continue
        for card in p.loyalty:
            model = _words(g.c, card)
            if model and card not in me.loyalty and card not in p.revealed_cards:
                assert model not in frame, (k, p.seat, card)
    # only k's own dice carry values outside the check's public contributions
    assert [d["id"] for d in data["me"]["dice"]] == [d.id for d in me.dice]
    assert "value" not in json.dumps(data["table"]["seats"])
    if g.pending is not None and g.pending.seat != k:
        assert data["decision"] is None
        info = g.pending.info_dict()
        for i, face in enumerate(info.get("faces") or ()):
            dice = info.get("dice") or ()
            if i < len(dice):
                assert frames.crisis_key(str(dice[i]), face.code()) not in frame


@pytest.mark.parametrize("players", [3, 4, 5])
def test_frames_for_seat_k_hold_only_what_k_may_know(players: int) -> None:
    comp = load_components()
    g = new_game(Setup(players=players), seed=SEEDS[players], components=comp)
    host = Host(comp, range(players), "en")
    bots = {s: make_bot("heuristic", seed=s) for s in range(players)}
    rnd = random.Random(players)
    sent: dict[int, list[str]] = {s: [] for s in range(players)}
    steps = 0
    while g.outcome is None and steps < 2000:
        for k in range(players):
            frame = host.frame(g, k)
            if not sent[k] or sent[k][-1] != frame:
                sent[k].append(frame)
                _check_frame(g, k, frame)
            here = frames.dumps(frames.state(comp, g, k, "en"))
            there = frames.dumps(frames.state(comp, _other_world(g, k, rnd), k, "en"))
            assert here == there, (players, steps, k)
        d = g.pending
        g.apply(bots[d.seat].choose(g.view(d.seat), d))
        steps += 1
    assert g.outcome is not None
    for k in range(players):
        frame = host.frame(g, k)
        assert json.loads(frame)["outcome"]
        # the frames really are the seat's: its own loyalty shows, its decisions were asked
        assert any(json.loads(f)["decision"] for f in sent[k])
        assert len(sent[k]) > 20


def test_a_frame_is_made_only_from_the_seats_view() -> None:
    """Two games that give seat 0 the same view and log give it the same bytes, even
    with every other seat's loyalty and every pile different (the construction above,
    checked once more at the very start, where the deal is all there is)."""
    comp = load_components()
    g = new_game(Setup(players=4), seed=3, components=comp)
    w = _other_world(g, 0, random.Random(1))
    assert [p.loyalty for p in w.players[1:]] != [p.loyalty for p in g.players[1:]] or \
        w.damage_pile != g.damage_pile
    assert Host(comp, [0]).frame(g, 0) == Host(comp, [0]).frame(w, 0)


def test_c3_a_phone_knows_a_cylon_card_by_its_faction_not_its_id(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A cards file may call a Cylon card anything: the phone still shows that seat
    the Cylon face (its frame names the card's own face in the cards frame)."""
    from bsg_desktop.data.components import default_cards_path

    path = tmp_path / "cards.yaml"
    path.write_text(default_cards_path().read_text(encoding="utf-8")
                    .replace("cylon_one", "boomer"), encoding="utf-8")
    from bsg_desktop.data import load_components as load

    comp = load(path)
    g = new_game(Setup(players=4), 1, components=comp, overrides={"loyalty": {"0": "boomer"}})
    me = json.loads(Host(comp, [0]).frame(g, 0))["me"]["loyalty"]
    assert me == [{"art": "loyalty/boomer", "cylon": True,
                   "text": frames.card_words(comp, "boomer")}]
    faces = json.loads(frames.cards_frame(comp, "en"))["faces"]
    assert faces["loyalty/boomer"] == frames.card_svg(comp, "boomer", "en")
    assert faces["loyalty/boomer"] != faces["loyalty/not_cylon"]
