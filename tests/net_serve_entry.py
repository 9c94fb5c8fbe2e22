"""`serve` as a test process: registers the test engine, then runs net.serve exactly as main.py would."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import highcard  # noqa: E402,F401 - registers the test engine
from net.serve import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
