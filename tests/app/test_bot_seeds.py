"""A bot's move depends on the position only: a game resumed from its save plays on as the
uninterrupted one, and a local bot plays the move a server's bot worker plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex_tui.app.session import GameSession
from codex_tui.core import registry
from codex_tui.core.rng import move_seed
from codex_tui.server.botworker import answer
from codex_tui.storage.saves import load_save

GAMES = [pytest.param(name, id=name) for name in registry.names()]


def bots_only(name: str, path: Path | None) -> GameSession:
    module = registry.game_named(name)
    game = module.new_game(["A", "B"], 41, module.default_variant())
    levels = tuple(f"bot:{level}" for level in module.bot_levels()[:2])
    return GameSession(game, levels, path)


def play(session: GameSession, moves: int | None = None) -> None:
    """`moves` bot moves (all of them to the end without)."""
    played = 0
    while (seat := session.seat_to_act()) is not None and (moves is None or played < moves):
        session.act(session.bot_action(seat))
        played += 1


@pytest.mark.parametrize("name", GAMES)
def test_a_game_resumed_from_its_save_plays_on_as_the_uninterrupted_one(tmp_path: Path, name: str) -> None:
    straight = bots_only(name, None)
    play(straight)
    for cut in (1, 5, 12):
        path = tmp_path / f"{cut}.msgpack"
        first = bots_only(name, path)
        play(first, cut)
        saved = load_save(path)
        resumed = GameSession(saved.game, saved.kinds, path)
        play(resumed)
        assert resumed.game == straight.game, f"resumed after {cut} moves"


@pytest.mark.parametrize("name", GAMES)
def test_a_local_bot_plays_the_move_a_server_bot_worker_plays(name: str) -> None:
    session = bots_only(name, None)
    module = session.rules
    for _ in range(8):
        seat = session.seat_to_act()
        assert seat is not None
        game = session.game
        level = session.kinds[seat].removeprefix("bot:")
        request = {
            "game": name,
            "level": level,
            "seed": move_seed(game.seed, seat, len(game.actions)),
            "view": module.encode_view(module.view(game, seat)),
        }
        local = session.bot_action(seat)
        assert answer(request) == {"t": "action", "action": module.action_to_dict(local)}
        session.act(local)
