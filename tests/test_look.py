"""The look kit: sounds, committed art, fonts with licences, and every card face rendering."""

from __future__ import annotations

import array
import wave

import pygame
import pytest

from game.ui.look import cards_labyrinth, cards_lost_cities, cards_lost_in_time, cards_time_after_time, fonts, table
from game.ui.look import palette as P
from game.ui.look.paths import ART_DIR, FONT_DIR, GAME_IDS, LOGO_PATH, SOUND_NAMES, back_path, sound_path, tile_path


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _visible_pixels(surface: pygame.Surface) -> int:
    """Opaque pixels that are not all one colour: a sample over a grid."""
    w, h = surface.get_size()
    colours = set()
    opaque = 0
    for y in range(0, h, max(1, h // 24)):
        for x in range(0, w, max(1, w // 24)):
            c = surface.get_at((x, y))
            if c.a > 0:
                opaque += 1
                colours.add((c.r // 16, c.g // 16, c.b // 16))
    assert len(colours) > 3, "a blank or single-colour picture"
    return opaque


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_is_short_valid_mono_wav_and_not_silent(name):
    path = sound_path(name)
    assert path.exists(), path
    assert path.stat().st_size < 150_000
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 44100)
        frames = wav.readframes(wav.getnframes())
    samples = array.array("h", frames)
    assert 0.01 < len(samples) / 44100 < 1.7
    peak = max(abs(s) for s in samples)
    assert 3000 < peak < 32767  # audible, never clipping
    assert abs(samples[0]) < 600 and abs(samples[-1]) < 600  # faded in and out: no clicks


def test_art_files_load_with_their_sizes():
    assert pygame.image.load(str(LOGO_PATH)).get_size() == (1200, 360)
    for game_id in GAME_IDS:
        tile = pygame.image.load(str(tile_path(game_id)))
        assert tile.get_size() == (480, 300)
        _visible_pixels(tile)
        back = pygame.image.load(str(back_path(game_id)))
        assert back.get_size() == (250, 350)
        _visible_pixels(back)


def test_fonts_load_and_licences_exist():
    for role in fonts.ROLES:
        assert fonts.font(role, 24) is fonts.font(role, 24)
        assert fonts.text_surface("Tabletime 14H00 ×", role, 24, P.IVORY).get_width() > 40
    for name in ("OFL-BebasNeue.txt", "OFL-Inter.txt", "OFL-EBGaramond.txt", "README.md"):
        text = (FONT_DIR / name).read_text()
        assert "Open Font License" in text or "OFL" in text
    assert "SIL OPEN FONT LICENSE" in (FONT_DIR / "OFL-BebasNeue.txt").read_text().upper()
    total = sum(p.stat().st_size for p in FONT_DIR.glob("*.otf"))
    assert total < 1_300_000
    with pytest.raises(KeyError):
        fonts.font("comic", 12)


def test_text_cache_is_shared_and_wrap_respects_width():
    a = fonts.text_surface("hello", "ui", 24, P.IVORY)
    assert fonts.text_surface("hello", "ui", 24, P.IVORY) is a
    text = "Olympia crowns a cook named Koroibos, winner of the only race: one stade.\n\nNew paragraph."
    lines = fonts.wrap(text, "story", 24, 300)
    assert len(lines) >= 4 and "" in lines
    assert all(fonts.font("story", 24).size(line)[0] <= 300 for line in lines)
    assert " ".join(" ".join(lines).split()) == " ".join(text.split())


def test_a_word_wider_than_the_line_breaks_with_a_hyphen_when_asked():
    face = fonts.font("story", 20)
    plain = fonts.wrap("Constantinople falls", "story", 20, 60)
    hyphened = fonts.wrap("Constantinople falls", "story", 20, 60, hyphen=True)
    assert not any(line.endswith("-") for line in plain)
    assert all(line.endswith("-") for line in hyphened[:-2]) and hyphened[-1] == "falls"
    assert "".join(line.rstrip("-") for line in hyphened[:-1]) == "Constantinople"
    assert all(face.size(line)[0] <= 60 for line in plain + hyphened)


def test_a_log_tail_is_the_newest_whole_entries_in_order():
    log = ["Round 1 starts.", "Ann draws a card from the pile and plays it on her timeline at once.", "Ben passes."]
    rows = [fonts.wrap(entry, "ui", 20, 200) for entry in log]
    everything = [line for entry in rows for line in entry]
    assert len(rows[1]) >= 3 and len(everything) > 4
    newest_two = rows[1] + rows[2]
    assert fonts.log_tail(log, "ui", 20, 200, len(newest_two)) == newest_two
    # one line short of the middle entry: it is left out whole rather than shown from its middle
    assert fonts.log_tail(log, "ui", 20, 200, len(newest_two) - 1) == rows[2]
    # a single entry longer than the box shows its last lines
    assert fonts.log_tail(log[:2], "ui", 20, 200, 2) == rows[1][-2:]
    assert fonts.log_tail(log, "ui", 20, 200, 99) == everything
    assert fonts.log_tail_entries(log, "ui", 20, 200, len(newest_two)) == [rows[1], rows[2]]  # kept together
    assert fonts.log_tail([], "ui", 20, 200, 3) == []
    assert fonts.wrapped(log[1], "ui", 20, 200) is fonts.wrapped(log[1], "ui", 20, 200)  # cached


@pytest.mark.parametrize("width", [140, 220])
def test_every_lost_cities_face_renders_and_is_cached(width):
    ids = cards_lost_cities.all_card_ids()
    assert len(ids) == 72
    for card_id in ids:
        face = cards_lost_cities.card_face(card_id, width)
        assert face.get_size() == (width, round(width * 1.4))
        assert cards_lost_cities.card_face(card_id, width) is face
    _visible_pixels(cards_lost_cities.card_face("lc-w-10", width))
    _visible_pixels(cards_lost_cities.card_face("lc-y-w1", width))
    assert cards_lost_cities.card_back(width).get_size() == (width, round(width * 1.4))
    assert cards_lost_cities.lane_marker("p", width).get_size() == (width, round(width * 1.4))


def test_lost_cities_rejects_bad_ids():
    for bad in ("lc-x-05", "lc-y-11", "lc-y-5", "tt-06-a", "lc-y-w4"):
        with pytest.raises(ValueError):
            cards_lost_cities.card_face(bad, 140)


@pytest.mark.parametrize("width", [140, 200])
def test_every_time_after_time_face_renders_and_is_cached(width):
    ids = cards_time_after_time.all_card_ids()
    assert len(ids) == 36
    for card_id in ids:
        face = cards_time_after_time.card_face(card_id, width)
        assert face.get_size() == (width, round(width * 1.4))
        assert cards_time_after_time.card_face(card_id, width) is face
    _visible_pixels(cards_time_after_time.card_face("tt-ghost-2", width))
    assert cards_time_after_time.slot_well(width).get_size() == (width, round(width * 1.4))
    assert cards_time_after_time.card_back(width).get_size() == (width, round(width * 1.4))


def test_time_after_time_sky_runs_from_dawn_to_night():
    sky = cards_time_after_time.sky_colours
    dawn_horizon, sunset_horizon = sky(6)[1], sky(18)[1]
    assert dawn_horizon[0] > dawn_horizon[1] < dawn_horizon[2]  # pink
    assert sunset_horizon[0] > sunset_horizon[1] > sunset_horizon[2]  # orange
    noon_top = sky(12)[0]
    assert noon_top[2] > 200 and noon_top[2] > noon_top[0] + 150  # bright blue
    assert sum(sky(22)[0]) < min(sum(sky(h)[0]) for h in range(6, 21))  # deep indigo: the darkest


def test_lost_in_time_faces_and_chronos():
    card = {"id": "lt-001", "title": "First Olympic Games", "year": -776, "era": "antiquity", "kind": "event",
            "arrow": "past", "chips": 2, "caption": "Olympia crowns a cook."}
    face = cards_lost_in_time.card_face(card, 160)
    assert face.get_size() == (160, 224)
    assert cards_lost_in_time.card_face(dict(card), 160) is face
    _visible_pixels(face)
    assert cards_lost_in_time.year_label(-776) == "776 BC"
    # the arrow badge in the top-left corner is red for the past, blue for the future
    future = cards_lost_in_time.card_face({**card, "arrow": "future"}, 160)
    centre = round(160 * 0.05 + 160 * 0.11 + 160 * 0.02)
    corner = (centre, centre + 13)  # inside the disc, below the arrow
    red, blue = face.get_at(corner), future.get_at(corner)
    assert red.r > red.b and blue.b > blue.r
    for kind in ("vip", "disaster"):
        assert cards_lost_in_time.rim_colour({**card, "kind": kind}) == P.LT_GREY
        _visible_pixels(cards_lost_in_time.card_face({**card, "kind": kind}, 300))
    for direction in ("past", "future"):
        _visible_pixels(cards_lost_in_time.chronos(direction, 180))
    with pytest.raises(ValueError):
        cards_lost_in_time.chronos("sideways", 180)


def test_labyrinth_cards_render():
    scenery = {"number": 7, "title": "The pool", "description": "Dark water and a statue; torches by a door.",
               "arrows": {"north": 2, "e": 8}, "hero": True, "dots": 2}
    assert cards_labyrinth.keywords(scenery["description"]) >= {"water", "statue", "torch", "door"}
    face = cards_labyrinth.scenery_face(scenery, 280)
    assert face.get_size() == (280, 200)
    assert cards_labyrinth.scenery_face(scenery, 280) is face
    _visible_pixels(face)
    _visible_pixels(cards_labyrinth.scenery_back(scenery, 280))
    for needs in (0, 1, 2):
        _visible_pixels(cards_labyrinth.interaction_back({"number": 12, "dots": 3, "needs": needs}, 140))
    _visible_pixels(cards_labyrinth.item_card({"letter": "B", "number": 2, "name": "Rusty key"}, 160))
    prophecy = {"number": 3, "title": "The Sleeper", "text": "Who wakes the sleeper shall find the way out."}
    faces = [cards_labyrinth.prophecy(prophecy, 200, s) for s in cards_labyrinth.PROPHECY_STATES]
    assert len({id(f) for f in faces}) == 3
    with pytest.raises(ValueError):
        cards_labyrinth.prophecy(prophecy, 200, "burnt")
    lit, dark = cards_labyrinth.favour_token(True, 64), cards_labyrinth.favour_token(False, 64)
    assert lit.get_at((32, 32)) != dark.get_at((32, 32))


def test_felt_is_cached_opaque_and_darker_at_the_edges():
    for tone in P.TABLE_TONES:
        surface = table.felt((320, 180), tone)
        assert table.felt((320, 180), tone) is surface
        centre, corner = surface.get_at((160, 80)), surface.get_at((2, 2))
        assert sum(centre[:3]) > sum(corner[:3])
    with pytest.raises(KeyError):
        table.felt((10, 10), "plaid")
    assert (ART_DIR / "fonts").is_dir()


@pytest.mark.parametrize("size", [(40, 30), (300, 60), (1920, 92), (101, 57), (25, 25), (13, 200)])
def test_a_rounded_rectangle_drawn_by_its_corners_is_the_supersampled_one(size):
    """Panels supersample only their corners now (a screen-wide panel took ≈ 9 ms, 0.3 ms now); every
    pixel must be what supersampling the whole rectangle gave, filled or outlined, opaque or not."""
    from game.ui.look.draw import aa_shape, rounded_rect_layer

    for radius in (0, 3, 8, 14, 30):
        for width in (0, 2, 3, 6):
            for colour in ((255, 255, 255, 255), (20, 30, 40, 200), (200, 160, 80)):
                whole = aa_shape(size, lambda big, k: pygame.draw.rect(
                    big, colour, big.get_rect(), width=round(width * k), border_radius=round(radius * k)))
                by_corners = rounded_rect_layer(size, colour, radius, width)
                assert pygame.image.tobytes(by_corners, "RGBA") == pygame.image.tobytes(whole, "RGBA"), \
                    (size, radius, width, colour)


def test_a_glow_of_any_size_is_its_shared_grid_scaled():
    """Glows of one colour and falloff share the grid they are scaled from (computed once, not once a
    size), and the grid holds the glow's formula: colour, alpha peak·(1−d)^falloff inside the rim."""
    import math

    from game.ui.look.draw import RADIAL_GRID, _radial_grid, radial_alpha

    colour, peak, falloff = (201, 120, 33), 140, 1.6
    _radial_grid.cache_clear()
    sizes = [radial_alpha(d, colour, peak, falloff) for d in (31, 230, 417)]
    assert [s.get_size() for s in sizes] == [(31, 31), (230, 230), (417, 417)]
    assert _radial_grid.cache_info().misses == 1
    grid = _radial_grid(colour, peak, falloff)
    n, r = RADIAL_GRID, (RADIAL_GRID - 1) / 2
    for x, y in ((0, 0), (31, 31), (32, 10), (5, 40), (63, 31)):
        d = math.hypot(x - r, y - r) / r
        want = (*colour, int(peak * (1 - d) ** falloff)) if d < 1 else (0, 0, 0, 0)
        assert tuple(grid.get_at((x, y))) == want, (x, y)
    assert sizes[1].get_at((115, 115)).a > sizes[1].get_at((20, 115)).a > 0 == sizes[1].get_at((0, 0)).a


def test_the_felt_weave_repeats_its_8_pixel_diagonals_over_its_whole_tile():
    """The weave is laid over the table as a 128 px tile (135 blits a 1080p table instead of 32,400):
    it must still be the 8 px pattern everywhere, dark falling diagonals and light rising ones."""
    from game.ui.look.table import weave_tile

    tile = weave_tile()
    assert tile.get_size() == (128, 128)
    for y in range(128):
        for x in range(128):
            i, j = x % 8, y % 8
            want = (0, 0, 0, 10) if i == j else (255, 255, 255, 6) if i == 7 - j else None
            got = tuple(tile.get_at((x, y)))
            assert (got == want) if want else got[3] == 0, (x, y, got)


def test_every_shipped_labyrinth_item_has_a_picture_of_what_it_is():
    """An item's icon comes from its name (a knife, a book, a bell, a pearl...); every item of every
    shipped adventure must find one, not the fallback sun, and every icon is a distinct pictogram."""
    import re

    from game.rules.labyrinth.scenario import SCENARIO_DIR, load_scenario
    from game.ui.look.cards_labyrinth import ITEM_ICONS
    from game.ui.look.symbols import PAINTERS, symbol

    assert set(ITEM_ICONS) <= set(PAINTERS)
    pictures = {pygame.image.tobytes(symbol(name, 64, (0, 0, 0, 255)), "RGBA") for name in ITEM_ICONS}
    assert len(pictures) == len(ITEM_ICONS)
    for path in sorted(SCENARIO_DIR.glob("*.toml")):
        scenario = load_scenario(path)
        for item in scenario.items.values():
            words = set(re.findall(r"[a-z]+", scenario.texts[item.name_key].lower()))
            assert any(words & set(spellings) for spellings in ITEM_ICONS.values()), (path.stem, item.name_key)


@pytest.mark.parametrize("scenario_id", [path.stem for path in sorted(
    __import__("game.rules.labyrinth.scenario", fromlist=["SCENARIO_DIR"]).SCENARIO_DIR.glob("*.toml"))])
def test_every_scenery_picture_is_its_own_and_every_title_fits_its_card(scenario_id):
    """In every shipped adventure each place gets a picture of its own (from its description's
    keywords) and a title that fits the card at four fifths of its print or more (the face shrinks a
    long title to fit; much smaller and it no longer reads across the table)."""
    from game.rules.labyrinth.scenario import load_scenario
    from game.ui.labyrinth_map import BASE_TILE_W
    from game.ui.look.cards_labyrinth import keywords
    from game.ui.look.fonts import font

    scenario = load_scenario(scenario_id)
    pictures = [frozenset(keywords(scenario.text(s.picture_key))) for s in scenario.scenery.values()]
    assert all(pictures) and len(set(pictures)) == len(pictures)
    title_px = round(round(BASE_TILE_W / 1.4 * 0.17) * 0.72)  # the print scenery_face starts from
    for card in scenario.scenery.values():
        title = scenario.text(card.title_key)
        assert font("story", round(title_px * 0.8)).size(title)[0] <= BASE_TILE_W * 0.72, title
