"""A long evening in one process stays bounded (session 15; tools/bench_soak.py measures it).

Fast, deterministic checks that what a game leaves behind goes: the caches of drawn things stay within
their bounds whatever passes through them, and a finished table, its session and its results are
collected once the player has left them. Speed and memory figures belong to the benchmark.
"""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest

from game.ui.look.cache import SurfaceLRU, caches, surface_bytes
from game.ui.sprites import TransformCache
from game.ui.tween import MOTION
from ui_helpers import make_app


def faces(count: int, size: tuple[int, int] = (256, 256)) -> list[pygame.Surface]:
    """Distinct card-sized sources, each a different colour."""
    out = []
    for index in range(count):
        face = pygame.Surface(size, pygame.SRCALPHA)
        face.fill((index * 5 % 256, 80, 120, 255))
        out.append(face)
    return out


def test_the_sources_a_cache_keeps_alive_count_against_its_budget():
    """A cache of small turned copies kept every card face they were made from alive, uncounted: 40
    faces of 256 KB behind a 1 MB cache of 256-byte copies. Now a kept face counts once in `used`,
    so the cache lets go of all but the few its budget holds."""
    cache = SurfaceLRU("soak test: copies", 1024 * 1024)
    sources = faces(40)
    alive = [weakref.ref(face) for face in sources]
    for index, face in enumerate(sources):
        cache.put(("copy", index), pygame.Surface((8, 8)), keep=face)
    del sources, face
    gc.collect()
    still = sum(ref() is not None for ref in alive)
    assert still <= 1024 * 1024 // (256 * 256 * 4), still
    assert cache.kept_count == still
    assert cache.used <= cache.budget
    assert cache.used == len(cache) * surface_bytes(pygame.Surface((8, 8))) + still * 256 * 256 * 4


def test_a_source_kept_by_several_copies_counts_once_and_until_the_last_goes():
    """One face turned to many angles is one face: its pixels count once, and stop counting only when
    the last copy made from it is dropped."""
    cache = SurfaceLRU("soak test: angles", 10 * 1024 * 1024, max_items=4)
    face = faces(1)[0]
    copy_bytes = surface_bytes(pygame.Surface((10, 10)))
    for angle in range(4):
        cache.put(("turned", angle), pygame.Surface((10, 10)), keep=face)
    assert cache.used == 4 * copy_bytes + surface_bytes(face)
    other = faces(1)[0]
    for angle in range(4):
        cache.put(("other", angle), pygame.Surface((10, 10)), keep=other)
    assert cache.kept_count == 1
    assert cache.used == 4 * copy_bytes + surface_bytes(other)
    cache.put(("other", 0), pygame.Surface((10, 10)), keep=other)  # the same entry drawn again
    assert cache.used == 4 * copy_bytes + surface_bytes(other)
    cache.clear()
    assert cache.used == 0 and cache.kept_count == 0


def test_turned_card_copies_do_not_hold_on_to_every_face_they_were_made_from():
    """sprites.TransformCache keeps the face of each turned copy (its id is in the key); a long
    Labyrinth game draws hundreds of faces. The faces held stay within the copies' budget."""
    transforms = TransformCache(budget_bytes=2 * 1024 * 1024, passing_bytes=512 * 1024)
    sources = faces(60, (180, 252))
    alive = [weakref.ref(face) for face in sources]
    for face in sources:
        transforms.get(face, 6.0, 0.5)  # a fanned card at half size
        transforms.get(face, 0.0, 0.8, 0.5)  # mid-flip
    del sources, face
    gc.collect()
    still = sum(ref() is not None for ref in alive)
    assert still * 180 * 252 * 4 <= 2 * 1024 * 1024 + 512 * 1024, still
    assert transforms.steady.used <= transforms.steady.budget
    assert transforms.passing.used <= transforms.passing.budget


def test_a_cache_made_for_one_object_goes_with_it():
    """The registry of caches (for release_all and the benchmark) held every cache ever made: one
    made per table or per sheet would live, pixels and all, until the program ends."""
    cache = SurfaceLRU("soak test: one table's", 1024 * 1024)
    cache.put("felt", pygame.Surface((64, 64)))
    gone = weakref.ref(cache)
    assert cache in caches()
    del cache
    gc.collect()
    assert gone() is None
    assert all(c.name != "soak test: one table's" for c in caches())


@pytest.fixture
def app(data_dir):
    application = make_app((1280, 720))
    yield application
    application.shutdown()
    MOTION.speed, MOTION.reduced = 1.0, False


def leave_to_title(app) -> None:
    from game.ui.title import TitleScene

    app.clear_to(TitleScene(app))
    app.run_frames(5)


@pytest.mark.parametrize("game, seats", [("lost-cities", 2), ("lost-in-time", 4), ("time-after-time", 3),
                                         ("labyrinth", 1)])
def test_a_table_left_through_its_pause_menu_is_collected(app, game, seats):
    """A table played a little, its pause menu and rules opened, then left for the title: nothing the
    App keeps (its scenes, toasts, input, music, the caches) holds the table or its session after."""
    import main
    from game.ui.pause import PauseOverlay

    table = main.build_scene(app, "table", game, seats, seed=5)
    app.clear_to(table)
    app.run_frames(40)
    app.push(PauseOverlay(app, game))
    app.run_frames(15)
    table_gone, session_gone = weakref.ref(table), weakref.ref(table.session)
    del table
    leave_to_title(app)
    gc.collect()
    assert table_gone() is None, gc.get_referrers(table_gone())
    assert session_gone() is None


def test_a_finished_table_and_its_results_are_collected_after_back_to_title(app):
    """The results screen holds the finished table's picture and outcome; Back to title lets both go."""
    import main
    from game.ui.results import ResultsScene

    table = main.build_scene(app, "results", "time-after-time", 3, seed=5)
    app.clear_to(table)
    for _ in range(600):
        app.step(1 / 30)
        if isinstance(app.scenes.top, ResultsScene):
            break
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    gone = [weakref.ref(table), weakref.ref(table.session), weakref.ref(results)]
    del table, results
    leave_to_title(app)
    gc.collect()
    assert [ref() is None for ref in gone] == [True, True, True]


def test_a_closed_table_empties_its_caches_but_not_the_shared_looks():
    """release_all (a table closed) frees the table's faces and turned copies; a cache of the menus'
    looks (released_with_tables off: the art scaled for them) stays, bounded by its bytes, so the
    title is not drawn anew from scratch."""
    from game.ui.look.cache import release_all

    table_faces = SurfaceLRU("soak test: a table's faces", 1024 * 1024)
    table_faces.put("face", pygame.Surface((20, 20)))
    shared = SurfaceLRU("soak test: shared art", 1024 * 1024, released_with_tables=False)
    kept = shared.get_or_build("felt", lambda: pygame.Surface((64, 36)))
    release_all()
    assert len(table_faces) == 0
    assert shared.get_or_build("felt", lambda: pygame.Surface((64, 36))) is kept


def test_art_scaled_to_many_sizes_stays_within_its_budget(data_dir):
    """Assets.image_scaled kept every size ever asked for in a dict (the seat setup's art follows its
    layout, the title's logo the window): now the copies are bounded by bytes, and the same size still
    gives the same surface."""
    from game.ui.assets import SCALED_ART_BYTES, Assets
    from game.ui.settings import Settings

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    assets = Assets(Settings())
    first = assets.image_scaled("tiles/lost-cities", (300, 200))
    assert first is not None and first.get_size() == (300, 200)
    assert assets.image_scaled("tiles/lost-cities", (300, 200)) is first
    for height in range(150, 400, 2):
        assets.image_scaled("tiles/lost-cities", (round(height * 1.6), height))
    assert assets._scaled.used <= SCALED_ART_BYTES
    assert assets.image_scaled("tiles/no-such-art", (100, 100)) is None
    base = assets.image("tiles/lost-cities")
    assert base is not None and assets.image_scaled("tiles/lost-cities", base.get_size()) is base
