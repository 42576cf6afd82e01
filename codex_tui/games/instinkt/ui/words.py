"""What each Instinkt card does, in a few words, and log lines that say what each action did to the scores.

Cells are named in the frame's a-d / 1-4 (`coords.py`), from the origin the
caller gives (the grid on screen), so the log agrees with the board.
"""

from __future__ import annotations

from collections.abc import Sequence

from codex_tui.app.words import possessive
from codex_tui.games.instinkt.coords import card_text, cell_name, line_text, origin_of
from codex_tui.games.instinkt.rules.actions import Choose, Enter, Keep, Move, Place
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.history import CardChange, grids_after, score_changes
from codex_tui.games.instinkt.rules.state import Cell, Grid, LogEntry

RULE_TEXT = {
    Animal.RAVEN: "1 next to a moth, 3 next to both",
    Animal.BAT: "3 beside your raven (not diagonal)",
    Animal.MOTH: "2 in the middle, 3 if the other moth isn't",
    Animal.SPIDER_4: "2 in a corner, 3 each if both spiders are",
    Animal.SPIDER_5: "2 in a corner, 3 each if both spiders are",
    Animal.CAT: "3 on an edge, not a corner",
    Animal.OWL: "1 per card of yours in its row and column",
    Animal.WOLF: "1 per opponent card around it",
    Animal.WOLPERTINGER: "copies your best card beside it",
    Animal.DEER: "enters a line's end, pushes it",
    Animal.RACCOON: "then move one of your cards",
    Animal.SNAKE: "both revealed cards leave the game",
}


def whose(player: int, names: Sequence[str], viewer: int) -> str:
    """'your' for the viewer, else 'Bo's'."""
    return "your" if player == viewer else f"{names[player]}'s"


def who(player: int, names: Sequence[str], viewer: int) -> str:
    return "you" if player == viewer else names[player]


def effects_text(changes: Sequence[CardChange], names: Sequence[str], viewer: int, actor: int) -> str:
    """'Ada +3; you -3 (cat -3: not on an edge's middle)': the totals, and why the other player's cards changed.

    The acting player knows why their own card scores; what surprises is a
    change to the other player's cards, so only those are explained.
    """
    parts = []
    for player in (actor, 1 - actor):
        mine = [c for c in changes if c.owner == player]
        if not mine:
            continue
        total = sum(c.delta for c in mine)
        text = f"{who(player, names, viewer)} {total:+d}"
        if player != actor:
            text += " (" + ", ".join(f"{c.animal.label} {c.delta:+d}: {c.why}" for c in mine) + ")"
        parts.append(text)
    return "; ".join(parts)


def scores_text(before: tuple[int, int], after: tuple[int, int], viewer: int) -> str:
    """'you 6 (+2), them 3 (-1)' for a player; 'Ada 6 (+2), Bo 3 (-1)' style for a spectator is the caller's."""
    me, them = viewer, 1 - viewer
    return f"you {after[me]} ({after[me] - before[me]:+d}), them {after[them]} ({after[them] - before[them]:+d})"


def describe(
    entry: LogEntry,
    names: Sequence[str],
    viewer: int,
    before: Grid | None = None,
    after: Grid | None = None,
    origin: Cell = (0, 0),
    all_seen: bool = False,
) -> str:
    """One log line. With the grids before and after, it names the card and says what it did to the scores.

    `viewer` is the seat reading it ("You placed…", "your cat"); a replay,
    which shows every hand, passes `all_seen` and a viewer of -1.
    """
    action = entry.action
    actor = "You" if action.player == viewer else names[action.player]
    owner = "Your" if action.player == viewer else possessive(names[action.player])
    if isinstance(action, Keep):
        if action.player != viewer and not all_seen:
            return f"{actor} kept 3 cards"
        return f"{actor} kept {', '.join(card_text(c) for c in action.cards)}"
    if isinstance(action, Choose):
        text = f"{actor} chose a card"
        if entry.revealed is not None:
            shown = " vs ".join(f"{names[p]} {card_text(c)}" for p, c in enumerate(entry.revealed))
            text += f"; revealed: {shown}"
            if entry.snake:
                text += ": a snake, both cards leave the game"
            elif entry.token_passed:
                text += ": equal numbers, the token holder places first and the token passes"
        return text
    if isinstance(action, Place):
        piece = after.get((action.x, action.y)) if after is not None else None
        card = f"{piece.animal.label} " if piece is not None else ""
        text = f"{actor} placed {card}at {cell_name((action.x, action.y), origin)}"
    elif isinstance(action, Enter):
        pushed = ", ".join(
            f"{_animal_at(before, source)}{cell_name(source, origin)}→{cell_name(target, origin)}"
            for source, target in entry.moved
        )
        text = f"{owner} deer entered {line_text(action, origin)}"
        text += f", pushing {pushed}" if pushed else ", pushing nothing"
    elif isinstance(action, Move):
        source, target = (action.from_x, action.from_y), (action.to_x, action.to_y)
        text = (
            f"{owner} raccoon moved {_animal_at(before, source) or 'a card '}"
            f"from {cell_name(source, origin)} to {cell_name(target, origin)}"
        )
    else:
        return repr(action)
    if before is not None and after is not None:
        effects = effects_text(score_changes(before, after), names, viewer, action.player)
        if effects:
            text += f": {effects}"
    return text


def _animal_at(grid: Grid | None, cell: Cell) -> str:
    if grid is None or cell not in grid:
        return ""
    return f"{grid[cell].animal.label} "


def log_lines(
    log: Sequence[LogEntry],
    names: Sequence[str],
    viewer: int,
    grid: Grid,
    last: int,
    notes: Sequence[tuple[int, int]] = (),
) -> list[str]:
    """The last `last` log lines, cells named from `grid`'s frame, each with what it did to the scores.

    `notes` are the hints used, (actions played then, seat): each shows as
    "Ada used a hint" after that many actions' lines."""
    grids = grids_after(log)
    origin = origin_of(grid)
    first = max(0, len(log) - last)
    lines: list[str] = []
    for index in range(first, len(log) + 1):
        lines.extend(hint_note(seat, names, viewer) for count, seat in notes if count == index)
        if index < len(log):
            before = grids[index - 1] if index else {}
            lines.append(describe(log[index], names, viewer, before, grids[index], origin))
    return lines[-last:] if last else []


def hint_note(seat: int, names: Sequence[str], viewer: int) -> str:
    """'You used a hint' / 'Ada used a hint': the log keeps it where the hint was shown."""
    return f"{'You' if seat == viewer else names[seat]} used a hint"
