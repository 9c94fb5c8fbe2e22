"""LAN, whole games between a host screen and guests over loopback, and what a guest
sees when the table ends after its game.

Every socket is on 127.0.0.1 and nothing here starts zeroconf (discovery is off).
"""

from __future__ import annotations

from pathlib import Path
import sys

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import highcard  # noqa: E402,F401 - registers the test engine
from game.ui.lobby_room import LanTableScene  # noqa: E402
from game.ui.results import ResultsScene  # noqa: E402
from game.ui.table_base import TableSceneBase  # noqa: E402
from game.ui.title import TitleScene  # noqa: E402
from net.client import RemoteSession  # noqa: E402
from net.host import start_host  # noqa: E402
from net_driver import BotDriver  # noqa: E402
from ui_helpers import frames, make_app, step_until  # noqa: E402
from waits16 import CEILING  # noqa: E402


class MiniTable(TableSceneBase):
    """A table that draws nothing: enough to reach the results screen."""



def test_a_host_closing_after_the_game_leaves_the_guests_results_uncovered(data_dir):
    """The host pressed 'Back to title' on its results (which closes the table): the guest looking at
    the results saw the red 'The host closed the table' card drawn between the table and the result
    cards, its words and button peeking out around them. After the last move the results stay
    clean; a toast says the table was closed."""
    handle = start_host("highcard", "open,open", bot_delay=0.0, seed=3)
    ann = RemoteSession("127.0.0.1", handle.port, name="Ann", seats=[0])
    bob = RemoteSession("127.0.0.1", handle.port, name="Bob", seats=[1])
    app = make_app()
    toasts: list[str] = []
    app.toast = lambda message, kind="info": toasts.append(message)  # type: ignore[method-assign]
    try:
        assert BotDriver([ann, bob], seed=2).play(CEILING)
        app.push(TitleScene(app))
        lan = LanTableScene(app, ann, MiniTable(app, ann))
        app.push(lan)
        step_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
        handle.stop()  # the host's own results: Back to title
        step_until(app, lambda: ann.failure == "host/closing")
        frames(app, 5)
        assert lan.mode == "ended" and isinstance(app.scenes.top, ResultsScene)
        drawn: list[str] = []
        lan.draw_overlay = lambda surface: drawn.append("card")  # type: ignore[method-assign]
        lan.draw(app.canvas, 1.0)
        assert drawn == []
        assert toasts[-1] == "The host closed the table after the game: the results stay on your screen."
    finally:
        ann.close()
        bob.close()
        app.shutdown()
        handle.stop()


def test_play_again_on_the_hosting_screen_deals_a_new_game_for_everyone_at_the_table(data_dir):
    """At a LAN table the results offered only 'Back to title', which closed the table: three
    friends who wanted another game had to host and join all over again. The host's results now say
    'Play again': the same seats and names, a fresh deal, and every screen (a guest on its results,
    a spectator) opens the new game with a word of who dealt it."""
    from game.ui.lobby_host import HostedTable, LanOptions
    from game.ui.tables import register_table, unregister_table
    from net.host import SeatSpec

    register_table("highcard", MiniTable)
    lan = LanOptions(discovery=False, port=0, games=("highcard",), bot_delay=0.0)
    hosted = HostedTable.open("highcard", [SeatSpec("local", name="Hana"), SeatSpec("open")], table_name="T",
                              options={}, lan=lan)
    host_app, guest_app = make_app(), make_app()
    toasts: list[str] = []
    guest_app.toast = lambda message, kind="info": toasts.append(message)  # type: ignore[method-assign]
    hana = hosted.connect("Hana", lan)
    gus = RemoteSession("127.0.0.1", hosted.handle.port, name="Gus", seats=[1])
    try:
        hosted.start_game()
        assert BotDriver([hana, gus], seed=2).play(CEILING)
        host_table = LanTableScene(host_app, hana, MiniTable(host_app, hana), hosted)
        guest_table = LanTableScene(guest_app, gus, MiniTable(guest_app, gus))
        for app, table in ((host_app, host_table), (guest_app, guest_table)):
            app.push(TitleScene(app))
            app.push(table)
            step_until(app, lambda app=app: isinstance(app.scenes.top, ResultsScene))
        host_results, guest_results = host_app.scenes.top, guest_app.scenes.top
        assert host_results.on_again is not None and guest_results.on_again is None  # only the host deals
        host_results.again()
        for app, table, session in ((host_app, host_table, hana), (guest_app, guest_table, gus)):
            step_until(app, lambda app=app, table=table: app.scenes.top is table)
            latest = session.latest(session.local_seats()[0])
            assert latest.version == 0 and latest.outcome is None and table.table.shown.version == 0
            assert not table.table.results_shown
        assert toasts[-1] == "Hana dealt a new game at this table."
        assert [s.name for s in gus.seats()] == ["Hana", "Gus"]
        assert BotDriver([hana, gus], seed=5).play(CEILING)  # the second game plays to its end too
    finally:
        hana.close()
        gus.close()
        host_app.shutdown()
        guest_app.shutdown()
        hosted.stop()
        unregister_table("highcard")
