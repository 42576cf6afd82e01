"""The games codex-tui plays, one package each; the shell finds them through `codex_tui.core.registry`."""
