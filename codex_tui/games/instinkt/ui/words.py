"""Log lines that say what each Instinkt action did to the scores, in the reader's language.

Cells are named as the board names them (`coords.py`): a cell's name never
changes, so a line reads the same from the move it tells to the end of the
game. The lines are built from the log when drawn, never stored, so a saved
game or a table reads in the reader's language. The animals and what they score are in
`animal_words.py` (the hints name them too). A line speaks to its reader ("your cat")
when it is about the reader's own seat (`viewer`), never because of a name.
"""

from __future__ import annotations

from collections.abc import Sequence

from codex_tui.games.instinkt.animal_words import RULE_TEXT as RULE_TEXT  # where the net tests look for it
from codex_tui.games.instinkt.animal_words import animal_name, comma, owned_animal, the_animal, why_text
from codex_tui.games.instinkt.coords import at_cell, card_text, cell_name, line_text
from codex_tui.games.instinkt.rules.actions import Choose, Enter, Keep, Move, Place
from codex_tui.games.instinkt.rules.animals import Animal
from codex_tui.games.instinkt.rules.history import CardChange, grids_after, score_changes
from codex_tui.games.instinkt.rules.scoring import scores_by_cell
from codex_tui.games.instinkt.rules.state import Cell, Grid, LogEntry
from codex_tui.games.instinkt.text import _, ngettext, pgettext
from codex_tui.i18n.numbers import signed
from codex_tui.i18n.spacing import tidy_spacing
from codex_tui.ui.widgets.chat_field import ChatNote, notes_at


def whose(player: int, names: Sequence[str], viewer: int, animal: Animal) -> str:
    """'your cat' for the viewer, else "Bo's cat"."""
    if player == viewer:
        return _("your {animal}").format(animal=animal_name(animal))
    return owned_animal(animal, names[player])


def whose_card(player: int, names: Sequence[str], viewer: int, animal: Animal) -> str:
    """'your cat (6)', "Bo's cat (6)": a revealed card, its owner and its number."""
    return card_text(animal, whose(player, names, viewer, animal))


def who(player: int, names: Sequence[str], viewer: int) -> str:
    # Translators: the reader, inside a list of score changes ("you +3; Bo -1").
    return _("you") if player == viewer else names[player]


def card_info(grid: Grid, cell: Cell, names: Sequence[str], viewer: int) -> str:
    """'Bo's owl at g7: 2 points now — 2 of its colour in its row and column': a card on the board.

    What it scores if the game ended now and why (its rule, `rule_text`, goes
    beside it): how the other player's cards score is on the board, not only
    in the final table.
    """
    score = scores_by_cell(grid)[cell]
    points = ngettext("{n} point", "{n} points", score.points).format(n=score.points)
    if score.owner == viewer:
        text = _("Your {animal} at {cell}: {points} now — {why}")
    else:
        text = _("{name}'s {animal} at {cell}: {points} now — {why}")
    return text.format(
        name=names[score.owner] if 0 <= score.owner < len(names) else "",
        animal=animal_name(score.animal),
        cell=cell_name(cell),
        points=points,
        why=why_text(score.why),
    )


def effects_text(
    changes: Sequence[CardChange], names: Sequence[str], viewer: int, actor: int, reasons: bool = True
) -> str:
    """'Ada +3 (owl +3: 3 of its colour in its row and column); you -3 (cat -3: not on an edge's middle)'.

    Each player's total change, then which of their cards' points moved and
    why: a reader learns how the other player's cards score from these.
    Without `reasons`, the totals alone ('Ada +3; you -3').
    """
    parts = []
    for player in (actor, 1 - actor):
        mine = [c for c in changes if c.owner == player]
        if not mine:
            continue
        total = sum(c.delta for c in mine)
        text = _("{who} {points}").format(who=who(player, names, viewer), points=signed(total))
        if not reasons:
            parts.append(text)
            continue
        why = comma().join(
            _("{animal} {points}: {why}").format(
                animal=animal_name(c.animal), points=signed(c.delta), why=why_text(c.why)
            )
            for c in mine
        )
        parts.append(_("{total} ({reasons})").format(total=text, reasons=why))
    return pgettext("between two players' score changes", "; ").join(parts)


def scores_text(before: tuple[int, int], after: tuple[int, int], viewer: int) -> str:
    """'you 6 (+2), them 3 (-1)' for a player; 'Ada 6 (+2), Bo 3 (-1)' style for a spectator is the caller's."""
    me, them = viewer, 1 - viewer
    return _("you {mine} ({my_change}), them {theirs} ({their_change})").format(
        mine=after[me],
        my_change=signed(after[me] - before[me]),
        theirs=after[them],
        their_change=signed(after[them] - before[them]),
    )


def describe(
    entry: LogEntry,
    names: Sequence[str],
    viewer: int,
    before: Grid | None = None,
    after: Grid | None = None,
    all_seen: bool = False,
    reasons: bool = True,
) -> str:
    """One log line. With the grids before and after, it names the card and says what it did to the scores.

    `viewer` is the seat reading it ("You placed…", "your cat"); a replay,
    which shows every hand, passes `all_seen` and its reader (or -1).
    """
    action = entry.action
    you = action.player == viewer
    name = names[action.player]
    if isinstance(action, Keep):
        if action.player != viewer and not all_seen:
            return _("You kept 3 cards") if you else _("{name} kept 3 cards").format(name=name)
        cards = comma().join(card_text(c) for c in action.cards)
        return (_("You kept {cards}") if you else _("{name} kept {cards}")).format(name=name, cards=cards)
    if isinstance(action, Choose):
        return _choose_text(entry, names, viewer)
    if isinstance(action, Place):
        text = _place_text(action, name, you, after)
    elif isinstance(action, Enter):
        text = _enter_text(action, entry, name, you, before)
    elif isinstance(action, Move):
        text = _move_text(action, name, you, before)
    else:
        return repr(action)
    if before is not None and after is not None:
        effects = effects_text(score_changes(before, after), names, viewer, action.player, reasons)
        if effects:
            text = _("{action}: {effects}").format(action=text, effects=effects)
    return text


def _place_text(action: Place, name: str, you: bool, after: Grid | None) -> str:
    """Who placed which animal where (a card the reader has not seen: "a card")."""
    piece = after.get((action.x, action.y)) if after is not None else None
    where = at_cell((action.x, action.y))
    if piece is None:
        text = _("You placed a card {where}") if you else _("{name} placed a card {where}")
    else:
        text = _("You placed {animal} {where}") if you else _("{name} placed {animal} {where}")
    return text.format(name=name, where=where, animal=the_animal(piece.animal) if piece else "")


def _enter_text(action: Enter, entry: LogEntry, name: str, you: bool, before: Grid | None) -> str:
    """Whose deer entered which line, and each card it pushed from one cell to the next (or nothing)."""
    pushed = comma().join(
        _("{animal} {source}→{target}")
        .format(animal=_animal_at(before, source), source=cell_name(source), target=cell_name(target))
        .lstrip()
        for source, target in entry.moved
    )
    if pushed:
        text = (
            _("Your deer entered {line}, pushing {cards}")
            if you
            else _("{name}'s deer entered {line}, pushing {cards}")
        )
    else:
        text = (
            _("Your deer entered {line}, pushing nothing")
            if you
            else _("{name}'s deer entered {line}, pushing nothing")
        )
    return text.format(name=name, line=line_text(action), cards=pushed)


def _move_text(action: Move, name: str, you: bool, before: Grid | None) -> str:
    """Whose raccoon moved which card, from which cell to which."""
    source, target = (action.from_x, action.from_y), (action.to_x, action.to_y)
    moved = _animal_at(before, source) or _("a card")
    text = (
        _("Your raccoon moved {card} from {source} to {target}")
        if you
        else _("{name}'s raccoon moved {card} from {source} to {target}")
    )
    return text.format(name=name, card=moved, source=cell_name(source), target=cell_name(target))


def _choose_text(entry: LogEntry, names: Sequence[str], viewer: int) -> str:
    """ "Bo chose a card; revealed: your owl (7) vs Bo's wolpertinger (9)", and the snake or the tie
    when they happen."""
    player = entry.action.player
    text = _("You chose a card") if player == viewer else _("{name} chose a card").format(name=names[player])
    if entry.revealed is None:
        return text
    first, second = (whose_card(p, names, viewer, c) for p, c in enumerate(entry.revealed))
    shown = pgettext("the two cards revealed", "{first} vs {second}").format(first=first, second=second)
    if entry.snake:
        return _("{choice}; revealed: {cards}: a snake, both cards leave the game").format(choice=text, cards=shown)
    if entry.token_passed:
        return _(
            "{choice}; revealed: {cards}: equal numbers, the token holder places first and the token passes"
        ).format(choice=text, cards=shown)
    return _("{choice}; revealed: {cards}").format(choice=text, cards=shown)


def _animal_at(grid: Grid | None, cell: Cell) -> str:
    if grid is None or cell not in grid:
        return ""
    return the_animal(grid[cell].animal)


def log_lines(
    log: Sequence[LogEntry],
    names: Sequence[str],
    viewer: int,
    last: int,
    notes: Sequence[tuple[int, int]] = (),
    chat: Sequence[ChatNote] = (),
    reasons: bool = True,
) -> list[str]:
    """The last `last` log lines, each with what it did to the scores and why.

    `notes` are the hints used, (actions played then, seat): each shows as
    "Ada used a hint" after that many actions' lines. `chat` is a network
    table's, worded: each line goes after that many actions' lines too (and
    adds to `last`: talk does not push the game's moves out). Without
    `reasons`, each move's score changes are the totals alone (a summary's room)."""
    grids = grids_after(log)
    first = max(0, len(log) - last)
    lines: list[str] = []
    talk = 0
    for index in range(first, len(log) + 1):
        lines.extend(hint_note(seat, names, viewer) for count, seat in notes if count == index)
        said = notes_at(chat, index, len(log))
        lines.extend(said)
        talk += len(said)
        if index < len(log):
            before = grids[index - 1] if index else {}
            lines.append(tidy_spacing(describe(log[index], names, viewer, before, grids[index], reasons=reasons)))
    return lines[-(last + min(talk, last)) :] if last else []


def hint_note(seat: int, names: Sequence[str], viewer: int) -> str:
    """'You used a hint' / 'Ada used a hint': the log keeps it where the hint was shown."""
    return _("You used a hint") if seat == viewer else _("{name} used a hint").format(name=names[seat])
