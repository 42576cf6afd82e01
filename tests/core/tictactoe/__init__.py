"""Tic-tac-toe: a third game that lives only in the tests.

It proves that adding a game is adding one package and registering it: the
conformance test, the session, saves, `check` and a server table all take it
through `codex_tui.core.registry`, and nothing under `codex_tui/` names it.
Its modules mirror a real game's: `rules` (frozen state, no UI), `record`
(JSON record and action codec), `wire` (views for the hub), `bots` and
`module` (the `GameModule`).
"""
