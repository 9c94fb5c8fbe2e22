"""A real window: `main.py --windowed --quit-after-frames 120` under Xvfb exits cleanly."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from waits16 import CEILING

ROOT = Path(__file__).resolve().parent.parent


def free_display() -> int:
    for number in range(140, 400):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display number")


@pytest.fixture
def xvfb():
    binary = shutil.which("Xvfb")
    if binary is None:
        pytest.skip("Xvfb is not installed (make test installs it: tools/ensure-test-packages.sh)")
    number = free_display()
    server = subprocess.Popen([binary, f":{number}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + CEILING
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail("Xvfb did not start")
            time.sleep(0.05)
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_windowed_run_under_xvfb_exits_cleanly(xvfb, tmp_path):
    env = dict(os.environ, DISPLAY=xvfb, SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    env["SDL_VIDEODRIVER"] = "x11"
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--windowed", "--quit-after-frames", "120",
                             "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=4 * CEILING, env=env,
                            cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
