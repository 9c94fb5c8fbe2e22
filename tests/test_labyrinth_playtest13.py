"""The Labyrinth's shorter adventures played as a family would (session 13's playtest): three people
at one screen together, in turns with bot companions. What read wrong, and what holds now.

- In turns, one person with bot companions read "Your turn" in the banner, "Player's turn." in the
  log and "In turns · Player: move to do" under the title; End turn was gold from a turn's first
  moment, as if passing the whole turn were the move to make.
- Playing together, the log and the story named the first seat for every move and hint ("Player
  tries the Tinderbox…", "Player asked for a hint.") although Ada or Basil had made it with their
  own pad or finger: the table cannot tell who, so a move of the people here is "You" (the banner
  says "Your move, together").
"""

from __future__ import annotations

import pygame
import pytest

from game.core import GameConfig, SeatConfig
from game.session import LocalSession
from game.ui.labyrinth_overlays import StorySheet
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from ui_helpers import click, frames, key, make_app
from test_labyrinth_table_findings import drawn_texts, run_until

NAMES = ("Ann", "Ben", "Cleo")


@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def config(*kinds: str, mode: str, scenario: str = "tutorial") -> GameConfig:
    seats = [SeatConfig("human" if kind == "human" else "bot", NAMES[i], kind if kind != "human" else "expert")
             for i, kind in enumerate(kinds)]
    return GameConfig.make("labyrinth", seats, scenario=scenario, mode=mode)


def open_table(cfg: GameConfig, seed: int = 7):
    app = make_app()
    app.settings.reduced_motion = True
    app.apply_motion()
    app.push(TitleScene(app))
    session = LocalSession(cfg, seed, bot_delay=0)
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    return app, table, session


def pad_press(app, button: int, instance: int, settle: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=instance))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=instance))
    frames(app, settle)


def ready(app, table) -> None:
    """Past the intro sheet (and a curtain), to a table waiting for a person's move."""
    frames(app, 3)
    for _ in range(4):
        run_until(app, lambda: isinstance(app.scenes.top, StorySheet) or table.curtain_seat is not None
                  or (table.can_act and not table.animating and app.scenes.top is table), limit=1800)
        if isinstance(app.scenes.top, StorySheet) or table.curtain_seat is not None:
            key(app, pygame.K_RETURN, settle=4)
            continue
        break
    run_until(app, lambda: table.can_act and not table.animating and app.scenes.top is table, limit=1800)


def do_hinted_move_by_pad(app, table, instance: int) -> None:
    """Y (the gentle hint), Y (the exact move), A (Do it) on the pad `instance`."""
    for button in (pygame.CONTROLLER_BUTTON_Y, pygame.CONTROLLER_BUTTON_Y, pygame.CONTROLLER_BUTTON_A):
        pad_press(app, button, instance)
    ready(app, table)


def test_playing_together_a_move_made_by_anyone_here_is_yours_not_the_first_seats():
    app, table, session = open_table(config("human", "human", "human", mode="together"))
    ready(app, table)
    for turn in range(8):
        do_hinted_move_by_pad(app, table, instance=turn % 2)  # Ben's and Cleo's pads take turns at the hero
        if any(line.startswith("You try") or line.startswith("You turn over") for line in table.log):
            break
    log = list(table.log)
    assert "You asked for a hint." in log and "You asked for the exact move." in log
    assert any(line.startswith(("You try", "You turn over")) for line in log), log
    assert not [line for line in log if line.startswith("Ann ")], log  # the first seat made none of them
    notes = [block.text for page in table.journal.pages for block in page.blocks if block.kind == "note"]
    assert not [text for text in notes if text.startswith("Ann tries")], notes
    app.shutdown()


def pixel_of_button(app, table, name: str) -> tuple[int, int, int]:
    frames(app, 2)
    rect = table.button_rects()[name]
    return tuple(app.canvas.get_at((rect.x + 14, rect.centery)))[:3]


def test_one_person_with_two_bot_companions_is_you_in_the_log_and_the_turn_line():
    """Alone with two bots, the banner said "Your turn" while the log said "Player's turn." and the
    line under the title "In turns · Player: move to do"; whose turn it is reads "You" in all three
    (a try keeps the seat's name, as tests/test_labyrinth_memory.py pins)."""
    from game.ui.labyrinth_painter import LabyrinthPainter

    app, table, session = open_table(config("human", "expert", "master", mode="turns", scenario="saltmere"))
    ready(app, table)
    assert table.turn_banner()[0] == "Your turn"
    assert LabyrinthPainter.mode_line(table) == "In turns · You: move to do, interaction to do"
    key(app, pygame.K_h)
    assert table.log[-1] == "You asked for a hint."
    for _ in range(3):  # the move, the card, then End turn: the bots play, and it comes back to you
        key(app, pygame.K_h)
        key(app, pygame.K_h)
        key(app, pygame.K_RETURN)
        run_until(app, lambda: table.can_act and not table.animating and app.scenes.top is table, limit=6000)
        if table.shown.active == [0] and "Cleo's turn." in table.log:
            break
    log = list(table.log)
    assert "Ben's turn." in log and "Cleo's turn." in log and "Your turn." in log
    assert "Ann's turn." not in log, log
    app.shutdown()


def test_end_turn_is_gold_and_focused_only_once_nothing_else_is_left_of_the_turn():
    """In turns, End turn was drawn gold (the button to press) from the first moment of a turn, move
    and card still to do, inviting a child to pass a whole turn by mistake (the turn passes by itself
    once both are done: End turn only ever skips what is left). It is gold, and the keyboard's focus
    lands on it, only when nothing but passing the turn is left."""
    from dataclasses import replace

    from game.core.types import Action
    from game.ui.look import palette as P

    app, table, session = open_table(config("human", "human", mode="turns", scenario="saltmere"))
    ready(app, table)
    assert not table.turn_is_done()
    assert pixel_of_button(app, table, "end_turn") != tuple(P.BRASS)
    assert table.default_focus() != ("button", "end_turn")
    key(app, pygame.K_h)  # the move, by the hint's exact move and Do it
    key(app, pygame.K_h)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: table.can_act and not table.animating and app.scenes.top is table, limit=1800)
    assert table.view["turn"]["moved"] and not table.turn_is_done()  # a card is still to try
    assert pixel_of_button(app, table, "end_turn") != tuple(P.BRASS)
    table.shown = replace(table.shown, legal=(Action.make(0, "end_turn"),))  # as after a move when no card can be tried
    assert table.turn_is_done()
    assert pixel_of_button(app, table, "end_turn") == tuple(P.BRASS)
    assert table.default_focus() == ("button", "end_turn")
    app.shutdown()


def notes_of(table) -> list[str]:
    return [block.text for page in table.journal.pages for block in page.blocks if block.kind == "note"]


def play_until_a_bot_tries_an_item(app, table, bot_name: str, limit: int = 12) -> list[str]:
    """The person plays the hint's exact moves (H, H, Enter); the bots play theirs between."""
    for _ in range(limit):
        notes = notes_of(table)
        if any(note.startswith(f"{bot_name} tries") for note in notes):
            return notes
        key(app, pygame.K_h)
        key(app, pygame.K_h)
        key(app, pygame.K_RETURN)
        ready(app, table)
    raise AssertionError(f"{bot_name} tried no item: {notes_of(table)}")


def test_a_careful_bot_companions_try_says_why_under_it():
    """A bot's try read "Ada tries the Key bow (B1) on card 3." and nothing more: people watching it
    burn a favour could not tell what it was thinking. Under an expert's or a master's try the story
    now says what it read that pointed there (or that it was a guess)."""
    app, table, session = open_table(config("human", "expert", "master", mode="turns", scenario="saltmere"))
    ready(app, table)
    notes = play_until_a_bot_tries_an_item(app, table, "Cleo")
    tried = next(i for i, note in enumerate(notes) if note.startswith(("Ben tries", "Cleo tries")))
    why = notes[tried + 1]
    assert why.startswith("Why: ") and len(why) > 20, notes
    assert any(word in why for word in ("reads", "speaks of", "worth a try", "a guess")), why
    mine = [i for i, note in enumerate(notes) if note.startswith("Ann tries")]
    assert all(not notes[i + 1].startswith("Why") for i in mine if i + 1 < len(notes))  # a person's own try: no reason given
    app.shutdown()


def test_an_easy_companions_try_says_it_tries_things():
    app, table, session = open_table(config("human", "easy", mode="turns", scenario="saltmere"))
    ready(app, table)
    notes = play_until_a_bot_tries_an_item(app, table, "Ben", limit=20)
    tried = next(i for i, note in enumerate(notes) if note.startswith("Ben tries"))
    assert notes[tried + 1] == "An easy companion tries things to see what happens.", notes
    app.shutdown()


def test_an_items_sheet_says_which_cards_want_items_and_where_it_was_tried(monkeypatch):
    """An item's sheet told its text and that items are shared, but not what it could be used on: a
    player had to hunt the small item icons over the map (and inside stacks) and remember which
    cards it had been tried on. It now lists the cards in play that want items and those it was
    already tried on."""
    import game.ui.labyrinth_controls as controls

    opened: list[list[tuple[str, str]]] = []

    class Recording(controls.StorySheet):  # type: ignore[misc, valid-type]
        def __init__(self, app, blocks, *args, **kwargs):
            opened.append(list(blocks))
            super().__init__(app, blocks, *args, **kwargs)

    monkeypatch.setattr(controls, "StorySheet", Recording)
    app, table, session = open_table(config("human", mode="together", scenario="tower"))
    ready(app, table)
    for _ in range(12):  # careless tries by mouse, a card and an item and Use, until one comes back
        if any(line.startswith("No match") for line in table.log):
            break
        piled = {card for cards in table.stacks().values() for card in cards}
        tries = [a for a in table.legal if a.kind == "interact" and len(a["items"]) == 1 and a["card"] not in piled]
        if not tries:
            key(app, pygame.K_h)
            key(app, pygame.K_h)
            key(app, pygame.K_RETURN)
            ready(app, table)
            continue
        action = tries[-1]
        click(app, table.target_rect(("inter", str(action["card"]))).center)
        click(app, table.target_rect(("item", str(action["items"][0]))).center)
        if "use" in table.button_rects():
            click(app, table.button_rects()["use"].center)
        ready(app, table)
    sent_back = next(e for cards in table.view["interactions"].values() for e in cards if e.get("tried"))
    item = str(sent_back["tried"][0][0])
    if table.selected is not None:  # a card still chosen from the last try: Cancel puts it back
        click(app, table.button_rects()["cancel"].center)
    click(app, table.target_rect(("item", item)).center)  # nothing chosen: a click reads the item
    assert isinstance(app.scenes.top, StorySheet)
    notes = [text for kind, text in opened[-1] if kind == "note"]
    wanting = [n for n in notes if n.startswith(("Cards in play that want items: ", "No card in play wants"))]
    assert len(wanting) == 1, notes
    if sent_back["needs"] == 1:  # tried alone on a one-item card: not offered again (only another card of its number)
        import re

        mentions = re.findall(rf"(another )?card {sent_back['number']}\b", wanting[0])
        assert all(mentions), notes
    assert f"Already tried on card {sent_back['number']}" in " ".join(notes), notes
    app.shutdown()


def test_the_line_under_the_score_counts_the_favours_once_few_burn(monkeypatch):
    """With two flames of eight lit the top bar said 'SCORE 1 · Apprentice' and nothing in words about
    how close the party was to having no favour at all; from three down it says how many are left."""
    import game.ui.labyrinth_painter as painter

    app, table, session = open_table(config("human", mode="together", scenario="saltmere"))
    ready(app, table)
    seen = drawn_texts(monkeypatch, painter)
    frames(app, 2)
    assert not [t for t in seen if "left" in t and "favour" in t]
    for lit, words in ((3, "3 favours left"), (1, "only 1 favour left"), (0, "no favour left")):
        table.view["favours"] = {**table.view["favours"], "lit": lit}
        seen.clear()
        frames(app, 2)
        assert f"{table.view['rank']} · {words}" in seen, seen
    app.shutdown()


def test_a_cards_tried_badge_is_never_covered_by_the_next_card_beside_its_scenery(monkeypatch):
    """Two cards beside one scenery overlap; each card's "tried ×5" badge was drawn with the card, so
    the next card covered it ("tr… ×14" at The Drowned Shrine). Badges now come after every card."""
    import game.ui.labyrinth_map as labyrinth_map

    app, table, session = open_table(config("human", mode="together", scenario="tower"))
    ready(app, table)
    piled = {card for cards in table.stacks().values() for card in cards}
    loose = [card for card, inter in table.inters.items() if not inter.hidden and card not in piled]
    assert len(loose) >= 2
    for card in loose:
        table.inters[card].entry["tried"] = [["it-x"]]
    order: list[str] = []
    real_draw, real_badge = labyrinth_map.InteractionOnMap.draw, type(table).draw_badge

    def drawing_card(inter, *args, **kwargs):
        order.append("card")
        return real_draw(inter, *args, **kwargs)

    def drawing_badge(scene, surface, words, *args, **kwargs):
        order.append("badge" if words.startswith("tried") else "other")
        return real_badge(scene, surface, words, *args, **kwargs)

    monkeypatch.setattr(labyrinth_map.InteractionOnMap, "draw", drawing_card)
    monkeypatch.setattr(type(table), "draw_badge", drawing_badge)
    frames(app, 1)
    frame = order[:order.index("badge") + len(loose)] if "badge" in order else order
    assert frame.count("badge") == len(loose), order
    assert "card" not in frame[frame.index("badge"):], order  # no card drawn over a badge
    app.shutdown()
