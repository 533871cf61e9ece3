"""The table page's frames carry no secret: in twin worlds that differ only in facts
hidden from the public (or from any one seat), the table frame is the same bytes.

Whole random games at 3, 4 and 5 players: after every step the table frame is made
for the game and for twins (`engine.twins.twin`) drawn afresh for the public and for
each seat, with the last move's public facts (the dice the game put in, the moment)
worked out from the game's own batch, as the window's `ui.table.TableHost` does.
Over 2,500 pairs are compared (six games), in English and Hungarian; the frame's drawn board
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
         enumerate([3, 4, 5] * 2, start=101)]


def _frame(g, lang, forced, moment, at) -> str:  # type: ignore[no-untyped-def]
    return dumps(table_state(g.c, g.view(None), visible_log(g, None), lang, forced, moment, at,
                             decision=g.pending))


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
    assert pairs >= 2500 and moments > 10 and rolls > 5, (pairs, moments, rolls)
    assert tokens > 12_000 and dice > 2_500, (tokens, dice)


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


# every kind of decision the engine asks (a new kind must be said here too)
DECISION_KINDS = {"action", "boost", "contribute", "crisis_die", "crisis_mode", "cylon_damage",
                  "cylon_demoralize", "cylon_steal", "give_card", "join", "jump_die",
                  "jump_penalty", "k8_penalty", "reckless", "ordered", "remove_ship", "repair",
                  "reroll", "retrieve", "influence"}


def decision_examples() -> dict[str, object]:
    """One game position per decision kind (and per way a contribute is asked: to a
    check, to an action), found in random games: ``{kind: game}``."""
    found: dict[str, object] = {}
    for seed in range(200):
        g = new_game(Setup(players=3 + seed % 3), seed)
        rng = random.Random(seed)
        while g.outcome is None:
            kind = g.pending.kind
            if kind == "contribute":
                kind += "/check" if g.check is not None else "/action"
            if kind == "action" and g.pending.rule == "A8":
                kind += "/ordered"
            if kind not in found:
                found[kind] = g.copy()
            g.apply(rng.choice(g.pending.options))
        if len(found) == len(DECISION_KINDS) + 2:  # contribute twice, and the ordered action
            break
    return found


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_table_says_every_decision_as_specifically_as_the_deciders_phone(lang) -> None:  # type: ignore[no-untyped-def]
    """The table page's NOW sentence names what is decided for every kind: for a public
    kind it is the decider's own sentence, figures and all; for a private one the same
    sentence where its figures are public (a check's total, the action), and for the
    jump die, whose values only the Admiral saw, a sentence without them. What is at
    stake comes as a field of its own, the phone's very words."""
    from bsg_desktop.i18n import speaking, tr
    from bsg_desktop.present.words import decision_parts, player_name

    examples = decision_examples()
    assert {k.split("/")[0] for k in examples} == DECISION_KINDS
    assert {"contribute/check", "contribute/action", "action/ordered"} <= set(examples)
    for kind, g in examples.items():
        d = g.pending  # type: ignore[attr-defined]
        comp, public = g.c, g.view(None)  # type: ignore[attr-defined]
        frame = table_state(comp, public, [], lang, decision=d)
        said = frame["sentence"]
        with speaking(lang):
            phone = decision_parts(comp, g.view(d.seat))  # type: ignore[attr-defined]
            who = player_name(comp, public, d.seat)
            bare = tr("ui.decision.other", player=who)
            named = tr(f"ui.check.{public.check.kind}") if kind == "contribute/check" else \
                tr(f"ui.choice.{d.rule.lower()}") if kind == "contribute/action" else ""
        assert said != bare and "{" not in said and said.startswith(who), (kind, said)
        assert named in said, (kind, said)  # "contribute dice" says to what
        assert frame["stakes"] == phone.stakes and phone.stakes not in said, (kind, frame)
        if d.kind == "jump_die":  # the Admiral's roll is the Admiral's alone
            assert said != phone.question and not any(ch.isdigit() for ch in said), said
        else:
            assert said == phone.question, (kind, said, phone)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_five_seat_table_panel_keeps_its_lines_at_the_sofas_size(lang: str) -> None:
    """With five seats and a name at the cap (32 characters), a panel that is the active
    player's, deciding and the Admiral's keeps every line at the table's size, inside
    the panel: "Active player" and the dice line's contributed and spent counts give
    way (the header and the seal show them), "Admiral", "Deciding now", the loyalty
    cards and the dice in hand stay; the panel's tooltip keeps every word."""
    from bsg_desktop.art.shapes import Label
    from bsg_desktop.companion.table import SEAT_WORDS_MM, layout_for
    from bsg_desktop.i18n import tr

    name = "Szentgyörgyvölgyi Erzsébet Annaa"
    g = new_game(Setup(players=5, names=(name,)), 7)
    view = g.view(None)
    lay = layout_for(g.c, 5, lang, tuple(sv.character for sv in view.seats))
    sv = view.seats[0]._replace(admiral=True, name=name)
    drawing, words = lay.seat_panel_for(sv, deciding=True, active=True, words_mm=SEAT_WORDS_MM)
    labels = [it for it in drawing.items if isinstance(it, Label)]
    said = [lb.text for lb in labels]
    assert min(lb.size_mm for lb in labels) >= SEAT_WORDS_MM
    assert all(lb.y + 0.25 * lb.size_mm <= drawing.height - 1.5 for lb in labels), said
    assert said[0].endswith("…") and name.startswith(said[0][:-1])
    assert said[1:] == [tr("ui.seat.admiral", lang), tr("ui.seat.deciding", lang),
                        tr("ui.seat.loyalty", lang, n=sv.loyalty_count),
                        tr("ui.seat.dice_active", lang, active=sv.count("active"))]
    assert tr("ui.seat.turn", lang) in words and name in words


def _contrast(fg: str, bg: str) -> float:
    """WCAG's contrast ratio of two #rrggbb colours."""
    def lum(c: str) -> float:
        ch = [int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a9_a_revealed_cylons_panel_reads_across_a_room(lang: str) -> None:
    """A9: a revealed Cylon's seat says so (and holds no Admiral title, I4). Deciding,
    the active player and named at the cap, its panel with five seats had shrunk its
    type to about 18 px at 1080p, and its "Revealed Cylon" was dark red on the dark
    panel. Every line now keeps the table's
    size (the loyalty count gives way: the panel says what the cards made it) and the
    red reads at 4.5:1 or more."""
    from bsg_desktop.art.shapes import Label, Rect
    from bsg_desktop.companion.table import SEAT_WORDS_MM, layout_for
    from bsg_desktop.i18n import tr

    name = "Szentgyörgyvölgyi Erzsébet Annaa"
    g = new_game(Setup(players=5, names=(name,)), 7)
    view = g.view(None)
    lay = layout_for(g.c, 5, lang, tuple(sv.character for sv in view.seats))
    sv = view.seats[0]._replace(revealed=True, admiral=False, name=name)
    drawing, words = lay.seat_panel_for(sv, deciding=True, active=True, words_mm=SEAT_WORDS_MM)
    labels = [it for it in drawing.items if isinstance(it, Label)]
    said = [lb.text for lb in labels]
    assert min(lb.size_mm for lb in labels) >= SEAT_WORDS_MM, said
    assert all(lb.y + 0.25 * lb.size_mm <= drawing.height - 1.5 for lb in labels), said
    revealed = tr("ui.seat.revealed", lang)
    assert " ".join(said).count(revealed.split()[0]) == 1  # said once, perhaps wrapped
    assert tr("ui.seat.deciding", lang) in said
    assert tr("ui.seat.loyalty", lang, n=sv.loyalty_count) in words  # in its tooltip
    panel = next(it for it in drawing.items if isinstance(it, Rect)).style.fill
    red = next(lb.style.fill for lb in labels if revealed.startswith(lb.text.rstrip("-")))
    assert _contrast(red, panel) >= 4.5, (red, panel)
