"""A Codex Naturalis table over the network: the replay without branching."""

from __future__ import annotations

from codex_tui.games.codex.ui.replay import ReplayScreen


class NetworkReplayScreen(ReplayScreen):
    """A finished table's replay; no "play from here" (a network player has no local games)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return False if action == "branch" else super().check_action(action, parameters)
