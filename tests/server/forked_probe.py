"""An app that tells what it was started with, for tests of the app forker.

Run in place of the player's app (its `main`, as the forker runs an app), it writes to
its terminal one line `PROBE {json}`: its environment, its open file
descriptors, whether it leads its own session on a terminal, its signal
handlers; then it does what `PROBE_THEN` says: `exit` (status 3), `raise`,
or `sleep` until it is stopped.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import sys
import threading


def is_open(fd: int) -> bool:
    try:
        fcntl.fcntl(fd, fcntl.F_GETFD)
    except OSError:
        return False
    return True


def report() -> dict[str, object]:
    return {
        "env": dict(os.environ),
        "fds": [fd for fd in range(1024) if is_open(fd)],
        "session_leader": os.getsid(0) == os.getpid(),
        "terminal": all(os.isatty(fd) for fd in (0, 1, 2)),
        "sighup_default": signal.getsignal(signal.SIGHUP) == signal.SIG_DFL,
        "sigchld_default": signal.getsignal(signal.SIGCHLD) == signal.SIG_DFL,
        "sigint_raises": signal.getsignal(signal.SIGINT) is signal.default_int_handler,
        "argv": sys.argv,
    }


def main() -> int:
    then = os.environ.get("PROBE_THEN", "exit")
    print("PROBE " + json.dumps(report()), flush=True)
    if then == "raise":
        raise RuntimeError("the probe failed on purpose")
    if then == "sleep":
        threading.Event().wait()  # until it is killed
    return 3


if __name__ == "__main__":
    sys.exit(main())
