"""Which public moment makes which sound, and the one way the window plays it.

What makes a sound follows the moments (`bsg_desktop.present.moments`) and their
principle: only public events make one, every sound lasts the same
`bsg_desktop.sounds.SOUND_MS` whoever it is about, and a sound never depends on
anything hidden. `present.moments.sound_for` looks at the public events of one applied
choice and the dice the game put in during it, nothing else, so a human's turn and a
computer player's turn sound the same, whether or not the screen is unlocked for
anyone: the sound of a die the game put in is heard for every seat, although the
"Your roll" banner shows only on that player's own screen. The sounds themselves
are original, made in code (`bsg_desktop.sounds`) and shipped as small WAVs in
assets/sounds/.

Playing needs Qt Multimedia (`QSoundEffect`), which comes with PySide6-Addons, not
with the PySide6-Essentials the program depends on (``pip install ".[sound]"``).
Without it, or without any sound output, `SoundPlayer.problem` says why, the window
disables Settings -> Sound with a tooltip saying so, and nothing else changes.
Playing never waits: `QSoundEffect.play` returns at once, and a new sound cuts off
the one before it, as a new moment does.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from bsg_desktop.resources import shipped
from bsg_desktop.sounds import KINDS

VOLUME = 0.6  # QSoundEffect's volume, on top of the files' own half-scale peak


def sound_file(kind: str) -> Path:
    return shipped("assets/sounds") / f"{kind}.wav"


class Backend(Protocol):
    """Something that plays one of the `KINDS` without waiting for it to end."""

    def play(self, kind: str) -> None: ...


class SoundUnavailable(Exception):
    """Sound cannot play here; ``problem`` names the text saying why (ui.sound.*)."""

    def __init__(self, problem: str, error: str = "") -> None:
        super().__init__(problem, error)
        self.problem = problem
        self.error = error


def qt_multimedia_installed() -> bool:
    """Whether Qt Multimedia is there to import, found without importing it."""
    try:
        return importlib.util.find_spec("PySide6.QtMultimedia") is not None
    except (ImportError, ValueError):
        return False


class QtSoundBackend:
    """One `QSoundEffect` per shipped WAV, loaded when sound is first wanted."""

    def __init__(self) -> None:
        try:
            from PySide6.QtCore import QLoggingCategory, QUrl
            # a machine without PipeWire or VA-API libraries is normal, not worth a warning
            QLoggingCategory.setFilterRules("qt.multimedia.symbolsresolver=false\n"
                                            "qt.multimedia.ffmpeg.info=false")
            from PySide6.QtMultimedia import QMediaDevices, QSoundEffect
        except ImportError as e:
            raise SoundUnavailable("missing", str(e)) from e
        if not QMediaDevices.audioOutputs():
            raise SoundUnavailable("no_output")
        self.effects = {}
        for kind in KINDS:
            path = sound_file(kind)
            if not path.is_file():
                raise SoundUnavailable("broken", str(path))
            effect = QSoundEffect()
            effect.setSource(QUrl.fromLocalFile(str(path)))
            effect.setVolume(VOLUME)
            self.effects[kind] = effect

    def play(self, kind: str) -> None:
        for effect in self.effects.values():
            if effect.isPlaying():
                effect.stop()
        self.effects[kind].play()


class SoundPlayer:
    """The window's one door to sound: `play(kind)`, or `problem` saying why not.

    The backend is made on first need (`prepare`), never before the first frame;
    `installed` (found out cheaply by default) says beforehand whether to try at all.
    """

    def __init__(self, load: Callable[[], Backend] = QtSoundBackend,
                 installed: bool | None = None) -> None:
        self._load = load
        self.backend: Backend | None = None
        self.problem: str | None = None
        self.error = ""
        if not (qt_multimedia_installed() if installed is None else installed):
            # the one-file build carries only the Qt parts it imports, Multimedia not
            self.problem = "frozen" if getattr(sys, "frozen", False) else "missing"

    def prepare(self) -> bool:
        """Make the backend now if not made yet; False if sound cannot play here."""
        if self.backend is None and self.problem is None:
            try:
                self.backend = self._load()
            except SoundUnavailable as e:
                self.problem, self.error = e.problem, e.error
            except (OSError, RuntimeError) as e:  # the audio system itself failed
                self.problem, self.error = "broken", str(e)
        return self.backend is not None

    def play(self, kind: str) -> None:
        if kind in KINDS and self.prepare():
            self.backend.play(kind)  # type: ignore[union-attr]
