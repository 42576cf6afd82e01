"""A process that autosaves games forever, for test_kill.py to SIGKILL.

`start_writer` forks it from the test's process (a fork costs milliseconds
where a new interpreter that imports the rules costs a third of a second of
CPU, and the test starts hundreds). It keeps FILES saves in FOLDER, like FILES games autosaving after every
action: round robin, each save is rewritten with its game one action longer
(back to one action after the last, so the file also shrinks sometimes). It
resumes from whatever the folder holds, as the app resumes a save. After each
`write_save` returns it writes "<file> <actions>" to its pipe, so the test
knows the last write that certainly finished.
"""

from __future__ import annotations

import os
import random
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from codex_tui.games.codex.rules import Game, Variant, apply, legal_actions, new_game
from codex_tui.storage.saves import SavedGame, load_save, write_save

KINDS = ("human", "bot:greedy", "bot:random", "human")


def save_path(folder: Path, index: int) -> Path:
    return folder / f"game-{index}.msgpack"


def states(seed: int) -> list[Game]:
    """Every state of one long 4-player game (target 1000: it ends when the decks do)."""
    rng = random.Random(seed)
    game = new_game([f"P{i}" for i in range(4)], seed, Variant(1000))
    history = [game]
    while not game.is_over:
        actions = legal_actions(game)
        game = apply(game, actions[rng.randrange(len(actions))])
        history.append(game)
    return history


def next_count(count: int, longest: int) -> int:
    """How many actions the next write of a save holds: one more, wrapping to 1."""
    return count % longest + 1


@dataclass
class Writer:
    """A forked writer: its pid and the read end of the pipe it reports its writes on."""

    pid: int
    reports: IO[str]


def start_writer(folder: Path, histories: Sequence[Sequence[Game]]) -> Writer:
    """Fork a writer of one save per game of `histories` (each game's every state, as `states` gives
    them: the child reads the test's own lists rather than playing the games again, a tenth of a
    second of CPU per writer). The child never returns into the test: it writes until it is killed,
    and if it fails on its own it prints why and exits with status 1, which the test reports."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            run(folder, histories, write_end)
        except BaseException:
            traceback.print_exc()
        os._exit(1)
    os.close(write_end)
    return Writer(pid, os.fdopen(read_end, encoding="ascii"))


def run(folder: Path, games: Sequence[Sequence[Game]], reports: int) -> None:
    files = len(games)
    counts = []
    for index in range(files):
        path = save_path(folder, index)
        counts.append(len(load_save(path).game.log) if path.exists() else 0)
    index = 0
    while True:
        history = games[index]
        count = next_count(counts[index], len(history) - 1)
        write_save(save_path(folder, index), SavedGame(history[count], KINDS))
        counts[index] = count
        os.write(reports, f"{index} {count}\n".encode("ascii"))
        index = (index + 1) % files
