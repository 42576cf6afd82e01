"""asyncssh, imported once without cryptography's warning that DSA is deprecated.

cryptography 51 warns when anything touches its DSA classes, and asyncssh names
them in type hints at import time: every host command (`codex-tui ratings`,
`serve`, `invite`) printed ten lines of a library's warning. Exactly that
warning, from exactly this import, is silenced; every other warning stays. The
server's modules import asyncssh from here, never directly.
"""

from __future__ import annotations

import warnings

from cryptography.utils import CryptographyDeprecationWarning

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="DSA is deprecated", category=CryptographyDeprecationWarning)
    import asyncssh

__all__ = ["asyncssh"]
