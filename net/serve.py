"""`python main.py serve GAME --seats open,open,bot:expert [--port P] [--interface IP] [--save FILE]`:
a headless dedicated host. main.py wires it with `add_serve_parser(subparsers)` and dispatches to
`run_serve(args)`; `python -m net.serve ...` runs the same thing on its own.

With `--save FILE` the table autosaves there after every action; if FILE already exists the table is
resumed from it (seats and their token hashes come from `FILE.seats`), so a restarted host picks up
where it stopped and players rejoin with their tokens.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Any

from game.core.arguments import seconds_type
from game.core.engine import seats_range, unknown_option
from game.core.registry import UnknownGame, find_game
from game.session.saves import SaveError
from net.discovery import DiscoveryError, TableAdvertiser, host_addresses, set_lan_interfaces
from net.host import DEFAULT_GRACE, DEFAULT_HEARTBEAT, TableHost, parse_seats

DEFAULT_PORT = 47474
DEFAULT_AGAIN = 20.0
"""Seconds between a game's end and the next deal at a `serve` table. A guest's results say "the host
can deal another game: stay at this table for it"; a headless host has nobody to press Play again,
so without this the players waited at their results for a game that never came."""
log = logging.getLogger("tabletime.serve")


def add_serve_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `serve` subcommand to main.py's subparsers; returns the new parser."""
    parser = subparsers.add_parser("serve", help="host a LAN table without a window",
                                   description="Run a headless LAN host for one table.")
    _add_arguments(parser)
    parser.set_defaults(func=run_serve)
    return parser


def port_number(text: str) -> int:
    """A TCP port for argparse: 0 (any free port) to 65535, refused with a clear message otherwise."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port must be a number 0-65535, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0-65535, not {port}")
    return port


seconds = seconds_type(zero_allowed=True)
"""A time in seconds for argparse, 0 or more ("nan" held a dropped seat for ever, a negative one never)."""


def heartbeat_seconds(text: str) -> float:
    """The heartbeat: at least 0.1 s (0 made every quiet guest look gone at once)."""
    value = seconds(text)
    if value < 0.1:
        raise argparse.ArgumentTypeError(f"the heartbeat must be at least 0.1 seconds, not {text}")
    return value


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id, e.g. lost-cities")
    parser.add_argument("--seats", default="open,open",
                        help="comma-separated seats: open (a LAN player), bot:easy|expert|master")
    parser.add_argument("--port", type=port_number, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0 = any)")
    parser.add_argument("--interface", metavar="IP", default=None,
                        help="address to listen on (default: --lan-interfaces / TABLETIME_LAN_INTERFACES, "
                             "else every interface)")
    parser.add_argument("--lan-interfaces", metavar="IPS", default=None,
                        help="comma-separated IPv4 addresses for LAN play and discovery, or 'all'")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="autosave file; resumed if it exists (default: a new file in the data dir)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. rounds=1 (repeatable)")
    parser.add_argument("--table", default="", help="table name shown in the Join list")
    parser.add_argument("--grace", type=seconds, default=DEFAULT_GRACE,
                        help="seconds a dropped player's seat is held before a bot stands in")
    parser.add_argument("--heartbeat", type=heartbeat_seconds, default=DEFAULT_HEARTBEAT, help=argparse.SUPPRESS)
    parser.add_argument("--bot-delay", type=seconds, default=0.7, help="seconds a bot waits before moving")
    parser.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--advertise", dest="advertise", action="store_true", default=True,
                        help="announce the table with zeroconf (default)")
    parser.add_argument("--no-advertise", dest="advertise", action="store_false",
                        help="do not announce the table (players enter the address by hand)")
    parser.add_argument("--exit-when-over", action="store_true", help="stop once the game has ended")
    parser.add_argument("--again", type=seconds, default=DEFAULT_AGAIN, metavar="S",
                        help=f"deal a new game S seconds after one ends, to whoever is still at the table "
                             f"(default {DEFAULT_AGAIN:g}; 0 = never)")


def run_serve(args: argparse.Namespace) -> int:
    """Run the host until interrupted (or the game ends with --exit-when-over). Returns an exit code."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    if args.lan_interfaces is not None:
        set_lan_interfaces(args.lan_interfaces)
    try:
        engine = find_game(args.game)
        seats = parse_seats(args.seats)
        if not engine.min_seats <= len(seats) <= engine.max_seats:
            raise ValueError(f"{engine.title} takes {seats_range(engine.min_seats, engine.max_seats)}, not {len(seats)}")
        game_options = parse_options(args.option)
        unknown = unknown_option(engine.title, engine.options, game_options)
        if unknown:
            raise ValueError(unknown)
        addresses = [args.interface] if args.interface else host_addresses()
    except (UnknownGame, ValueError) as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 2
    if args.save:
        save = Path(args.save).expanduser()
        if save.is_dir():
            print(f"serve: cannot save to {save}: it is a folder", file=sys.stderr)
            return 2
    else:
        from game.session.storage import data_dir

        save = data_dir() / "lan" / f"{args.game}-{time.strftime('%Y%m%d-%H%M%S')}.tt"
    try:
        return asyncio.run(_serve(args, seats, addresses, save, game_options))
    except KeyboardInterrupt:
        return 130


def parse_options(items: list[str]) -> dict[str, Any]:
    """`rounds=1` -> {"rounds": 1}; true/false and integers are converted, the rest stays text."""
    options: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"an option is NAME=VALUE, not {item!r}")
        value: Any = text.strip()
        if value.lower() in ("true", "false"):
            value = value.lower() == "true"
        else:
            try:
                value = int(value)
            except ValueError:
                pass
        options[name.strip()] = value
    return options


async def _serve(args: argparse.Namespace, seats: list, addresses: list[str] | None, save: Path,
                 game_options: dict[str, Any]) -> int:
    options = dict(grace=args.grace, heartbeat=args.heartbeat, bot_delay=args.bot_delay)
    try:
        if save.exists():
            host = TableHost.resume(save, **options)
            if host.config.game != args.game:
                print(f"serve: {save.name} is a {host.config.game} table, not {args.game}", file=sys.stderr)
                return 2
            print(f"serve: resuming {save} at move {host.version}", flush=True)
        else:
            host = TableHost(args.game, seats, seed=args.seed, save_path=save, table_name=args.table,
                             options=game_options, **options)
    except (SaveError, ValueError) as exc:  # IllegalAction (a bad option or seat count) is a ValueError
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    try:
        port = await host.listen(addresses if addresses is not None else None, args.port)  # type: ignore[arg-type]
    except OSError as exc:
        where = f"{args.interface} " if args.interface else ""
        print(f"serve: cannot listen on {where}port {args.port}: {exc.strerror or exc} "
              "(--interface takes one of this machine's IPv4 addresses)", file=sys.stderr)
        return 1
    where = ",".join(addresses) if addresses else "all interfaces"
    print(f"serve: {host.config.game} table {host.table_name!r} listening on {where} port {port}; "
          f"saving to {save}", flush=True)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    stopped_by: list[int] = []

    def on_signal(sig: int) -> None:
        stopped_by.append(sig)
        stop.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, on_signal, sig)
    host.listeners.append(_seat_reporter(host))  # before the announcement: a quick player sits down during it
    advertiser = await _advertise(host, port) if args.advertise else None
    waiters = [asyncio.create_task(stop.wait())]
    dealer = None
    if not args.exit_when_over and args.again > 0:
        dealer = asyncio.create_task(_deal_again(host, args.again))
    if args.exit_when_over:
        waiters.append(asyncio.create_task(host.game_over.wait()))
    await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    if host.game_over.is_set() and not stop.is_set():
        await asyncio.sleep(0.3)  # let the last updates reach everyone
    for waiter in waiters:
        waiter.cancel()
    if dealer is not None:
        dealer.cancel()
    # Ctrl-C at the terminal closes the table; SIGTERM (what a service manager sends to restart a
    # host) tells the players the host is restarting, so they keep their seats and reconnect
    restarting = stopped_by[:1] == [signal.SIGTERM] and not host.game_over.is_set()
    await host.close("host/restarting" if restarting else "host/closing")
    if advertiser is not None:
        await loop.run_in_executor(None, advertiser.close)
    print(f"serve: closed at move {host.version}, state {host.state_hash[:12]}", flush=True)
    return 0


async def _deal_again(host: TableHost, seconds: float) -> None:
    """After each game, a new deal for the same seats once `seconds` have passed (the players read
    their results meanwhile), if a person is still at the table; else it waits for one."""
    while True:
        await host.game_over.wait()
        await asyncio.sleep(seconds)
        if host.game_over.is_set() and host.someone_connected() and host.new_game():
            print(f"serve: dealt a new game at {host.table_name!r}", flush=True)


def _seat_reporter(host: TableHost) -> Any:
    """A listener that prints who sat down, dropped, came back, left or got a stand-in, and the
    start: the person who runs `serve` at a terminal sees what the players see in their toasts."""
    last: list[Any] = [host.table_status()]

    def report(changed: TableHost) -> None:
        before, after = last[0], changed.table_status()
        last[0] = after
        if not before.started and after.started:
            print(f"serve: the game started ({', '.join(seat.name for seat in after.seats)})", flush=True)
        for index, (old, new) in enumerate(zip(before.seats, after.seats)):
            if new.kind == "bot" and old.kind == "bot":
                continue
            said = ""
            if not old.taken and new.taken:
                said = f"{new.name} took seat {index + 1}"
            elif old.taken and not new.taken:
                said = f"{old.name} left seat {index + 1}"
            elif new.level == "stand-in" and old.level != "stand-in":
                said = f"a bot plays seat {index + 1} for {new.name} until they come back"
            elif old.connected and not new.connected:
                said = f"{new.name} (seat {index + 1}) lost the connection; the seat is held"
            elif new.connected and not old.connected:
                said = f"{new.name} (seat {index + 1}) is back"
            if said:
                print(f"serve: {said}", flush=True)

    return report


async def _advertise(host: TableHost, port: int) -> TableAdvertiser | None:
    """Announce the table; discovery failing never stops the table itself."""
    loop = asyncio.get_running_loop()
    announced = host.free_seats()
    try:
        advertiser = await loop.run_in_executor(None, lambda: TableAdvertiser(
            table=host.table_name, game=host.config.game, port=port, free=announced,
            seats=len(host.seats), host_name=socket.gethostname()))
    except (DiscoveryError, OSError) as exc:
        print(f"serve: not advertising the table ({exc})", flush=True)
        return None
    last_free = [announced]

    def on_change(changed: TableHost) -> None:
        if changed.free_seats() != last_free[0]:
            free = last_free[0] = changed.free_seats()
            loop.run_in_executor(None, lambda: advertiser.update(free=free))

    host.listeners.append(on_change)
    on_change(host)  # players who sat down while the announcement was being made count too
    return advertiser


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletime serve")
    _add_arguments(parser)
    return run_serve(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
