"""Saves: round trip through a file, and clear SaveErrors for broken files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from loops import bounded

from bsg_desktop.engine import Setup, new_game
from bsg_desktop.engine.save import from_json, load_game, save_game, to_json
from bsg_desktop.errors import SaveError


def played(steps: int = 60, seed: int = 5) -> object:
    g = new_game(Setup(players=4), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.outcome is not None:
            break
        g.apply(g.pending.options[rng.randrange(len(g.pending.options))])
    return g


def saved(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    save_game(played(), path)
    return path


def message(path: Path) -> str:
    with pytest.raises(SaveError) as info:
        load_game(path)
    text = str(info.value)
    assert "\n" not in text and str(path) in text
    return text


def test_save_and_load_file(tmp_path: Path) -> None:
    g = played()
    path = tmp_path / "game.json"
    save_game(g, path)
    h = load_game(path)
    assert h.events == g.events and h.pending == g.pending and h.choices == g.choices
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "bsg-express-save" and data["version"] == 1
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic write left no temp file


def test_truncated(tmp_path: Path) -> None:
    path = saved(tmp_path)
    path.write_text(path.read_text(encoding="utf-8")[:150], encoding="utf-8")
    assert "damaged or truncated" in message(path)


def test_corrupted_bytes(tmp_path: Path) -> None:
    path = saved(tmp_path)
    path.write_bytes(b"\xff\xfe\x00garbage\x81")
    text = message(path)
    assert "not a BSG: Express saved game" in text and "Unicode" not in text


def test_binary_file_without_nul_bytes_is_not_a_save(tmp_path: Path) -> None:
    path = tmp_path / "photo.json"
    path.write_bytes(bytes(range(128, 256)) * 4)
    text = message(path)
    assert "not a BSG: Express saved game" in text and "Unicode" not in text


def test_not_a_save(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"hello": "world"}', encoding="utf-8")
    assert "not a BSG: Express saved game" in message(path)


def test_missing_file(tmp_path: Path) -> None:
    assert "no such file" in message(tmp_path / "gone.json")


def edit(tmp_path: Path, change: object) -> Path:
    path = saved(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_hand_edited_illegal_choice(tmp_path: Path) -> None:
    def change(d: dict) -> None:
        d["choices"][3] = "a9:cylon_one" if d["choices"][3] != "a9:cylon_one" else "skip"

    text = message(edit(tmp_path, change))
    assert "do not replay" in text and "choice 4" in text


def test_hand_edited_wrong_types(tmp_path: Path) -> None:
    def seed(d: dict) -> None:
        d["seed"] = "seven"

    assert "seed must be a whole number" in message(edit(tmp_path, seed))
    sub = tmp_path / "b"
    sub.mkdir()

    def players(d: dict) -> None:
        d["setup"]["players"] = 9

    assert "3, 4 or 5" in message(edit(sub, players))


def test_future_version(tmp_path: Path) -> None:
    def change(d: dict) -> None:
        d["version"] = 99

    assert "unsupported version" in message(edit(tmp_path, change))


def test_bad_override_is_a_save_error() -> None:
    g = new_game(Setup(players=4), 1)
    data = to_json(g)
    data["overrides"] = {"dradis_monitor": ["ship"] * 15}
    with pytest.raises(SaveError, match="14"):
        from_json(data)
    data["overrides"] = {"teleport": True}
    with pytest.raises(SaveError, match="unknown override"):
        from_json(data)


def test_loading_never_executes_anything(tmp_path: Path) -> None:
    path = tmp_path / "evil.json"
    path.write_text('{"format": "bsg-express-save", "version": 1, "seed": 1, '
                    '"setup": {"players": 4}, "choices": ["__import__(\'os\')"]}',
                    encoding="utf-8")
    assert "not a choice" in message(path) or "do not replay" in message(path)


def _played_with_undos(seed: int) -> object:
    """A game played as the window plays it (undo kept), taking back every step it may
    and often taking the same step again and again, or another one, before keeping one."""
    rng = random.Random(seed)
    g = new_game(Setup(players=rng.choice((3, 4, 5))), seed)
    g.keep_undo = True
    for _ in range(400):
        if g.outcome is not None or g.stalled:
            break
        seat = g.pending.seat  # type: ignore[union-attr]
        g.apply(rng.choice(g.legal_choices()))
        if g.undoable(seat) and rng.random() < 0.7:
            g.undo(seat)
            for _again in range(rng.randrange(4)):
                g.apply(rng.choice(g.legal_choices()[:2]))
                if not g.undoable(seat):
                    break
                g.undo(seat)
    return g


@pytest.mark.parametrize("seed", range(8))
def test_a_save_with_undos_replays_to_the_game_as_it_was_played(seed: int) -> None:
    from bsg_desktop.engine import replay
    from bsg_desktop.engine.undo import UNDO, hidden_facts

    g = _played_with_undos(seed)
    assert UNDO in g.choices  # type: ignore[attr-defined]
    again = replay(g.setup, g.seed, g.choices)  # type: ignore[attr-defined]
    assert again.choices == g.choices  # type: ignore[attr-defined]
    assert again.events == g.events  # type: ignore[attr-defined]
    assert hidden_facts(again) == hidden_facts(g)  # type: ignore[arg-type]
    assert again.pending == g.pending and again.outcome == g.outcome  # type: ignore[attr-defined]


def test_a_save_of_one_step_and_its_undo_many_times_loads_with_each_one_recorded(
        tmp_path: Path) -> None:
    """23 choices, then a step taken back 5,000 times (benchmarks/fuzz.py times 49,000)."""
    from bsg_desktop.engine.undo import UNDO

    g = new_game(Setup(players=4), 1)
    g.keep_undo = True
    for _ in bounded():
        if "retrieve:strong" in {str(c) for c in g.legal_choices()}:
            break
        assert len(g.choices) < 200  # the first turn's retrieve comes within a few steps
        g.apply(g.legal_choices()[0])
    seat = g.pending.seat  # type: ignore[union-attr]
    g.apply("retrieve:strong")
    assert g.undoable(seat)
    g.undo(seat)
    data = to_json(g)
    data["choices"] = [*data["choices"][:-2], *["retrieve:strong", "undo"] * 5000]
    path = tmp_path / "undos.bsgx.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_game(path)
    assert loaded.choices.count(UNDO) == 5000
    assert sum(e.kind == "decision_taken_back" for e in loaded.events) == 5000
    assert str(loaded.legal_choices()) == str(g.legal_choices())
