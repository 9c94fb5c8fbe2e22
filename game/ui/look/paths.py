"""Where the committed assets live, independent of the working directory."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]
ART_DIR = REPO_ROOT / "art"
FONT_DIR = ART_DIR / "fonts"
SOUND_DIR = REPO_ROOT / "sounds"

GAME_IDS: tuple[str, ...] = ("lost-cities", "lost-in-time", "time-after-time", "labyrinth")
SOUND_NAMES: tuple[str, ...] = (
    "slide", "flip", "place", "shuffle", "deal", "invalid", "chime", "win", "lose", "click",
    "focus", "score", "ghost", "chronos", "page", "steal", "disaster", "knock",
)


def sound_path(name: str) -> Path:
    """`sound_path("flip")` -> `<repo>/sounds/flip.wav`."""
    if name not in SOUND_NAMES:
        raise KeyError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")
    return SOUND_DIR / f"{name}.wav"


def tile_path(game_id: str) -> Path:
    """The 480x300 game-picker tile of a game."""
    return ART_DIR / "tiles" / f"{game_id}.png"


def back_path(game_id: str) -> Path:
    """The 250x350 card back of a game (the same picture `cards_*.card_back` draws)."""
    return ART_DIR / "backs" / f"{game_id}.png"


LOGO_PATH = ART_DIR / "logo.png"
