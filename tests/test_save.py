"""Saves: round trip through a file, and clear SaveErrors for broken files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

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
