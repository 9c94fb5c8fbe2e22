"""The title's attract mode: bots play a real game beside the menu, or cards are dealt when a
game is missing; drawing it never changes it."""

from __future__ import annotations

import pygame

from game.ui.title import AttractDeal, AttractGame, make_attract
from ui_helpers import make_app

STEP = 1 / 120


def test_attract_bots_play_a_whole_round_and_start_again():
    make_app()
    attract = AttractGame(seed=3)
    attract.MOVE_SECONDS = 0.0  # one move per step
    engine = attract.engine
    moves = 0
    while not engine.is_over(attract.state):
        attract.update(STEP)
        moves += 1
        assert moves < 2000, "the attract game did not end"
    assert engine.result(attract.state) is not None
    hand_cards = [c for c, s in attract.sprites.items() if s.z >= 200]
    assert len(hand_cards) == 16  # both hands face up on the table
    for _ in range(int(5.5 / STEP)):
        attract.update(STEP)
    assert attract.seed == 4 and not engine.is_over(attract.state)  # a fresh game after the end


def test_attract_drawing_does_not_change_it():
    make_app()
    attract = AttractGame(seed=5)
    for _ in range(200):
        attract.update(STEP)
    before = (engine_hash := attract.engine.state_hash(attract.state),
              {k: (s.pos.current, s.face_up) for k, s in attract.sprites.items()})
    canvas = pygame.Surface((1920, 1080))
    for alpha in (0.0, 0.5, 1.0):
        attract.draw(canvas, alpha)
    after = (attract.engine.state_hash(attract.state), {k: (s.pos.current, s.face_up) for k, s in attract.sprites.items()})
    assert before == after and engine_hash


def test_attract_falls_back_to_a_deal_without_the_game(monkeypatch):
    import game.core.registry as registry

    make_app()

    def missing(game_id):
        raise registry.UnknownGame(f"{game_id} is coming soon")

    monkeypatch.setattr(registry, "find_game", missing)
    attract = make_attract()
    assert isinstance(attract, AttractDeal)
    for _ in range(int(2.5 / STEP)):
        attract.update(STEP)
    assert all(card.face_up for card in attract.cards)  # dealt and turned


def test_the_tables_are_imported_in_the_background_so_the_picker_opens_at_once():
    """The picker's first frame imported the four table modules (70-200 ms on a click): a windowed
    title imports them on a background thread; a picker asking meanwhile still finds every table."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from game.ui.tables import TABLE_MODULES, is_playable, preload_tables\n"
        "assert not any(m in sys.modules for m in TABLE_MODULES.values())\n"
        "thread = preload_tables()\n"
        "assert preload_tables() is thread\n"  # once per process
        "assert all(is_playable(g) for g in TABLE_MODULES)\n"  # asked while it imports: waits, finds
        "thread.join(30)\n"
        "assert all(m in sys.modules for m in TABLE_MODULES.values())\n"
        "print('ok')\n"
    )
    env = {**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
