"""A copied game shares nothing that can change, whatever fields the game has."""

from __future__ import annotations

import dataclasses
from collections import deque

import pytest

from bsg_desktop.engine import Setup, new_game
from bsg_desktop.engine.copies import copied
from bsg_desktop.engine.machine import Machine


def _mid_game(seed: int = 3) -> Machine:
    g = new_game(Setup(players=4), seed)
    for _ in range(40):
        if g.pending is None:
            break
        g.apply(g.pending.options[0])
    assert g.outcome is None and g.pending is not None
    return g


def test_a_new_list_field_is_not_shared() -> None:
    g = _mid_game()
    g.some_new_pile = ["a", "b"]  # type: ignore[attr-defined]
    h = g.copy()
    h.some_new_pile.append("c")  # type: ignore[attr-defined]
    assert g.some_new_pile == ["a", "b"]  # type: ignore[attr-defined]


def test_no_mutable_value_is_shared_between_a_game_and_its_copy() -> None:
    g = _mid_game()
    h = g.copy()
    for name, value in vars(g).items():
        if name in Machine.SHARED:
            continue
        other = vars(h)[name]
        frozen = dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen
        if isinstance(value, (list, dict, set, deque)) or (
                hasattr(value, "__slots__") and not frozen and not isinstance(value, tuple)):
            assert other is not value, name
    for p, q in zip(g.players, h.players, strict=True):
        assert p is not q and p.loyalty is not q.loyalty and p.dice[0] is not q.dice[0]
    for t, u in zip(g.stack, h.stack, strict=True):
        assert t is not u and type(t) is type(u)


def test_a_copy_plays_on_exactly_as_the_original() -> None:
    g = _mid_game(5)
    h = g.copy()
    while g.outcome is None and not g.stalled:
        assert g.pending == h.pending
        g.apply(g.pending.options[0])
        h.apply(h.pending.options[0])
    assert g.outcome == h.outcome and g.events == h.events


def test_a_field_of_unknown_kind_is_refused_rather_than_shared() -> None:
    class Opaque:
        pass

    with pytest.raises(TypeError, match="Opaque"):
        copied(Opaque())
