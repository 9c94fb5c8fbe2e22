"""Tabletime: four tabletop card games in one arcade-style program.

    python main.py                      play (fullscreen; --windowed, --size WxH)
    python main.py screenshot title --out title.png
    python main.py simulate lost-cities --seats bot:easy,bot:expert --games 100 --seed 1 --json
    python main.py check-scenario game/content/labyrinth/scenario.toml --show-paths
    python main.py serve lost-cities --seats open,bot:expert
    python main.py --lan-interfaces 192.168.1.20 serve lost-cities

Subcommands live in SUBCOMMANDS; adding one is one decorated function. `serve` comes from
net/serve.py (`add_serve_parser`), which owns its options.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import sys
from dataclasses import dataclass
from typing import Callable, Sequence

from game.core.arguments import seconds_type

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
log = logging.getLogger("tabletime")

SCREENSHOT_SCENES = ("title", "picker", "setup", "settings", "rules", "table", "results")


@dataclass(frozen=True)
class Subcommand:
    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


SUBCOMMANDS: dict[str, Subcommand] = {}


def command(name: str, help: str, arguments: Callable[[argparse.ArgumentParser], None] | None = None):
    """Register `run(args) -> exit code` as subcommand `name`; `arguments(parser)` adds its options."""
    def register(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
        SUBCOMMANDS[name] = Subcommand(name, help, arguments or (lambda parser: None), run)
        return run
    return register


# --- argument types ---------------------------------------------------------------------------------
def window_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if not (320 <= width <= 16384 and 240 <= height <= 16384):
        raise argparse.ArgumentTypeError(f"size {text} is out of range (320x240 to 16384x16384)")
    return (width, height)


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


positive_seconds = seconds_type(zero_allowed=False)
"""A time budget in seconds: a finite number above 0 ("nan", "-1" and "inf" are refused)."""


def ip_list(text: str) -> list[str]:
    import ipaddress

    out = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            out.append(str(ipaddress.ip_address(part)))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r} is not an IP address") from None
    return out


def option_pair(text: str) -> tuple[str, object]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"options look like name=value, not {text!r}")
    key, raw = text.split("=", 1)
    value: object = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    else:
        try:
            value = int(raw)
        except ValueError:
            pass
    return key.strip(), value


def seat_levels(text: str) -> list[str]:
    levels = []
    for part in text.split(","):
        kind, _, level = part.strip().partition(":")
        if kind != "bot" or level not in ("easy", "expert", "master", "random"):
            raise argparse.ArgumentTypeError(
                f"seats look like bot:easy,bot:expert (levels easy, expert, master), not {part!r}")
        levels.append(level)
    return levels


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", metavar="DIR", help="settings and saves here (default: your user data "
                                                          "directory, or TABLETIME_DATA_DIR)")


def data_dir_problem(args: argparse.Namespace) -> str:
    """Why the data directory (--data-dir or TABLETIME_DATA_DIR) cannot hold settings and saves, or
    "" when it can; checked before anything reads or writes there (a file's path, a folder that
    cannot be made), so a wrong value gets a sentence instead of a traceback."""
    chosen = getattr(args, "data_dir", None) or (os.environ.get("TABLETIME_DATA_DIR")
                                                   if getattr(args, "command", None) in DATA_COMMANDS else None)
    if not chosen:
        return ""
    from pathlib import Path

    where = Path(chosen).expanduser()
    option = "--data-dir" if getattr(args, "data_dir", None) else "TABLETIME_DATA_DIR"
    if where.exists() and not where.is_dir():
        return f"{option} {chosen} is a file, not a folder"
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"{option} {chosen} cannot be used ({exc.strerror or exc})"
    return ""


DATA_COMMANDS = ("play", "screenshot", "serve")


def _use_data_dir(args: argparse.Namespace) -> None:
    if getattr(args, "data_dir", None):
        from game.session.storage import set_data_dir

        set_data_dir(args.data_dir)


# --- play -------------------------------------------------------------------------------------------
def _play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--windowed", action="store_true", help="start in a window instead of fullscreen")
    parser.add_argument("--size", type=window_size, metavar="WxH", help="window size, e.g. 1280x720 (implies --windowed)")
    parser.add_argument("--quit-after-frames", type=positive_int, metavar="N", help="quit after N frames (smoke tests)")
    parser.add_argument("--lan-interfaces", type=ip_list, metavar="IP[,IP]",
                        help="LAN play only on these local addresses (also TABLETIME_LAN_INTERFACES)")


def lan_choice(text: str) -> str:
    """The global --lan-interfaces value: IPv4 addresses separated by commas, or `all`."""
    from net.discovery import lan_interfaces as parse_lan

    try:
        parse_lan(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"--lan-interfaces takes IPv4 addresses or 'all' ({exc})") from None
    return text


def lan_interfaces(args: argparse.Namespace) -> list[str]:
    if getattr(args, "lan_interfaces", None):
        return list(args.lan_interfaces)
    chosen = getattr(args, "global_lan_interfaces", None)
    if chosen and chosen.strip().lower() != "all":
        return ip_list(chosen)
    env = os.environ.get("TABLETIME_LAN_INTERFACES", "")
    try:
        return ip_list(env) if env else []
    except argparse.ArgumentTypeError as exc:
        log.warning("TABLETIME_LAN_INTERFACES is not a list of addresses (%s): solo play works, LAN play "
                    "refuses to start until it is corrected or unset", exc)
        return []


@command("play", "open Tabletime on the title screen (the default)", _play_arguments)
def run_play(args: argparse.Namespace) -> int:
    _use_data_dir(args)
    from game.ui.app import App
    from game.ui.title import TitleScene

    import pygame

    windowed = True if (args.windowed or args.size) else None
    try:
        app = App(windowed=windowed, size=args.size, lan_interfaces=lan_interfaces(args))
    except pygame.error as exc:
        print(f"play: cannot open a window ({exc}). Is a display available?", file=sys.stderr)
        return 1
    app.push(TitleScene(app))
    return app.run(quit_after_frames=args.quit_after_frames)


# --- screenshot -------------------------------------------------------------------------------------
def _screenshot_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", choices=SCREENSHOT_SCENES, help="which screen to render")
    parser.add_argument("--out", required=True, metavar="FILE.png", help="where to write the PNG")
    parser.add_argument("--game", metavar="ID", help="game for setup, rules, table and results")
    parser.add_argument("--seats", type=positive_int, metavar="N", help="number of seats at the table")
    parser.add_argument("--seed", type=int, default=1, metavar="N", help="seed of the game shown (default 1)")
    parser.add_argument("--size", type=window_size, default=(1920, 1080), metavar="WxH", help="image size")
    parser.add_argument("--frames", type=positive_int, default=150, metavar="N",
                        help="display frames (1/60 s each) before the shot (default 150)")


class SceneError(ValueError):
    """A screenshot that cannot be made (unknown game, no table yet); the message says why."""


def build_scene(app, scene: str, game: str | None = None, seats: int | None = None, seed: int = 1):
    """The scene object for `main.py screenshot` (also used by tests in-process)."""
    from game.core.registry import GAMES, UnknownGame, find_game, is_available

    if scene == "title":
        from game.ui.title import TitleScene

        return TitleScene(app)
    if scene == "picker":
        from game.ui.picker import GamePickerScene

        return GamePickerScene(app)
    if scene == "settings":
        from game.ui.settings_scene import SettingsScene

        return SettingsScene(app)
    if scene == "rules":
        from game.ui.rules import RulesScene

        return RulesScene(app, game)
    if game is None:
        ready = [info.game_id for info in GAMES if _safe_available(is_available, info.game_id)]
        if not ready:
            raise SceneError(f"the {scene} screen needs a game engine, and none has landed yet")
        game = ready[0]
    try:
        engine = find_game(game)
    except UnknownGame as exc:
        raise SceneError(str(exc)) from None
    if scene == "setup":
        from game.ui.setup import SeatSetupScene

        setup = SeatSetupScene(app, game)
        if seats:
            setup.seat_count = max(engine.min_seats, min(engine.max_seats, seats))
            setup.fit_options()  # e.g. the Labyrinth with a bot beside a person: in turns
        return setup
    from game.ui.tables import table_scene_for

    factory = table_scene_for(game)
    if factory is None:
        raise SceneError(f"{engine.title} has no table scene yet, so there is no {scene} screen to show")
    session = seeded_session(game, seats or engine.min_seats, seed, finished=(scene == "results"))
    return factory(app, session)


def _safe_available(check, game_id: str) -> bool:
    try:
        return bool(check(game_id))
    except Exception:
        return False


def seeded_session(game: str, seats: int, seed: int, finished: bool):
    """Seat 0 a person, the rest bots; play a seeded few rounds (or the whole game) at once. The
    person's moves before the shot are an expert's, so the table shows sensible play."""
    from game.bots.base import make_bot
    from game.core.engine import fit_options
    from game.core.registry import find_game
    from game.core.types import GameConfig, SeatConfig
    from game.session import LocalSession
    from game.ui.setup import BOT_NAMES

    engine = find_game(game)
    seats = max(engine.min_seats, min(engine.max_seats, seats))
    people_and_bots = [SeatConfig("human", "You")] + [SeatConfig("bot", BOT_NAMES[i], "expert") for i in range(seats - 1)]
    defaults = {option.name: option.default for option in engine.options}
    options, _ = fit_options(engine.options, [seat.kind for seat in people_and_bots], defaults)
    config = GameConfig.make(game, people_and_bots, **options)
    session = LocalSession(config, seed, bot_delay=0.0)
    player = make_bot(game, "expert", engine, 0, seed)
    moves = 10_000 if finished else 3

    def bots_play() -> None:
        if finished:
            session.run_bots_until_human()
            return
        # mid-game: bots move only until the person may act (where anyone may act at any time, as in
        # the Labyrinth played together, bots would otherwise play the whole game before the shot)
        for _ in range(500):
            if session.is_over() or 0 in session.engine.active_seats(session.state):
                return
            session.run_bots_until_human(1)

    for _ in range(moves):
        bots_play()
        if session.is_over():
            break
        legal = session.engine.legal_actions(session.state, 0)
        if not legal:
            break
        # reordering a hand (Time After Time) changes nothing on the table: a picture wants real moves
        moves_shown = [a for a in legal if a.kind != "reorder"] or legal
        session.submit(player.choose(session.engine.view(session.state, 0), moves_shown))
    bots_play()
    session.poll()
    session.bot_delay = 0.7
    return session


@command("screenshot", "render one screen headless to a PNG file", _screenshot_arguments)
def run_screenshot(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    _use_data_dir(args)
    try:
        check_screenshot_request(args.out, args.game, args.seats)
        write_screenshot(args.scene, args.out, game=args.game, seats=args.seats, seed=args.seed,
                         size=args.size, frames=args.frames)
    except SceneError as exc:
        print(f"screenshot: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}")
    return 0


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")


def check_screenshot_request(out: str, game: str | None, seats: int | None) -> None:
    """SceneError for a request `write_screenshot` would quietly bend (an unknown game shown as the
    first one, 9 seats clamped to 2) or fail on after rendering (a folder that does not exist)."""
    from pathlib import Path

    from game.core.engine import seats_range
    from game.core.registry import UnknownGame, find_game

    target = Path(out).expanduser()
    if target.suffix.lower() not in IMAGE_SUFFIXES:
        raise SceneError(f"--out must end in {', '.join(IMAGE_SUFFIXES)}, not {target.name!r}")
    if not target.parent.is_dir():
        raise SceneError(f"cannot write {out}: the folder {target.parent} does not exist")
    if game is None and seats is not None:  # the screen shows the first game: its seat count applies
        from game.core.registry import GAMES, is_available

        game = next((info.game_id for info in GAMES if _safe_available(is_available, info.game_id)), None)
    if game is not None:
        try:
            engine = find_game(game)
        except UnknownGame as exc:
            raise SceneError(str(exc)) from None
        if seats is not None and not engine.min_seats <= seats <= engine.max_seats:
            raise SceneError(f"{engine.title} takes {seats_range(engine.min_seats, engine.max_seats)}, not {seats}")


def write_screenshot(scene: str, out: str, game: str | None = None, seats: int | None = None, seed: int = 1,
                     size: tuple[int, int] = (1920, 1080), frames: int = 150, app=None) -> None:
    import pygame

    from game.ui.app import App

    own_app = app is None
    if app is None:
        app = App(headless=True, size=size)
    scene_obj = build_scene(app, scene, game, seats, seed)
    app.clear_to(scene_obj)
    app.running = True
    for _ in range(max(1, frames)):
        app.step(1 / 60)
        if not app.running:  # SIGTERM and Ctrl-C reach SDL as a quit: `timeout` could not stop a long run
            raise SceneError("stopped before the picture was taken (asked to quit)")
    if app.window is not None:
        try:
            pygame.image.save(app.window, out)
        except (pygame.error, OSError) as exc:
            raise SceneError(f"cannot write {out} ({exc})") from None
    if own_app:
        app.shutdown()


# --- simulate ---------------------------------------------------------------------------------------
def _simulate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id, e.g. lost-cities")
    parser.add_argument("--seats", type=seat_levels, required=True, metavar="bot:LEVEL,...",
                        help="one bot:LEVEL per seat (easy, expert, master)")
    parser.add_argument("--games", type=positive_int, default=10, metavar="N", help="how many games (default 10)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="first seed (default 1)")
    parser.add_argument("--workers", type=positive_int, default=1, metavar="N",
                        help="processes to play on (default 1; the result does not depend on it)")
    parser.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    parser.add_argument("--option", type=option_pair, action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (repeatable)")


@command("simulate", "play headless bot games and print win rates", _simulate_arguments)
def run_simulate(args: argparse.Namespace) -> int:
    from game.bots.simulate import simulate_parallel
    from game.core.engine import seats_range, unknown_option
    from game.core.registry import UnknownGame, find_game
    from game.core.types import IllegalAction

    try:
        engine = find_game(args.game)
    except UnknownGame as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    if not engine.min_seats <= len(args.seats) <= engine.max_seats:
        print(f"simulate: {engine.title} takes {seats_range(engine.min_seats, engine.max_seats)}, "
              f"not {len(args.seats)}", file=sys.stderr)
        return 2
    options = dict(args.option)
    unknown = unknown_option(engine.title, engine.options, options)
    if unknown:
        print(f"simulate: {unknown}", file=sys.stderr)
        return 2
    most = max_workers()
    if args.workers > most:
        print(f"simulate: --workers {args.workers} is more than this machine can run at once; "
              f"use at most {most} (it has {os.cpu_count() or 1} cores)", file=sys.stderr)
        return 2
    try:
        stats = simulate_parallel(args.game, args.seats, args.games, args.seed, args.workers, options)
    except IllegalAction as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    print(f"{engine.title}: {stats['games']} games in {stats['seconds']} s")
    if stats["cooperative"]:  # one table against the game: how often it won together
        low, high = stats["team_win_rate_ci95"]
        scores = [m for m in stats["mean_score"] if m is not None]
        mean_text = "—" if not scores else f"{sum(scores) / len(scores):.1f}"
        print(f"  together ({', '.join('bot:' + level for level in args.seats)}): won {stats['team_wins']} of "
              f"{stats['games']} ({stats['team_wins'] / stats['games']:.0%}, 95% CI {low:.0%}–{high:.0%})  "
              f"mean score {mean_text}")
        print(f"  mean actions {stats['mean_actions']:.1f}")
    else:
        for slot, level in enumerate(args.seats):
            mean = stats["mean_score"][slot]
            mean_text = "—" if mean is None else f"{mean:.1f}"
            print(f"  seat {slot + 1} bot:{level:7s} wins {stats['wins'][slot]:g}  mean score {mean_text}")
        print(f"  draws {stats['draws']}  mean actions {stats['mean_actions']:.1f}")
    if args.json:
        print(json.dumps(stats, sort_keys=True))
    return 0


def max_workers() -> int:
    """The most `simulate --workers` may start: each is a whole Python process playing games."""
    return 4 * (os.cpu_count() or 1)


# --- check-scenario ---------------------------------------------------------------------------------
def _check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a Labyrinth scenario file")
    parser.add_argument("--budget", type=positive_seconds, metavar="S", help="seconds the checker may search")
    parser.add_argument("--max-states", type=positive_int, metavar="N", help="states kept before giving up")
    parser.add_argument("--show-paths", action="store_true", help="print the best play found for each ending")


@command("check-scenario", "prove a Labyrinth scenario file has no dead ends", _check_arguments)
def run_check_scenario(args: argparse.Namespace) -> int:
    try:
        checker = importlib.import_module("game.rules.labyrinth.checker")
    except ModuleNotFoundError as exc:
        if exc.name and "game.rules.labyrinth.checker".startswith(exc.name):
            print("check-scenario: the Labyrinth scenario checker has not landed yet "
                  "(game/rules/labyrinth/checker.py)", file=sys.stderr)
            return 2
        raise
    argv = [args.file] + (["--budget", str(args.budget)] if args.budget is not None else [])
    if args.max_states is not None:
        argv += ["--max-states", str(args.max_states)]
    if args.show_paths:
        argv.append("--show-paths")
    return int(checker.main(argv) or 0)


# --- serve (LAN) ------------------------------------------------------------------------------------
def run_serve(args: argparse.Namespace) -> int:
    """`serve`: net/serve.py parses its own options (add_serve_parser) and runs the host."""
    _use_data_dir(args)
    from net.serve import run_serve as serve

    return int(serve(args) or 0)


def _add_serve(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    try:
        from net.serve import add_serve_parser
    except ImportError as exc:  # a checkout without net/ still plays solo
        log.debug("no serve subcommand: %s", exc)
        return
    child = add_serve_parser(sub)
    _common(child)
    child.set_defaults(run=run_serve)


# --- entry point ------------------------------------------------------------------------------------
GLOBAL_LAN_OPTION = "--lan-interfaces"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="main.py", description="Tabletime: four tabletop card games — solo, one table, or LAN.",
        epilog="With no subcommand, `play` runs (e.g. `python main.py --windowed`).")
    parser.add_argument(GLOBAL_LAN_OPTION, dest="global_lan_interfaces", type=lan_choice, metavar="IP[,IP]|all",
                        help="LAN play and discovery only on these local addresses, for every subcommand "
                             "(also TABLETIME_LAN_INTERFACES)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="subcommands")
    for spec in SUBCOMMANDS.values():
        child = sub.add_parser(spec.name, help=spec.help, description=spec.help)
        spec.arguments(child)
        _common(child)
        child.set_defaults(run=spec.run)
    _add_serve(sub)
    return parser


def subcommand_names(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


def with_default_subcommand(args_in: list[str], names: set[str]) -> list[str]:
    """Insert `play` after any leading global options unless a subcommand (or --help) follows."""
    index = 0
    while index < len(args_in):
        word = args_in[index]
        if word == GLOBAL_LAN_OPTION:
            if index + 1 >= len(args_in):  # no value: argparse says "expected one argument"
                return args_in
            index += 2
        elif word.startswith(GLOBAL_LAN_OPTION + "="):
            index += 1
        else:
            break
    if index < len(args_in) and (args_in[index] in names or args_in[index] in ("-h", "--help")):
        return args_in
    return args_in[:index] + ["play"] + args_in[index:]


def unknown_command(given: list[str], args_in: list[str], names: set[str]) -> str:
    """The word a person typed as a command that is none ("main.py simulat ..."), else ""; `play`
    takes no positional word, so such a word after an inserted `play` was meant as a command."""
    if len(args_in) == len(given):
        return ""
    index = args_in.index("play") + 1
    word = args_in[index] if index < len(args_in) else ""
    return word if word and not word.startswith("-") and word not in names else ""


def apply_lan_interfaces(args: argparse.Namespace) -> None:
    """Tell net/ which interfaces LAN play may use (the global option, or play's own)."""
    chosen = getattr(args, "global_lan_interfaces", None)
    if chosen is None and getattr(args, "command", None) == "play" and getattr(args, "lan_interfaces", None):
        chosen = ",".join(args.lan_interfaces)
    if chosen is None:
        return
    try:
        from net.discovery import set_lan_interfaces
    except ImportError:
        return
    set_lan_interfaces(chosen)


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="tabletime: %(levelname)s: %(message)s")
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    names = subcommand_names(parser)
    args_in = with_default_subcommand(given, names)
    stray = unknown_command(given, args_in, names)
    if stray:
        parser.error(f"unknown command {stray!r} (commands: {', '.join(sorted(names))}; "
                     "with none, `play` runs)")
    args = parser.parse_args(args_in)
    apply_lan_interfaces(args)
    problem = data_dir_problem(args)
    if problem:
        print(f"main.py: {problem}", file=sys.stderr)
        return 2
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
