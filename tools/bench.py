"""`make bench`: run every benchmark script in tools/bench_*.py (each is also runnable alone).

Speed and bot-strength goals are measured here, never by timed unit tests. Pass `--quick` for a
short pass that only proves the scripts run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    tools = Path(__file__).resolve().parent
    scripts = sorted(p for p in tools.glob("bench_*.py"))
    if not scripts:
        print("no benchmarks found")
        return 1
    failed = 0
    for script in scripts:
        print(f"== {script.name}", flush=True)
        result = subprocess.run([sys.executable, str(script), *argv], cwd=tools.parent)
        failed += result.returncode != 0
    print(f"{len(scripts) - failed} benchmarks passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
