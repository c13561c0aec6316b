"""A Qwirkle's celebration over the board: a burst of colour with the word, and optionally a
chime (Web Audio, made on the spot: no sound file to fetch). None under
``prefers-reduced-motion`` or when the player turned celebrations off; the sound only when they
turned it on. Screen readers hear the Qwirkle in the move's announcement either way. It belongs to its move: the
next move, or another game, ends it (with ``pace=0`` moves come faster than it fades, and a Qwirkle made moves
earlier stood over the board at the end of the game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..web.dom import by_id, set_text

CHIME = (523.25, 659.25, 783.99, 1046.5)  # C major arpeggio, in Hz
STEP = 0.09  # seconds between notes
SHOWN_MS = 1800  # how long the burst stays (its CSS animation is shorter)


class Celebration:
    def __init__(self, settings: Callable[[], dict[str, str]]) -> None:
        self.settings = settings
        self.overlay = by_id("celebration")
        self.audio: Any = None
        self._timer: Any = None

    def enabled(self) -> bool:
        from pyscript import window

        reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        return not reduced and self.settings().get("celebrate", "on") == "on"

    def qwirkle(self, word: str) -> None:
        """Show ``word`` ("Qwirkle!", "Qwirkle Flex !") bursting over the board."""
        if self.enabled():
            self._show(word)
        if self.settings().get("sound") == "on":
            self._chime()

    def _show(self, word: str) -> None:
        from pyodide.ffi import create_once_callable
        from pyscript import window

        overlay = self.overlay
        set_text(by_id("celebration-word"), word)
        overlay.hidden = False
        overlay.classList.remove("celebration--on")
        _ = overlay.offsetWidth  # restart the animation: the class comes back after a layout
        overlay.classList.add("celebration--on")
        if self._timer is not None:
            window.clearTimeout(self._timer)
        self._timer = window.setTimeout(create_once_callable(self.stop), SHOWN_MS)

    def stop(self) -> None:
        """End the burst now (it is over, or its move is not the last any more)."""
        if self._timer is not None:
            from pyscript import window

            window.clearTimeout(self._timer)
        self._timer = None
        self.overlay.classList.remove("celebration--on")
        self.overlay.hidden = True

    def _chime(self) -> None:
        from pyscript import window

        try:
            if self.audio is None:
                self.audio = window.AudioContext.new()
            audio = self.audio
            start = float(audio.currentTime)
            for i, frequency in enumerate(CHIME):
                at = start + i * STEP
                tone = audio.createOscillator()
                gain = audio.createGain()
                tone.type = "triangle"
                tone.frequency.value = frequency
                gain.gain.setValueAtTime(0.0001, at)
                gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02)
                gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.4)
                tone.connect(gain)
                gain.connect(audio.destination)
                tone.start(at)
                tone.stop(at + 0.45)
        except Exception:  # noqa: BLE001 - no audio (blocked, unsupported): the burst is enough
            self.audio = None
