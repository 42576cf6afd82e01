"""A process that autosaves games forever, for test_kill.py to SIGKILL.

Run: python -m tests.storage.kill_writer FOLDER SEED FILES

It keeps FILES saves in FOLDER, like FILES games autosaving after every
action: round robin, each save is rewritten with its game one action longer
(back to one action after the last, so the file also shrinks sometimes). It
resumes from whatever the folder holds, as the app resumes a save. After each
`write_save` returns it prints "<file> <actions>" and flushes, so the test
knows the last write that certainly finished.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

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


def run(folder: Path, seed: int, files: int) -> None:
    games = [states(seed + index) for index in range(files)]
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
        sys.stdout.write(f"{index} {count}\n")
        sys.stdout.flush()
        index = (index + 1) % files


if __name__ == "__main__":
    run(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
