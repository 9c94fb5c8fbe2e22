"""Which table scene plays which game. A game's table module registers itself:

    # game/ui/table_lost_cities.py
    from game.ui.tables import register_table
    register_table("lost-cities", LostCitiesTable)   # LostCitiesTable(app, session) -> TableSceneBase

`table_scene_for(game_id)` imports the game's conventional module on first use, so nothing else
needs to import it. A game is playable when its engine is available AND a table is registered.
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING, Any, Callable

from game.core.registry import UnknownGame, is_available

if TYPE_CHECKING:
    from game.session.base import Session
    from game.ui.scene import Scene

log = logging.getLogger(__name__)

TableFactory = Callable[[Any, "Session"], "Scene"]

TABLE_MODULES: dict[str, str] = {
    "lost-cities": "game.ui.table_lost_cities",
    "lost-in-time": "game.ui.table_lost_in_time",
    "time-after-time": "game.ui.table_time_after_time",
    "labyrinth": "game.ui.table_labyrinth",
}

_TABLES: dict[str, TableFactory] = {}
_tried: set[str] = set()


def register_table(game_id: str, scene_factory: TableFactory) -> None:
    """Register `scene_factory(app, session)` as the table of `game_id` (last one wins)."""
    _TABLES[game_id] = scene_factory


def unregister_table(game_id: str) -> None:
    _TABLES.pop(game_id, None)


def table_scene_for(game_id: str) -> TableFactory | None:
    """The registered table factory of a game, importing its module once if needed."""
    if game_id not in _TABLES and game_id not in _tried and game_id in TABLE_MODULES:
        _tried.add(game_id)
        module = TABLE_MODULES[game_id]
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if not (exc.name and module.startswith(exc.name)):
                log.exception("table module %s failed to import", module)
        except Exception:  # a broken table must not take the menus down with it
            log.exception("table module %s failed to import", module)
    return _TABLES.get(game_id)


_preloading: list[Any] = []  # the one preload thread of this process, once started


def preload_tables() -> Any:
    """Import every table module (and so its engine) on a background thread while a menu sits still:
    the picker's first frame imported all four, a 70-200 ms hitch on a click. Only the modules are
    imported here; registering and `_tried` stay with `table_scene_for` (Python's import lock makes a
    picker that asks meanwhile wait for the module, not miss it)."""
    import threading

    def work() -> None:
        for module in TABLE_MODULES.values():
            try:
                importlib.import_module(module)
            except Exception:  # table_scene_for logs it when the game is asked for
                pass

    if not _preloading:
        thread = threading.Thread(target=work, name="preload-tables", daemon=True)
        _preloading.append(thread)
        thread.start()
    return _preloading[0]


def is_playable(game_id: str) -> bool:
    """Engine available and a table scene registered (else the picker says "coming soon")."""
    try:
        engine_ready = is_available(game_id)
    except UnknownGame:
        from game.core.registry import _TEST_ENGINES

        engine_ready = game_id in _TEST_ENGINES
    except Exception:  # an engine module that does not import yet counts as not available
        log.exception("engine of %s failed to import", game_id)
        engine_ready = False
    return engine_ready and table_scene_for(game_id) is not None
