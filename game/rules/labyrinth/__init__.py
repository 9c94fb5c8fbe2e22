"""Lost in Adventure: The Labyrinth — engine, scenario format and scenario checker.

Public API:
- `ENGINE` (a `LabyrinthEngine`): the engine contract; `ENGINE.start(scenario, seats, mode)` starts
  any loaded scenario, `ENGINE.new_game(config, seed)` a shipped one chosen by the `scenario` option.
- `load_scenario(path_or_id) -> Scenario`, `parse_scenario(text, file)`; errors are `ScenarioError`
  (every fault with file, card and field); a save whose scenario changed raises `ScenarioChanged`.
- `game.rules.labyrinth.checker.main(argv) -> int`: `check-scenario FILE [--budget SECONDS]`.
"""

from game.rules.labyrinth.engine import ENGINE, LabyrinthEngine, match_paragraph, rank_for, score_of
from game.rules.labyrinth.scenario import (
    Problem, Scenario, ScenarioChanged, ScenarioError, load_scenario, parse_scenario, shipped_scenarios,
)

__all__ = [
    "ENGINE", "LabyrinthEngine", "Problem", "Scenario", "ScenarioChanged", "ScenarioError", "load_scenario",
    "match_paragraph", "parse_scenario", "rank_for", "score_of", "shipped_scenarios",
]
