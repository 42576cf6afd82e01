"""Run a benchmark script under callgrind and read back its instruction count.

Instruction counts do not move with the load of a shared machine, so the
`*_instructions.py` benchmarks compare versions with them. String hashes are
fixed (PYTHONHASHSEED=0): they change dict layouts, and with them the count
by ~0.5%.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys


def callgrind(script: str, *arguments: str) -> tuple[int, str]:
    """(instructions of the whole process, its standard output) for `python script arguments`."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, script, *arguments]
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(found.group(1)), done.stdout
