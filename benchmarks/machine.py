"""One line naming the machine a benchmark ran on, so that figures can be compared.

Every benchmark prints it first: figures from a 2-core shared box and from a
laptop mean different things, and the load says how much the others took.
"""

from __future__ import annotations

import os
import platform
from pathlib import Path


def cpu_model() -> str:
    """The CPU's model name as the kernel reports it ("" where it does not)."""
    try:
        for line in Path("/proc/cpuinfo").read_text(errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("model name", "Hardware", "cpu model") and value.strip():
                return value.strip()
    except OSError:
        pass
    return platform.processor()


def machine_line() -> str:
    """Cores, CPU model, Python and the load average (1, 5, 15 minutes)."""
    cores = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cores
    usable_text = f" ({usable} usable)" if usable != cores else ""
    model = cpu_model() or "CPU model unknown"
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    return (
        f"machine: {cores} cores{usable_text}, {model}, {platform.machine()}, "
        f"{platform.python_implementation()} {platform.python_version()}; load {load}"
    )


if __name__ == "__main__":
    print(machine_line())
