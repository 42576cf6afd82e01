"""Network play: the SSH server, its tables, and what crosses between processes."""
