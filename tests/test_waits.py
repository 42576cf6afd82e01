"""No test waits on a fixed time: a `sleep(...)` or `pause(...)` given a time, anywhere in tests/ but
`tests/waiting.py` (the one documented helper: every wait there is on a state, with one generous timeout).

A fixed wait passes on a quiet machine and fails beside a CPU hog; waiting on the state a test checks
passes on both. `pause()` with no time (a Textual pilot waiting until the app is idle) is a wait on state.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
HELPER = TESTS / "waiting.py"
TIMED = frozenset({"sleep", "pause"})


def timed_waits(source: str) -> list[tuple[int, str]]:
    """(line, call) of each `sleep`/`pause` call given a time (positionally or as `delay=`) but zero."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name not in TIMED:
            continue
        given = [*node.args, *(keyword.value for keyword in node.keywords if keyword.arg in ("delay", "seconds"))]
        if any(not (isinstance(arg, ast.Constant) and arg.value == 0) for arg in given):
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_checker_finds_a_planted_fixed_wait() -> None:
    planted = "async def test_x(pilot):\n    await asyncio.sleep(0.5)\n    await pilot.pause(delay=0.1)\n"
    assert timed_waits(planted) == [(2, "asyncio.sleep(0.5)"), (3, "pilot.pause(delay=0.1)")]
    assert timed_waits("time.sleep(LONG)\n") == [(1, "time.sleep(LONG)")]
    assert timed_waits("await pilot.pause()\nawait asyncio.sleep(0)\n") == []


@pytest.mark.parametrize(
    "path",
    [path for path in sorted(TESTS.rglob("*.py")) if path != HELPER],
    ids=lambda path: str(path.relative_to(TESTS)),
)
def test_no_test_waits_on_a_fixed_time(path: Path) -> None:
    found = [f"{path.relative_to(TESTS)}:{line}: {call}" for line, call in timed_waits(path.read_text())]
    assert not found, "wait on the state instead (tests/waiting.py):\n" + "\n".join(found)
