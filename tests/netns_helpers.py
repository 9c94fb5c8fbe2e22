"""Run code that starts zeroconf inside a private network namespace, never on this machine's network.

`run_in_private_netns(["discovery"])` re-executes this file under `unshare --net` (as root; `unshare -rn`
otherwise). Inside, before anything else, it checks that it really is in a new namespace (it compares
the namespace inode with the parent's and refuses to go on if they match), brings loopback up and only
then runs the named probe, which prints one JSON line.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Sequence

from waits16 import CEILING

ROOT = Path(__file__).resolve().parent.parent


def netns_inode() -> int:
    return os.stat("/proc/self/ns/net").st_ino


def unshare_command() -> list[str] | None:
    """The unshare prefix for this user, or None if private namespaces are unavailable."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return None
    return ["unshare", "--net"] if os.geteuid() == 0 else ["unshare", "-rn"]


def run_script_in_netns(prefix: list[str], script: str, args: Sequence[str] = (), timeout: float = 4 * CEILING,
                        **env: str) -> subprocess.CompletedProcess[str]:
    """Re-execute `script --in-netns PARENT_INODE *args` under the `unshare_command()` prefix, from the
    repository root, with LAN code held to loopback and `env` added; its `_main` should start with
    `entered_private_netns(sys.argv[2])`."""
    run_env = dict(os.environ, TABLETIME_LAN_INTERFACES="127.0.0.1", PYTHONPATH=str(ROOT), **env)
    return subprocess.run([*prefix, sys.executable, script, "--in-netns", str(netns_inode()), *args],
                          capture_output=True, text=True, timeout=timeout, env=run_env, cwd=str(ROOT))


def entered_private_netns(parent_inode: str) -> bool:
    """Inside the re-executed script, before anything else: True once it is sure it runs in a
    network namespace that is not its parent's and loopback is up; False (said on stderr) if not."""
    if netns_inode() == int(parent_inode):
        print("refusing: not inside a private network namespace", file=sys.stderr)
        return False
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    return True


def run_in_private_netns(probe: list[str], timeout: float = 4 * CEILING) -> dict:
    prefix = unshare_command()
    if prefix is None:
        raise RuntimeError("unshare or ip is missing")
    result = run_script_in_netns(prefix, __file__, probe, timeout)
    if result.returncode != 0:
        raise RuntimeError(f"netns probe failed ({result.returncode}): {result.stderr[-2000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


# --- probes (run inside the namespace) ----------------------------------------------------------
def probe_discovery() -> dict:
    """Advertise a table, browse it, see its free seats change, unregister, see it go; time each step."""
    from net.discovery import TableAdvertiser, TableBrowser

    browser = TableBrowser()
    started = time.perf_counter()
    advertiser = TableAdvertiser(table="Test table", game="highcard", port=45678, free=2, seats=2,
                                 host_name="probe-host", cooperating_responders=True)
    found = browser.wait_for(lambda tables: any(t.table == "Test table" for t in tables), CEILING)
    add_seconds = time.perf_counter() - started
    first = [t for t in browser.tables()]
    started = time.perf_counter()
    advertiser.update(free=1)
    updated = browser.wait_for(lambda tables: any(t.free_seats == 1 for t in tables), CEILING)
    update_seconds = time.perf_counter() - started
    started = time.perf_counter()
    advertiser.close()
    removed = browser.wait_for(lambda tables: not tables, CEILING)
    remove_seconds = time.perf_counter() - started
    browser.close()
    return {"found": found, "updated": updated, "removed": removed,
            "add_seconds": add_seconds, "update_seconds": update_seconds, "remove_seconds": remove_seconds,
            "tables": [{"table": t.table, "game": t.game, "host": t.host_name, "address": t.address,
                        "port": t.port, "free": t.free_seats, "seats": t.seats, "protocol": t.protocol,
                        "compatible": t.compatible} for t in first]}


def probe_serve_advertises() -> dict:
    """`serve` advertises its table; a browser sees it with its free seats, then it goes on exit."""
    import signal

    from net.discovery import TableBrowser

    browser = TableBrowser()
    server = subprocess.Popen([sys.executable, str(ROOT / "tests" / "net_serve_entry.py"), "highcard",
                               "--seats", "open,bot:easy", "--port", "0", "--interface", "127.0.0.1",
                               "--table", "Probe table", "--advertise"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=str(ROOT))
    try:
        found = browser.wait_for(lambda ts: any(t.table == "Probe table" for t in ts), CEILING)
        tables = browser.tables()
        server.send_signal(signal.SIGTERM)
        server.wait(CEILING)
        gone = browser.wait_for(lambda ts: not ts, CEILING)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        browser.close()
    return {"found": found, "gone": gone, "free": [t.free_seats for t in tables],
            "games": [t.game for t in tables]}


PROBES = {"discovery": probe_discovery, "serve": probe_serve_advertises}


def _main() -> int:
    if len(sys.argv) < 4 or sys.argv[1] != "--in-netns":
        print("usage: netns_helpers.py --in-netns PARENT_INODE PROBE", file=sys.stderr)
        return 2
    if not entered_private_netns(sys.argv[2]):
        return 3
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    print(json.dumps(PROBES[sys.argv[3]]()))
    return 0


if __name__ == "__main__":
    sys.exit(_main())
