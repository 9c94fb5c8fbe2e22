"""The suite's own scheduling (tests/conftest.py): the longest modules run first under `pytest -n 2`,
so both workers finish on short tests. A renamed module would silently fall back to the end."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import conftest

TESTS = Path(__file__).resolve().parent


def test_every_module_named_longest_first_exists():
    missing = [name for name in conftest.LONGEST_MODULES_FIRST if not (TESTS / name).is_file()]
    assert missing == []
    assert len(set(conftest.LONGEST_MODULES_FIRST)) == len(conftest.LONGEST_MODULES_FIRST)


def test_the_longest_modules_come_first_and_each_module_keeps_its_order():
    def item(name: str, test: str) -> SimpleNamespace:
        return SimpleNamespace(path=TESTS / name, nodeid=f"tests/{name}::{test}")

    first, second = conftest.LONGEST_MODULES_FIRST[:2]
    items = [item("test_a.py", "one"), item(second, "x"), item("test_b.py", "two"), item(first, "y"),
             item(second, "z"), item(first, "w")]
    conftest.pytest_collection_modifyitems(items)  # type: ignore[arg-type]
    assert [i.nodeid for i in items] == [f"tests/{first}::y", f"tests/{first}::w", f"tests/{second}::x",
                                         f"tests/{second}::z", "tests/test_a.py::one", "tests/test_b.py::two"]
