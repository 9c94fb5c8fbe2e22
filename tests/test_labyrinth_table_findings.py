"""The Labyrinth table: what a player saw wrong and what now holds instead.

- The log named a covering scenery card by its id ("covering s-2").
- Playing together, several people at one screen met a "Pass to P1 … when nobody else is looking"
  curtain and a "P1, your turn" banner in a cooperative game where every seat sees the same (LA-7).
- The caption drew the confirm key beside hints that are only a status ("The hero is here",
  "Not reachable yet"), and said "Not reachable yet" of a card the hero could reach while a move was
  still animating; confirming an item, a scroll or the hero's card did nothing, and their texts were
  cut to two lines in the caption: they now open whole on a reading sheet.
- A prophecy scroll's two-line title had its rule drawn against the descenders of its second line,
  in print too small for the tray (the scroll's text is read in the caption, so its title is larger).
"""

from __future__ import annotations

import re

import pygame
import pytest

from game.core import Action, GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.labyrinth_overlays import StorySheet
from game.ui.labyrinth_painter import STATUS_HINTS
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from ui_helpers import frames, key, make_app

FAST = 1 / 15
OPENING = [Action.make(0, "interact", card="i-002", items=[]), Action.make(0, "move", to=2)]
CARD_ID = re.compile(r"\b(?:s|i|it|p|e)-[0-9A-Za-z]+\b")


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def config(*kinds: str, mode: str = "together") -> GameConfig:
    return GameConfig.make("labyrinth", [SeatConfig(k, f"P{i + 1}", "expert") for i, k in enumerate(kinds)],
                           scenario="tutorial", mode=mode)


def open_table(cfg: GameConfig, actions: list[Action] | None = None):
    app = make_app()
    app.settings.reduced_motion = True
    app.apply_motion()
    app.push(TitleScene(app))
    session = LocalSession(cfg, 7, bot_delay=0, actions=actions)
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    return app, table, session


def run_until(app, condition, limit: int = 900, frame: float = 1 / 60) -> None:
    for _ in range(limit):
        if condition():
            return
        app.step(frame)
    raise AssertionError("condition not reached")


def ready(app, table) -> None:
    frames(app, 3)
    run_until(app, lambda: isinstance(app.scenes.top, StorySheet) or table.can_act or table.curtain_seat is not None)
    if table.curtain_seat is not None:
        key(app, pygame.K_RETURN)
        run_until(app, lambda: isinstance(app.scenes.top, StorySheet) or table.can_act)
    if isinstance(app.scenes.top, StorySheet):
        key(app, pygame.K_RETURN)
    run_until(app, lambda: table.can_act and app.scenes.top is table)
    frames(app, 10)


def drawn_texts(monkeypatch, module) -> list[str]:
    """Every string `module` renders through text_surface from now on."""
    seen: list[str] = []
    real = module.text_surface

    def recording(text, *args, **kwargs):
        seen.append(str(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(module, "text_surface", recording)
    return seen


def test_the_log_tells_a_covering_card_by_its_number_not_its_id():
    app, table, session = open_table(config("human"), actions=OPENING)
    ready(app, table)
    session.submit(Action.make(0, "interact", card="i-003", items=["it-A"]))  # lights the hall: #2 covers #2
    app.step(FAST)
    run_until(app, lambda: table.can_act and not table.animating, frame=FAST)
    log = list(table.log)
    assert "Scenery #2 is placed face down on top of the old #2." in log
    assert not [line for line in log if CARD_ID.search(line)], log


def test_the_ending_line_of_the_log_uses_a_dash_not_a_hyphen():
    from game.core.types import Event

    app, table, session = open_table(config("human"))
    line = table.log_line(Event.make("ending_reached", ending="e-1", title="Dawn over Marrowgate", score=8, rank="Hero"))
    assert line == "The end: Dawn over Marrowgate \u2013 score 8, Hero."


def test_playing_together_at_one_screen_raises_no_curtain_and_the_move_is_everyones(monkeypatch):
    import game.ui.table_labyrinth as module

    app, table, session = open_table(config("human", "human", "human"))
    frames(app, 3)
    assert table.curtain_seat is None  # nothing is secret between the seats (LA-7)
    run_until(app, lambda: isinstance(app.scenes.top, StorySheet))  # the intro comes at once
    key(app, pygame.K_RETURN)
    run_until(app, lambda: table.can_act and app.scenes.top is table)
    seen = drawn_texts(monkeypatch, module)
    frames(app, 2)
    assert "Your move, together" in seen and not any(text.endswith("your turn") for text in seen)


def test_in_turns_the_handoff_names_the_next_player_and_hides_nothing(monkeypatch):
    import game.ui.table_labyrinth as module

    app, table, session = open_table(config("human", "human", mode="turns"))
    ready(app, table)
    table.press_button("end_turn")
    run_until(app, lambda: table.curtain_seat == 1, frame=FAST)
    seen = drawn_texts(monkeypatch, module)
    frames(app, 2)
    assert "P2'S TURN" in seen
    assert not any("nobody else" in text for text in seen)
    key(app, pygame.K_RETURN)
    assert table.curtain_seat is None and table.viewer == 1


def test_a_status_in_the_caption_has_no_confirm_key_and_a_reachable_card_is_never_called_unreachable(monkeypatch):
    import game.ui.labyrinth_painter as module

    app, table, session = open_table(config("human"))
    ready(app, table)
    table.focus = ("prophecy", "p-2")  # still sealed: nothing to do or read there
    assert table.info_lines()[2] == "Sealed" and "Sealed" in STATUS_HINTS
    seen = drawn_texts(monkeypatch, module)
    frames(app, 1)
    assert "Sealed" in seen and "Enter" not in seen  # a status, not something Enter does
    table.focus = ("tile", "2")
    assert table.info_lines()[2] == "Move here to discover it"
    seen.clear()
    frames(app, 1)
    assert "Enter" in seen  # an action: the key that does it stands beside it
    session.submit(Action.make(0, "interact", card="i-002", items=[]))
    app.step(1 / 60)
    assert table.animating and not table.can_act
    table.focus = ("tile", "2")
    assert table.info_lines()[2] != "Not reachable yet"  # it is reachable: the table is only busy


def test_a_two_line_prophecy_title_sits_above_its_rule():
    from game.ui.look import palette as P
    from game.ui.look.cards_labyrinth import prophecy

    for width in (150, 128, 112, 200):
        image = prophecy({"card": "p-test", "number": 2, "title": "The Captive Light", "text": "Set it free."},
                         width, "revealed")
        w, h = image.get_size()
        red_rows = [y for y in range(h // 2) if any(_near(image.get_at((x, y)), P.LA_ARROW_RED, 60)
                                                    for x in range(w // 4, w * 3 // 4))]
        rule_colour = P.shade(P.LA_SEPIA, 0.35)
        rule_rows = [y for y in range(h // 2) if sum(_near(image.get_at((x, y)), rule_colour, 12)
                                                     for x in range(w // 4, w * 3 // 4)) > w // 3]
        assert red_rows and rule_rows, width
        assert min(rule_rows) - max(red_rows) >= 3, (width, max(red_rows), min(rule_rows))  # clear of descenders


def _near(colour, target, tolerance: int) -> bool:
    return all(abs(int(a) - int(b)) <= tolerance for a, b in zip(colour[:3], target[:3]))


def test_the_discard_pile_names_the_number_of_a_card_the_table_saw():
    from game.ui.labyrinth_overlays import DiscardBrowser

    app, table, session = open_table(config("human"))
    ready(app, table)
    session.submit(Action.make(0, "interact", card="i-002", items=[]))  # the sacks: card 1, read
    app.step(FAST)
    run_until(app, lambda: table.can_act and not table.animating, frame=FAST)
    table.press_button("discard")
    browser = app.scenes.top
    assert isinstance(browser, DiscardBrowser)
    assert browser.entries[0]["card"] == "i-002" and browser.deck_label(browser.entries[0]) == "Card 1"
    assert DiscardBrowser(app, [{"card": "i-999", "deck": "interaction", "face": "down"}]).deck_label(
        {"card": "i-999", "deck": "interaction"}) == "Interaction card"  # never seen: its kind only


def test_the_rules_page_says_what_the_rulebook_says_and_leaves_no_page_with_one_line():
    from game.ui.rules import RulesScene

    app = make_app()
    scene = RulesScene(app, "labyrinth")
    doc, screens = scene.doc()
    text = " ".join(body for page in doc.pages for _, body in page.blocks)
    # rulebook, Movement: favours are not spent, and a discovered card stays open to the hero
    assert "they are not spent" in text and "may always go back to it" in text
    # rulebook, Item Cards: using an item does not use it up; no limit to how many
    assert "does not use it up" in text and "no limit" in text
    # rulebook, -1: with every favour dark, nothing happens
    assert "if all eight are dark already, nothing happens" in text
    # rulebook, Interrupting and Saving the Game
    assert "stop at any moment" in text
    titles = [page.title for page in doc.pages]
    assert "On the table" in titles  # the components have a page of their own, not "The goal" twice
    lines = [len([row for row in rows if row[2]]) for _, rows in screens]  # paragraphs and bullets begun
    assert min(lines) >= 2, lines  # no screen holds a lone bullet left over from the one before


def test_a_refused_tap_says_why_instead_of_only_buzzing():
    from ui_helpers import click

    app, table, session = open_table(config("human"), actions=[Action.make(0, "move", to=2)])  # no tinderbox yet
    ready(app, table)
    click(app, table.inters["i-003"].hit_rect(table.camera).center)
    assert len(session.actions) == 1
    assert app.toasts.items and app.toasts.items[-1].text == "Card 2 wants an item, and you hold none yet."

    app, table, session = open_table(config("human", "human", mode="turns"))
    ready(app, table)
    session.submit(Action.make(0, "move", to=3))
    app.step(FAST)
    run_until(app, lambda: table.can_act and not table.animating, frame=FAST)
    click(app, table.tiles[2].screen_rect(table.camera).center)
    assert session.actions[-1] == Action.make(0, "move", to=3)  # nothing more was sent
    assert app.toasts.items[-1].text == "The hero has already moved this turn. Use a card, or end the turn."


def test_cards_stacked_beside_one_scenery_still_show_which_want_items():
    from game.ui.labyrinth_map import INTER_BASE_W, INTER_MAP_H, interaction_slots
    from game.ui.look.cards_labyrinth import interaction_back

    slots = interaction_slots((0.0, 0.0), 4)
    shown = (slots[1][1] - slots[0][1]) / INTER_MAP_H  # the part of an upper card left uncovered
    plain = interaction_back({"number": 6, "dots": 4, "needs": 0}, INTER_BASE_W)
    band = pygame.Rect(0, 0, INTER_BASE_W, int(plain.get_height() * shown))
    for needs in (1, 2):
        wants = interaction_back({"number": 6, "dots": 4, "needs": needs}, INTER_BASE_W)
        differs = sum(plain.get_at((x, y)) != wants.get_at((x, y)) for x in range(band.width) for y in range(band.height))
        assert differs > 40, needs  # the item mark is in the strip that stays in sight


@pytest.mark.parametrize("device", ["keyboard", "touch"])
def test_an_item_a_scroll_and_the_heros_card_open_whole_on_a_reading_sheet(device):
    from ui_helpers import tap

    actions = [Action.make(0, "interact", card="i-002", items=[]), Action.make(0, "move", to=3),
               Action.make(0, "interact", card="i-005", items=[]), Action.make(0, "interact", card="i-006", items=["it-B2"])]
    app, table, session = open_table(config("human"), actions=actions)  # the moth is freed: p-2 fulfilled
    ready(app, table)
    view = session.latest(0).view
    fulfilled = next(p for p in view["prophecies"] if p["card"] == "p-2")
    for target, expected in ((("item", "it-A"), "Flint, steel"), (("prophecy", "p-2"), fulfilled["fulfilled"]),
                             (("tile", "3"), "Roots have broken through")):
        if device == "keyboard":
            table.focus = target
            key(app, pygame.K_RETURN)
        else:
            tap(app, table.target_rect(target).center)
        sheet = app.scenes.top
        assert isinstance(sheet, StorySheet), target
        assert table.card_text(target)[1][1].startswith(expected[:12]) or any(
            text == expected for _, text in table.card_text(target)), target
        key(app, pygame.K_ESCAPE)
        assert app.scenes.top is table
    assert len(session.actions) == len(actions)  # reading sent nothing
    assert table.card_text(("prophecy", "p-1")) != [] and table.card_text(("tile", "2")) == []  # face down: nothing


def test_the_tutorial_coaches_each_mechanic_once_as_it_first_appears():
    from game.ui.table_labyrinth import TUTORIAL_TIPS

    best = [Action.make(0, "interact", card="i-002", items=[]), Action.make(0, "move", to=3),
            Action.make(0, "interact", card="i-005", items=[]), Action.make(0, "interact", card="i-006", items=["it-B2"]),
            Action.make(0, "move", to=2), Action.make(0, "interact", card="i-003", items=["it-A"]),
            Action.make(0, "move", to=5), Action.make(0, "interact", card="i-009", items=[]),
            Action.make(0, "move", to=4)]
    app, table, session = open_table(config("human"))
    ready(app, table)
    for action in best:
        session.submit(action)
        app.step(FAST)
        run_until(app, lambda: table.can_act and not table.animating, frame=FAST)
    tips = [b.text for page in table.journal.pages for b in page.blocks if b.kind == "tip"]
    assert sorted(tips) == sorted(TUTORIAL_TIPS[k] for k in ("item", "needs-1", "needs-2", "cover", "prophecy"))
    first_card_page = next(page for page in table.journal.pages if any(b.text == TUTORIAL_TIPS["item"] for b in page.blocks))
    assert [b.kind for b in first_card_page.blocks][-1] == "tip"  # under the story it explains, not before it


def test_the_explore_badge_leaves_the_south_arrow_and_its_number_readable():
    app, table, session = open_table(config("human"))
    ready(app, table)
    surface = pygame.Surface((1920, 1080))
    for scale in (1.0, 0.6, 0.4):
        rect = pygame.Rect(200, 200, round(380 * scale), round(247 * scale))
        box = table.draw_step_badge(surface, rect)
        south_label = pygame.Rect(0, 0, max(24, rect.width // 8), rect.height // 4)
        south_label.midbottom = rect.midbottom
        assert rect.contains(box) and not box.colliderect(south_label), scale
        raised = table.draw_step_badge(surface, rect, above_flames=True)
        flames = pygame.Rect(rect.x, rect.y + round(rect.height * 0.83), rect.width // 2, round(rect.height * 0.1))
        assert rect.contains(raised) and not raised.colliderect(flames), scale  # the favours it needs stay seen


def test_the_cards_a_discovery_brings_are_one_counted_line_in_the_log():
    app, table, session = open_table(config("human"))
    ready(app, table)
    session.submit(Action.make(0, "move", to=3))  # the root cellar: two cards numbered 3
    app.step(FAST)
    run_until(app, lambda: table.can_act and not table.animating, frame=FAST)
    log = list(table.log)
    assert "2 cards come into play beside scenery #3." in log
    assert "A card comes into play beside scenery #3." not in log


def test_a_suggested_item_try_is_made_ready_and_one_confirm_plays_it():
    best = [Action.make(0, "interact", card="i-002", items=[]), Action.make(0, "move", to=3),
            Action.make(0, "interact", card="i-005", items=[]), Action.make(0, "interact", card="i-006", items=["it-B2"]),
            Action.make(0, "move", to=2), Action.make(0, "interact", card="i-003", items=["it-A"]),
            Action.make(0, "move", to=5), Action.make(0, "interact", card="i-009", items=[]),
            Action.make(0, "move", to=4)]
    app, table, session = open_table(config("human"), actions=best)
    ready(app, table)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Suggest a move
    assert app.scenes.top is table
    suggested = table.suggested
    assert suggested is not None and suggested.kind == "interact" and suggested["items"]
    assert table.selected == suggested["card"] and sorted(table.chosen) == sorted(suggested["items"])
    assert table.focus == ("button", "use") and len(session.actions) == len(best)  # ready, not played
    key(app, pygame.K_RETURN)
    assert session.actions[-1].kind == "interact" and session.actions[-1]["card"] == suggested["card"]


def test_item_names_in_the_tray_are_small_print_at_least_and_stay_on_the_card():
    from game.ui.labyrinth_layout import ITEM_W
    from game.ui.look.cards_labyrinth import RATIO, item_name_lines
    from game.ui.look.draw import card_height
    from game.ui.look.fonts import font

    height = card_height(ITEM_W, RATIO)
    for name in ("Tinderbox", "Flask of lamp oil", "Notched key", "Lantern of the drowned chapel"):
        px, lines = item_name_lines(name, ITEM_W)
        assert 1 <= len(lines) <= 3 and " ".join(lines) == name
        if len(lines) <= 2:
            assert px >= 20, name  # ART.md: small print >= 20 px at 1080p
        bottom = height * 0.62 + font("story", px).get_linesize() * (0.92 * (len(lines) - 1) + 1)
        assert bottom <= height * 0.96, name  # inside the card's inner rule


def test_the_caption_text_wraps_short_of_a_long_hint():
    from game.ui.labyrinth_layout import INFO_RECT
    from game.ui.look.fonts import font, wrapped
    from ui_helpers import click

    app, table, session = open_table(config("human"), actions=[Action.make(0, "interact", card="i-002", items=[]),
                                                               Action.make(0, "move", to=3),
                                                               Action.make(0, "interact", card="i-005", items=[]),
                                                               Action.make(0, "interact", card="i-006", items=["it-A"]),
                                                               Action.make(0, "interact", card="i-006", items=["it-C"])])
    ready(app, table)
    click(app, table.inters["i-006"].hit_rect(table.camera).center)  # choosing items: a long hint
    frames(app, 2)
    title, text, hint = table.info_lines()
    assert title == "Card 3 wants one item" and "Already tried" in text and hint
    left = INFO_RECT.x + 22
    assert left + table.info_text_width <= table.info_hint_left - 28
    for line in wrapped(text, "story-italic", 24, table.info_text_width):
        assert font("story-italic", 24).size(line)[0] <= table.info_text_width


def test_the_full_size_peek_gives_way_to_a_card_being_read():
    from game.ui.sprites import CardSprite

    app, table, session = open_table(config("human"), actions=OPENING)
    ready(app, table)
    surface = pygame.Surface((1920, 1080))
    table.peek_target, table.peek_time = ("tile", "1"), 5.0
    assert table.draw_peek(surface) is not None  # looked at long enough: shown full size
    table.stage = CardSprite("i-003", pygame.Surface((190, 266)), pygame.Surface((190, 266)), (1000.0, 340.0))
    assert table.draw_peek(surface) is None  # the card on the stage is what is read now


def test_a_relit_favour_is_told_only_when_one_was_dark():
    to_the_jar = [Action.make(0, "interact", card="i-002", items=[]), Action.make(0, "move", to=3),
                  Action.make(0, "interact", card="i-005", items=[])]
    free_the_moth = Action.make(0, "interact", card="i-006", items=["it-B2"])  # fulfils p-2: +1 favour

    def page_after(actions: list[Action], last: Action) -> list[str]:
        app, table, session = open_table(config("human"), actions=actions)
        ready(app, table)
        session.submit(last)
        app.step(FAST)
        run_until(app, lambda: table.can_act and not table.animating, frame=FAST)
        return table.journal.texts()

    all_lit = " ".join(page_after(to_the_jar, free_the_moth))
    assert "lit again" not in all_lit.replace("If a favour has gone dark, it is lit again", "")
    one_dark = page_after(to_the_jar + [Action.make(0, "move", to=2), Action.make(0, "interact", card="i-003", items=["it-C"])],
                          free_the_moth)  # the oil on the lanterns put a favour out first
    assert "A favour is lit again. 8 of 8 burn." in one_dark


def test_suggested_walks_read_as_sentences():
    app, table, session = open_table(config("human"), actions=OPENING)
    ready(app, table)
    assert table.describe_move(Action.make(0, "move", to=1)) == "move the hero to #1, The Fallen Grating"
    assert table.describe_move(Action.make(0, "move", to=3)) == "step onto face-down #3 and discover it"


def test_a_favour_locked_card_shows_its_figure_clear_of_the_south_arrow():
    from game.ui.look.cards_labyrinth import scenery_back

    def back(need: int) -> pygame.Surface:
        return scenery_back({"number": 9, "arrows": {"south": 2}, "min_favours": need}, 380)

    open_card, five, eight = back(0), back(5), back(8)
    w, h = open_card.get_size()
    corner = [(x, y) for x in range(0, w // 3, 2) for y in range(round(h * 0.8), round(h * 0.95), 2)]
    assert sum(five.get_at(p) != eight.get_at(p) for p in corner) > 20  # "5+" and "8+" read apart
    middle = [(x, y) for x in range(round(w * 0.4), round(w * 0.6), 2) for y in range(round(h * 0.75), h - 4, 2)]
    assert all(eight.get_at(p) == open_card.get_at(p) for p in middle)  # the south arrow and its number untouched


def test_a_resumed_story_names_the_cards_read_earlier_where_it_can():
    app, table, session = open_table(config("human"), actions=OPENING)
    frames(app, 3)
    titles = [page.title for page in table.journal.pages]
    assert "#1 The Fallen Grating · read earlier" in titles  # the sacks, named by the place they lay at
    assert "Read earlier" not in titles  # every read card by its number (the view gives it, LA-7)


def test_the_captions_second_line_stays_clear_of_the_panel_edge():
    from game.ui.labyrinth_layout import INFO_RECT
    from game.ui.look import palette as P

    app, table, session = open_table(config("human"), actions=OPENING + [
        Action.make(0, "interact", card="i-003", items=["it-A"])])  # the lit hall: a two-line text
    ready(app, table)
    table.focus = ("item", "it-A")  # "… as many times as you like.": descenders on the second line
    surface = pygame.Surface((1920, 1080))
    table.draw_info(surface)
    assert len(table.info_lines()[1]) > 70
    edge = [(x, y) for x in range(INFO_RECT.x + 22, INFO_RECT.x + 600) for y in range(INFO_RECT.bottom - 8, INFO_RECT.bottom)]
    assert not any(_near(surface.get_at(p), P.IVORY_DIM, 40) for p in edge)


def test_a_spectator_reads_the_cards_too():
    app = make_app()
    app.push(TitleScene(app))
    session = LocalSession(config("bot"), 7, bot_delay=60.0, spectator=True)  # one bot move, then a long wait
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    run_until(app, lambda: table.hero_number is not None and not table.animating, frame=FAST)
    assert not table.can_act
    table.activate(("tile", str(table.hero_number)))
    assert isinstance(app.scenes.top, StorySheet)
    key(app, pygame.K_ESCAPE)
    table.activate(("prophecy", "p-1"))
    assert isinstance(app.scenes.top, StorySheet)


def test_the_discard_pile_captions_each_kind_of_card_for_what_it_was():
    from game.ui.labyrinth_overlays import DiscardBrowser

    app = make_app()
    browser = DiscardBrowser(app, [], {"i-004": 2})
    assert browser.face_up_caption({"card": "i-004", "deck": "interaction"}) == "Card 2, as it was read"
    assert browser.face_up_caption({"card": "it-B2", "deck": "item"}) == "An item you held, discarded"
    assert browser.face_up_caption({"card": "s-9", "deck": "scenery"}) == "Scenery card, removed from play"
