"""Sound effects that fail soft: no audio device means a silent game and one log line.

The sounds are small WAVs made by ``python -m game.tools.sounds`` from our own synthesis code.
Every call here is safe to make whatever happened at start-up; volume and mute come from the
settings.
"""

from __future__ import annotations

import logging

import pygame

from game.resources import asset_path

log = logging.getLogger(__name__)

NAMES = ("flick", "slide", "shuffle", "sweep", "chime")


class Audio:
    def __init__(self, volume: float = 0.7, muted: bool = False, enabled: bool = True) -> None:
        self.volume = volume
        self.muted = muted
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.ok = False
        self.played: list[str] = []  # the last few sounds asked for (tests look at it)
        if not enabled:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
            self.ok = True
        except (pygame.error, NotImplementedError) as exc:
            log.warning("no audio device (%s): the game is silent", exc)
            return
        for name in NAMES:
            path = asset_path("sounds", f"{name}.wav")
            try:
                self.sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError, OSError):
                log.info("sound %s missing (%s)", name, path)

    def set_volume(self, volume: float, muted: bool) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted

    def play(self, name: str, volume: float = 1.0) -> None:
        self.played = [*self.played[-19:], name]
        if not self.ok or self.muted or self.volume <= 0:
            return
        snd = self.sounds.get(name)
        if snd is None:
            return
        try:
            ch = snd.play()
            if ch is not None:
                ch.set_volume(self.volume * volume)
        except pygame.error as exc:  # a device lost mid-game
            log.warning("sound failed (%s); muting", exc)
            self.ok = False
