"""The Labyrinth's Hint (game/bots/labyrinth.py `Advisor`, game/ui/labyrinth_hints.py): a careful
companion's advice built from the seat's view only. It picks what the master bot's `choose` would,
with a reason naming the target; a first ask is gentle (where to look), the next exact (the move),
and "Do it" plays that move through the session. The key H, the pad's Y and a tap on the Hint button
open it; Back puts it away; in turns only the seat whose turn it is gets one; the results count the
hints; nothing hidden (LA-7) ever reaches the advice."""

from __future__ import annotations

import inspect
import json
import re
import time

import pygame
import pytest

import game.bots.labyrinth as labyrinth_bots
from game.bots.labyrinth import Advisor, MasterBot, Tier
from game.core.types import Action, GameConfig, SeatConfig
from game.rules.labyrinth import ENGINE
from game.session import LocalSession
from game.ui.labyrinth_overlays import StorySheet
from game.ui.results import ResultsScene
from game.ui.tables import table_scene_for
from game.ui.title import TitleScene
from game.ui.tween import MOTION
from ui_helpers import frames, key, make_app, pad, tap
from waits16 import wait_for

WORD = re.compile(r"[a-z]+")


def shipped_config(scenario: str, mode: str, seats: int = 2, kind: str = "bot") -> GameConfig:
    return GameConfig.make("labyrinth", [SeatConfig(kind, f"P{i + 1}", "master") for i in range(seats)],
                           scenario=scenario, mode=mode)


def careful_path(scenario: str, mode: str, seed: int):
    """Master bots play `scenario`; beside each an advisor with the same seed is asked at every
    step. Yields (state, seat, view, legal, advice, chosen) per step."""
    state = ENGINE.new_game(shipped_config(scenario, mode), seed)
    bots = [MasterBot(None, seat, seed * 31 + seat) for seat in range(2)]
    advisors = [Advisor(seat, "master", seed * 31 + seat) for seat in range(2)]
    while not ENGINE.is_over(state):
        seat = ENGINE.active_seats(state)[0]
        view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
        advice = advisors[seat].advise(view, legal)
        chosen = bots[seat].choose(view, legal)
        yield state, seat, view, legal, advice, chosen
        advisors[seat].played(chosen)
        state, _ = ENGINE.apply(state, chosen)


def names_target(advice, view) -> bool:
    """The reason names what it points at: "#7", "card 12", or the turn."""
    action = advice.action
    if action.kind == "move":
        return f"#{action['to']}" in advice.gentle and f"#{action['to']}" in advice.exact
    if action.kind == "interact":
        number = next(int(e["number"]) for group in view["interactions"].values() for e in group
                      if e["card"] == action["card"])
        items = {i["card"]: i["name"] for i in view["items"]}
        return (f"card {number}" in advice.gentle and f"card {number}" in advice.exact
                and all(items[i] in advice.exact for i in action["items"]))
    return action.kind == "end_turn" and "turn" in advice.exact


# --- the advisor ---------------------------------------------------------------------------------

@pytest.mark.parametrize("scenario, mode, seed", [("tutorial", "together", 1), ("tutorial", "turns", 2),
                                                  ("saltmere", "turns", 3), ("saltmere", "together", 4)])
def test_the_advisor_picks_what_choose_would_at_every_step_and_names_its_target(scenario, mode, seed):
    steps = 0
    tiers = set()
    for _, _, view, _, advice, chosen in careful_path(scenario, mode, seed):
        assert advice is not None, steps
        if advice.action != chosen:  # in turns a companion leaves the way out to the next seat once
            assert mode == "turns" and advice.tier == Tier.WAY_OUT and chosen.kind == "end_turn", (steps, advice, chosen)
        assert names_target(advice, view), advice
        assert advice.gentle != advice.exact and advice.gentle.endswith(".") and advice.exact.endswith(".")
        tiers.add(advice.tier)
        steps += 1
    assert steps > 10
    assert {labyrinth_bots.Tier.DISCOVER, labyrinth_bots.Tier.READ, labyrinth_bots.Tier.CLUED} <= tiers


def test_a_clued_try_says_what_was_read_and_the_item_it_points_to():
    """The tutorial's notched key: the cellar's text speaks of a key, and the advice says so."""
    clued = [a for *_, a, _ in careful_path("tutorial", "together", 1) if a.tier == labyrinth_bots.Tier.CLUED]
    assert clued
    for advice in clued:
        assert advice.clue and advice.clue in advice.gentle and advice.clue in advice.exact
        assert "you carry the" in advice.exact and "try" in advice.exact
    assert any("speaks of a key" in a.exact and "Notched key" in a.exact for a in clued)


def test_a_card_a_text_says_to_leave_alone_is_named_as_one_to_leave_for_last():
    """Saltmere's keeper's cell: what was read there warns against disturbing it, and while other
    things are advised the note says to leave its card for last; once it is advised, no caution."""
    cautions = [(a, view) for *_, view, _, a, _ in careful_path("saltmere", "turns", 3) if a.caution]
    assert cautions
    for advice, view in cautions:
        assert "warns against disturbing" in advice.caution and "for last" in advice.caution
        number = int(advice.caution.split("leave card ")[1].split()[0])
        assert advice.action.kind != "interact" or f"card {number}" not in advice.exact
    assert any("Keeper's Cell" in advice.caution for advice, _ in cautions)


def test_at_the_end_the_advice_says_kindly_that_nothing_is_left():
    *_, (state, seat, view, legal, advice, chosen) = careful_path("tutorial", "together", 1)
    assert advice.tier == labyrinth_bots.Tier.WAY_OUT and "When you are ready" in advice.gentle
    state, _ = ENGINE.apply(state, chosen)
    done = Advisor(seat).advise(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
    assert done is not None and done.action is None and "nothing left to advise" in done.gentle


def test_no_advice_for_a_seat_with_nothing_to_do():
    state = ENGINE.new_game(shipped_config("tutorial", "turns"), 1)
    waiting = 1 - ENGINE.active_seats(state)[0]
    assert Advisor(waiting).advise(ENGINE.view(state, waiting), ENGINE.legal_actions(state, waiting)) is None


def vocabulary_of(text: str) -> set[str]:
    return set(WORD.findall(text.lower()))


# the advisor's own phrases: every word of the module that writes them (it holds no scenario text)
OWN_WORDS = vocabulary_of(inspect.getsource(labyrinth_bots))


@pytest.mark.parametrize("scenario, mode, seed", [("tutorial", "together", 5), ("saltmere", "turns", 6),
                                                  ("tower", "together", 7)])
def test_the_advice_never_holds_anything_the_view_does_not(scenario, mode, seed):
    """LA-7: each advice's words are the view's or the advisor's own phrases, and no hidden text
    (unread paragraphs, face-down scenery, untaken items, sealed prophecies) is in it."""
    checked = 0
    for state, seat, view, _, advice, _ in careful_path(scenario, mode, seed):
        said = " ".join((advice.gentle, advice.exact, advice.clue, advice.caution))
        shown = vocabulary_of(json.dumps(view, ensure_ascii=False))
        assert vocabulary_of(said) <= shown | OWN_WORDS, vocabulary_of(said) - shown - OWN_WORDS
        hidden = ENGINE.secrets(state, seat)
        assert hidden and not any(len(text) > 12 and text in said for text in hidden)
        hidden_words = set().union(*(vocabulary_of(t) for t in hidden)) - shown - OWN_WORDS
        assert not vocabulary_of(said) & hidden_words
        checked += 1
    assert checked > 10


def test_feeding_views_and_asking_costs_little(capsys):
    """Benchmark line (not a timed test): the cost of feeding a view to an advisor and of a hint,
    over a whole Tower game, the longest shipped adventure."""
    state = ENGINE.new_game(shipped_config("tower", "turns"), 3)
    bots = [MasterBot(None, seat, seat) for seat in range(2)]
    advisors = [Advisor(seat, "master", 100 + seat) for seat in range(2)]
    see, ask = [], []
    while not ENGINE.is_over(state):
        seat = ENGINE.active_seats(state)[0]
        view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
        for advisor in advisors:
            started = time.perf_counter()
            advisor.see(view)
            see.append(time.perf_counter() - started)
        started = time.perf_counter()
        advice = advisors[seat].advise(view, legal)
        ask.append(time.perf_counter() - started)
        assert advice is not None and advice.action in legal
        action = bots[seat].choose(view, legal)
        advisors[seat].played(action)
        state, _ = ENGINE.apply(state, action)
    with capsys.disabled():
        print(f"\nBENCH labyrinth hints (tower, {len(ask)} steps): feed a view mean "
              f"{1000 * sum(see) / len(see):.3f} ms max {1000 * max(see):.2f} ms; a hint mean "
              f"{1000 * sum(ask) / len(ask):.2f} ms max {1000 * max(ask):.2f} ms")
    assert len(see) == 2 * len(ask) > 20


def test_h_and_the_north_button_ask_for_a_hint_unless_bound_to_something_else():
    from game.ui.input import InputMapper
    from game.ui.settings import Settings

    pygame.init()
    mapper = InputMapper(Settings())
    down = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0),
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_Y, instance_id=0)]
    assert [(i.kind, i.device) for i in mapper.feed(down)] == [("hint", "keyboard"), ("hint", "gamepad")]
    settings = Settings()
    settings.key_bindings["menu"].append("h")
    settings.pad_bindings["menu"].append("y")
    assert [i.kind for i in InputMapper(settings).feed(down)] == ["menu", "menu"]


# --- at the table --------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def motion(data_dir):
    yield
    MOTION.reduced = False
    MOTION.speed = 1.0


def open_table(cfg: GameConfig, actions: list[Action] | None = None, size=(1920, 1080), bot_delay: float = 0.0):
    app = make_app(size)
    app.settings.reduced_motion = True
    app.apply_motion()
    app.push(TitleScene(app))
    session = LocalSession(cfg, 7, bot_delay=bot_delay, actions=actions)
    table = table_scene_for("labyrinth")(app, session)
    app.push(table)
    return app, table, session


def run_until(app, condition, limit: int = 1500) -> None:
    for _ in range(limit):
        if condition():
            return
        app.step(1 / 60)
    raise AssertionError("condition not reached")


def ready(app, table) -> None:
    frames(app, 3)
    run_until(app, lambda: isinstance(app.scenes.top, StorySheet) or table.can_act)
    if isinstance(app.scenes.top, StorySheet):
        key(app, pygame.K_RETURN)
    run_until(app, lambda: table.can_act and app.scenes.top is table and not table.animating)
    frames(app, 20)


def solo(mode: str = "together") -> GameConfig:
    return shipped_config("tutorial", mode, seats=1, kind="human")


def test_h_gives_the_gentle_nudge_then_the_exact_move_and_do_it_plays_it():
    app, table, session = open_table(solo())
    ready(app, table)
    key(app, pygame.K_h)
    assert table.hint_level == 1 and table.hint is not None and table.hint.action in table.legal
    assert table.hint_words() == table.hint.gentle
    assert table.hint_glow_targets() and table.hint_glow_targets()[0] == table.hint.targets[0]
    assert table.note_rect() is not None and [n for n, _ in table.note_buttons()] == ["more", "close"]
    assert table.log[-1] == "You asked for a hint."
    key(app, pygame.K_h)
    assert table.hint_level == 2 and table.hint_words() == table.hint.exact
    assert [n for n, _ in table.note_buttons()] == ["do", "close"] and table.focus == ("note", "do")
    assert table.log[-1] == "You asked for the exact move." and table.hints_asked == 2
    advised = table.hint.action
    key(app, pygame.K_RETURN)  # "Do it"
    assert session.actions == [advised] and table.hint_level == 0


def test_back_puts_the_note_away_and_a_new_state_does_too():
    app, table, session = open_table(solo())
    ready(app, table)
    key(app, pygame.K_h)
    assert table.hint_level == 1
    key(app, pygame.K_ESCAPE)
    assert table.hint_level == 0 and app.scenes.top is table  # Back closed the note, not the table
    key(app, pygame.K_h)
    table.submit(next(a for a in table.legal if a.kind == "move"))
    frames(app, 3)
    run_until(app, lambda: table.can_act and not table.animating)
    assert len(session.actions) == 1 and table.hint_level == 0  # the advice was for the state before


def test_the_pads_north_button_asks_too():
    app, table, _ = open_table(solo())
    ready(app, table)
    pad(app, pygame.CONTROLLER_BUTTON_Y)
    assert table.hint_level == 1 and table.focus == ("note", "more")
    pad(app, pygame.CONTROLLER_BUTTON_A)  # More
    assert table.hint_level == 2
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert table.hint_level == 0


def test_a_touch_on_the_hint_button_opens_it_and_the_notes_buttons_answer_touch():
    app, table, session = open_table(solo(), size=(1280, 720))
    ready(app, table)
    button = table.target_rect(("button", "hint"))
    assert button is not None and button.width >= 64 and button.height >= 64  # ART.md: touch targets
    tap(app, button.center)
    assert table.hint_level == 1
    tap(app, table.note_button_rects()["more"].center)
    assert table.hint_level == 2
    advised = table.hint.action
    tap(app, table.note_button_rects()["do"].center)
    assert session.actions == [advised]


def test_in_turns_a_hint_waits_for_your_turn():
    cfg = GameConfig.make("labyrinth", [SeatConfig("human", "Ann", "master"), SeatConfig("bot", "Ben", "master")],
                          scenario="tutorial", mode="turns")
    app, table, session = open_table(cfg, bot_delay=600.0)  # Ben thinks for ten minutes
    ready(app, table)
    for _ in range(3):  # Ann moves, then ends her turn
        if 1 in table.shown.active:
            break
        ends = [a for a in table.legal if a.kind == "end_turn"]
        table.submit(ends[0] if ends and table.view["turn"]["moved"] else
                     next(a for a in table.legal if a.kind == "move"))
        frames(app, 3)
        run_until(app, lambda: not table.animating and (table.can_act or 1 in table.shown.active))
    assert table.shown.active == (1,) and not table.can_act
    asked = table.hints_asked
    key(app, pygame.K_h)
    assert table.hint_level == 0 and table.hints_asked == asked
    assert any("It is Ben's turn" in toast.text for toast in app.toasts.items)


def test_playing_together_the_seat_at_the_screen_gets_its_hint():
    app, table, _ = open_table(shipped_config("tutorial", "together", seats=2, kind="human"))
    ready(app, table)
    key(app, pygame.K_h)
    assert table.hint_level == 1 and table.log[-1].endswith("asked for a hint.")
    assert set(table.advisors) == {0, 1}  # one advisor per seat played here, each fed every view


def test_the_results_count_the_hints_asked():
    state = ENGINE.new_game(solo(), 7)
    bot = MasterBot(None, 0, 1)
    actions = []
    while not ENGINE.is_over(state):
        action = bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
        state, _ = ENGINE.apply(state, action)
        actions.append(action)
    app, table, session = open_table(solo(), actions=actions[:-1])
    ready(app, table)
    key(app, pygame.K_h)
    key(app, pygame.K_h)
    assert table.hint.action == actions[-1]  # a companion made mid-game reads the table just as well
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.scenes.top, (StorySheet, ResultsScene)))
    if isinstance(app.scenes.top, StorySheet):
        key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    lines = app.scenes.top.outcome.breakdown[0]
    # this table opened on a game under way (as Continue does): it counts only its own hints, and says so
    assert table.opened_under_way and {"label": "Hints since you resumed", "value": 2} in lines
    assert session.outcome().breakdown[0] == lines[:-1]  # the engine's outcome knows nothing of it
    table.close_hint()
    table.ask_hint()  # over: the note says so kindly, and it is not counted
    assert "nothing left to advise" in table.hint_words() and table.hints_asked == 2


def test_a_table_that_saw_the_game_from_its_start_says_plainly_how_many_hints():
    from game.core.types import Outcome
    from game.ui.results import with_hints_asked

    app, table, _ = open_table(solo())
    assert not table.opened_under_way  # a new game: every hint asked is counted here
    plain = Outcome(scores=(8,), ranking=((0,),), winners=(0,), breakdown=((),))
    assert with_hints_asked(plain, 3).breakdown[0][-1] == {"label": "Hints", "value": 3}
    assert with_hints_asked(plain, 3, since_resumed=True).breakdown[0][-1]["label"] == "Hints since you resumed"


def test_at_a_lan_table_the_guest_is_advised_from_its_own_view_and_do_it_goes_to_the_host():
    """Over loopback (no discovery): the guest's advisor reads the view its seat received, and the
    advised move is sent to the host like any other."""
    from game.ui.lobby_room import LanTableScene
    from game.ui.table_labyrinth import LabyrinthTable
    from net.client import RemoteSession
    from net.host import start_host
    from ui_helpers import step_until

    handle = start_host("labyrinth", "open", bot_delay=0.0, seed=3, options={"scenario": "tutorial"})
    guest = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    app = make_app()
    try:
        app.push(TitleScene(app))
        def seated() -> bool:  # by the host's welcome
            guest.poll()
            return bool(guest.local_seats())

        wait_for(seated, pause=0.01, what="Ann seated")
        table = LabyrinthTable(app, guest)
        lan = LanTableScene(app, guest, table)
        app.push(lan)
        step_until(app, lambda: table.shown is not None)

        def waiting_for_ann() -> bool:  # past the intro sheet, to a still table waiting for Ann
            if isinstance(app.scenes.top, StorySheet):
                key(app, pygame.K_RETURN)
            return app.scenes.top is lan and table.can_act and not table.animating and not table.intro_pending

        step_until(app, waiting_for_ann)
        frames(app, 10)
        key(app, pygame.K_h)
        key(app, pygame.K_h)  # through the LAN screen to its table
        assert table.hint_level == 2, (app.scenes.scenes, table.hint_refusal(), table.can_act, list(table.log))
        assert table.hint.action in table.legal
        assert set(table.advisors) == {0}
        before = table.shown.version
        key(app, pygame.K_RETURN)  # Do it
        step_until(app, lambda: table.shown.version > before)
    finally:
        guest.close()
        app.shutdown()
        handle.stop()


def story_sheets_said(monkeypatch) -> list[str]:
    """Every text the table puts on its story sheets from now on (the list fills as they open)."""
    import game.ui.table_labyrinth as table_module

    said: list[str] = []
    real = table_module.StorySheet

    def recording(app, blocks, *args, **kwargs):
        said.extend(text for _, text in blocks)
        return real(app, blocks, *args, **kwargs)

    monkeypatch.setattr(table_module, "StorySheet", recording)
    return said


def test_the_first_sheet_of_every_adventure_says_the_hint_exists(monkeypatch):
    said = story_sheets_said(monkeypatch)
    app, table, _ = open_table(solo())
    frames(app, 3)
    run_until(app, lambda: isinstance(app.scenes.top, StorySheet))
    assert any("Hint (H, or Y on a gamepad)" in text for text in said)


@pytest.mark.parametrize("scenario, seed", [("tutorial", 2), ("saltmere", 3)])
def test_in_turns_a_companion_leaves_the_way_out_to_the_next_seat_once(scenario, seed):
    """A bot companion took the story's last step itself ("Ada turns over card 7. The end…"), the
    person beside it never did. In turns it now passes once where its pick would leave; only when a
    whole round left the table unchanged does it leave (bots alone end a round later)."""
    waited = [(view, advice) for _, _, view, _, advice, chosen in careful_path(scenario, "turns", seed)
              if advice.action != chosen]
    assert waited and all(advice.tier == Tier.WAY_OUT for _, advice in waited)
    *_, (state, _, _, _, _, chosen) = careful_path(scenario, "turns", seed)
    assert ENGINE.is_over(ENGINE.apply(state, chosen)[0])  # and the adventure still ends
