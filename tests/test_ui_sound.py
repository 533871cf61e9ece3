"""Sound for the public moments: the shipped WAVs are what the code makes, short and
all the same length; only public events make a sound, the same whoever's turn it is
and whoever is at the screen; Settings -> Sound silences it and is remembered; with
no way to play sound the entry is greyed out with a tooltip saying how to get it,
and nothing else changes. A fake backend records what the window asked to play, so
no audio device is needed."""

from __future__ import annotations

import io
import random
import wave
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from loops import bounded
from PySide6 import __version__ as PYSIDE_VERSION  # noqa: E402

from bsg_desktop import sounds  # noqa: E402
from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language, tr  # noqa: E402
from bsg_desktop.present.moments import MOMENT_OF, sound_for  # noqa: E402
from bsg_desktop.present.pace import PACES, read_ms  # noqa: E402
from bsg_desktop.present.rolls import forced_rolls  # noqa: E402
from bsg_desktop.teach import DEMO_DIR  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402
from bsg_desktop.ui.moments import COLOURS  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.sound import (  # noqa: E402
    SoundPlayer,
    SoundUnavailable,
    qt_multimedia_installed,
    sound_file,
)
from bsg_desktop.ui.window import MainWindow  # noqa: E402


class FakeBackend:
    """Plays nothing; remembers what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, kind: str) -> None:
        self.played.append(kind)


@pytest.fixture
def make(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    made: list[MainWindow] = []

    def build(player: SoundPlayer | None = None, settings: str = "s.ini") -> MainWindow:
        if player is None:
            fake = FakeBackend()
            player = SoundPlayer(load=lambda: fake, installed=True)
        w = MainWindow(settings=Settings(tmp_path / settings), autosave_path=None,
                       bot_delay_ms=0, animate=True, sound=player)
        qtbot.addWidget(w)
        w.resize(1280, 720)
        made.append(w)
        return w

    yield build
    set_language("en")
    for w in made:
        w.controller.stop()


def played(win: MainWindow) -> list[str]:
    return win.sound.backend.played if win.sound.backend is not None else []  # type: ignore


def test_shipped_sounds_are_what_the_code_makes() -> None:
    """The WAVs in assets/sounds were written by an earlier run of the same code: this
    run makes them byte for byte again (``python3 -m bsg_desktop.sounds`` rewrites them)."""
    assert set(sounds.KINDS) == set(MOMENT_OF.values()) | {"roll"} == set(COLOURS)
    # within the shortest banner: a one-word headline at the fastest pace
    assert sounds.SOUND_MS <= min(read_ms("Jump", "", pace) for pace in PACES)
    made = {}
    for kind in sounds.KINDS:
        data = sounds.wav_bytes(kind)
        assert sound_file(kind).read_bytes() == data, f"{kind}.wav is stale"
        assert len(data) < 32_000
        with wave.open(io.BytesIO(data)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == \
                (1, 2, sounds.RATE)
            # every sound exactly as long as every other: its length tells nothing
            assert w.getnframes() == sounds.FRAMES
            frames = w.readframes(w.getnframes())
        values = [int.from_bytes(frames[i:i + 2], "little", signed=True)
                  for i in range(0, len(frames), 2)]
        peak = max(abs(v) for v in values) / 32767
        assert 0.45 < peak <= sounds.PEAK + 1e-4  # heard, and never clipping
        assert abs(values[0]) < 400 and abs(values[-1]) < 400  # no click at either end
        made[kind] = data
    assert len(set(made.values())) == len(made)  # each moment its own sound


def test_only_public_events_sound_the_same_for_every_seat_and_screen(make):  # type: ignore[no-untyped-def]
    """A game with one player and three computer players, the screen unlocked for the
    player: each applied choice makes the sound of its public moment or none. Then
    the same choices at an all-human table whose screen is never unlocked: the very
    same sounds, so a sound tells nothing about who decided or who is watching."""
    win = make()
    c = win.controller
    win.start_game(Setup(players=4), 5, [HUMAN] + [COMPUTER] * 3)
    rng = random.Random(3)
    batches: list[list] = []
    c.events_applied.connect(lambda ev: batches.append(list(ev)))
    log: list[list[str]] = []
    bot_rolls = 0  # a computer player's die put in by the game sounds like a person's
    for _ in bounded():  # type: ignore[union-attr]
        if c.game.outcome is not None:
            break
        by_bot = c.pending_seat in c.bots
        seat = c.pending_seat
        assert seat is not None
        before = len(played(win)), len(batches)
        if by_bot:
            c.play_bots_now(limit=1)
        else:
            c.unlock()
            c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
        assert len(batches) == before[1] + 1
        events = batches[-1]
        now = played(win)[before[0]:]
        public = [e for e in events if e.to is None]
        big = [MOMENT_OF[e.kind] for e in public if e.kind in MOMENT_OF]
        choice = c.last_choice
        assert choice is not None
        forced = forced_rolls(seat, choice, events)
        assert forced == c.forced
        if big:
            assert len(now) == 1 and now[0] in big
        elif forced:
            assert now == ["roll"]
        else:
            assert now == []
        # nothing hidden plays a part: the public events alone give the same sound
        assert forced == forced_rolls(seat, choice, public)
        assert sound_for(events, forced) == sound_for(public, forced)
        bot_rolls += now == ["roll"] and by_bot
        log.append(now)
    heard = list(played(win))
    assert {"end", "roll", "failed"} <= set(heard) and bot_rolls > 0
    assert heard.count("end") == 1 and heard[-1] == "end"

    choices = list(c.game.choices)  # type: ignore[union-attr]
    win.start_game(Setup(players=4), 5, [HUMAN] * 4)
    start = len(played(win))
    for ch in choices:
        c.choose(ch)
    assert c.unlocked is None
    assert played(win)[start:] == heard


def test_settings_switch_silences_sound_and_is_remembered(make):  # type: ignore[no-untyped-def]
    win = make()
    assert win.act_sound.isEnabled() and win.act_sound.isChecked()  # on by default
    win.start_game(Setup(players=4), 5)
    c = win.controller
    rng = random.Random(3)
    for _ in bounded():
        if played(win):
            break
        c.unlock()
        c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
    win.act_sound.trigger()
    assert not win.settings.sound()
    n = len(played(win))
    silenced = 0
    for _ in bounded():
        if silenced >= 3:
            break
        c.unlock()
        events = c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
        silenced += sound_for(events, c.forced) is not None
    assert len(played(win)) == n
    again = make()  # the same settings file: the choice was kept
    assert again.act_sound.isEnabled() and not again.act_sound.isChecked()
    again.act_sound.trigger()
    assert again.settings.sound() and again.sound.backend is not None


def test_without_a_backend_the_entry_is_greyed_out_with_how_to_get_sound(make):  # type: ignore[no-untyped-def]
    tried: list[int] = []
    win = make(SoundPlayer(load=lambda: tried.append(1), installed=False))  # type: ignore
    a = win.act_sound
    win.menu_settings.aboutToShow.emit()  # opening Settings tries nothing more
    assert not a.isEnabled() and not a.isChecked()
    assert win.settings.sound()  # the player's choice is kept for a machine with sound
    assert a in win.menu_settings.actions() and win.menu_settings.toolTipsVisible()
    assert a.toolTip() == tr("ui.sound.missing", version=PYSIDE_VERSION)
    assert ".[sound]" in a.toolTip() and f"PySide6-Addons {PYSIDE_VERSION}" in a.toolTip()
    win.set_language("hu")
    assert a.text() == "&Hangok" and "hangkiegészítővel" in a.toolTip()
    assert PYSIDE_VERSION in a.toolTip()
    win.set_language("en")
    win.start_game(Setup(players=4), 5)
    c = win.controller
    rng = random.Random(3)
    for _ in bounded():
        if win.moment.shown_count >= 3:
            break
        c.unlock()
        c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
    assert not tried  # the moments played, silently


@pytest.mark.parametrize("failure, problem", [
    (SoundUnavailable("no_output"), "no_output"),
    (OSError("PulseAudio went away"), "broken"),
])
def test_a_backend_that_cannot_start_greys_the_entry_out(make, qtbot, failure, problem):  # type: ignore[no-untyped-def]
    def load():  # type: ignore[no-untyped-def]
        raise failure

    win = make(SoundPlayer(load=load, installed=True))
    # found, not yet started: the first frame waits for nothing
    assert win.act_sound.isEnabled() and win.sound.backend is None
    win.menu_settings.aboutToShow.emit()  # opening Settings finds out
    assert not win.act_sound.isEnabled()
    assert win.sound.problem == problem and not win.act_sound.isChecked()
    assert win.act_sound.toolTip() == tr(f"ui.sound.{problem}", error=win.sound.error)
    if problem == "broken":
        assert "PulseAudio went away" in win.act_sound.toolTip()
    win.sound.play("jump")  # asked anyway: nothing happens, nothing breaks


def test_this_machines_default_backend_says_what_it_lacks(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    if qt_multimedia_installed():
        pytest.skip("Qt Multimedia is installed here")
    player = SoundPlayer()
    assert player.problem == "missing" and not player.prepare()
    monkeypatch.setattr("sys.frozen", True, raising=False)  # the one-file build
    assert SoundPlayer().problem == "frozen"
    assert "one-file" in tr("ui.sound.frozen") and "egyfájlos" in tr("ui.sound.frozen", "hu")


def test_lessons_make_no_sound(make):  # type: ignore[no-untyped-def]
    """A lesson open in front of the game: no sound, as no moment; closed, they return."""
    win = make()
    c = win.controller
    jump = None
    for seed in range(5, 25):  # games until the fleet jumps in one
        win.start_game(Setup(players=4), seed)
        rng = random.Random(seed - 2)
        for _ in bounded():
            if jump is not None or c.game.outcome is not None:  # type: ignore[union-attr]
                break
            c.unlock()
            events = c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
            jump = next((e for e in events if e.kind == "fleet_jumped" and e.to is None), None)
        if jump is not None:
            break
    assert played(win)[-1] == "jump"
    n = len(played(win))
    assert win.open_demo(DEMO_DIR / "a9_reveal_four_players.yaml")
    for _ in bounded():  # type: ignore[union-attr]
        if win.lesson.at_end:
            break
        win.lesson_forward()
    c.events_applied.emit([jump])  # as if the game behind the lesson had moved
    assert len(played(win)) == n and win.moment.shown_count == n
    win.close_lesson()
    c.events_applied.emit([jump])
    assert played(win)[n:] == ["jump"]


def test_qt_sound_effects_load_the_shipped_files(qtbot):  # type: ignore[no-untyped-def]
    """The real backend, where Qt Multimedia is installed (PySide6-Addons, the sound
    extra; the test extra leaves it out): with no sound output it says so, otherwise
    each moment has its effect on its shipped file, and playing returns at once."""
    pytest.importorskip("PySide6.QtMultimedia")
    from bsg_desktop.ui.sound import QtSoundBackend

    try:
        backend = QtSoundBackend()
    except SoundUnavailable as e:
        assert e.problem == "no_output"
        return
    assert {k: Path(e.source().toLocalFile()) for k, e in backend.effects.items()} == \
        {k: sound_file(k) for k in sounds.KINDS}
    backend.play("jump")
    backend.play("end")
