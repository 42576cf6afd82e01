"""Named points in the writes of a move where a test may stop the server dead, as a kill -9 would.

`tests/server/test_move_kills.py` starts a server process with `DIE_AT` set
to `<point>:<moves>` and checks, after a restart, that the table's save and
the database agree (`live_rows`): the process kills itself (SIGKILL, no
clean-up, no flush) when the write of the game with `<moves>` actions reaches
`<point>`. Unset, `reached` only reads the environment.
"""

from __future__ import annotations

import os
import signal

DIE_AT = "CODEX_TUI_DIE_AT"

BEFORE_COMMIT = "before-commit"
"""Nothing of the move written yet."""
IN_TRANSACTION = "in-transaction"
"""The move's rows written in the database's transaction, not committed."""
COMMITTED = "committed"
"""The transaction committed; the save file not yet written."""
FILE_WRITTEN = "file-written"
"""The save file written; nobody shown the move yet."""
FINISH_RECORDED = "finish-recorded"
"""A finished game recorded (ratings moved); its save not yet moved to `finished/`."""
POINTS = (BEFORE_COMMIT, IN_TRANSACTION, COMMITTED, FILE_WRITTEN, FINISH_RECORDED)


def reached(point: str, moves: int) -> None:
    """The write of a game of `moves` actions is at `point`: die here if a test asked for it."""
    if os.environ.get(DIE_AT) == f"{point}:{moves}":
        os.kill(os.getpid(), signal.SIGKILL)
