"""Instinkt rules: legal actions and what each action does.

A round: both choose a card in secret (either may choose first); when the
second has chosen, both are revealed. A snake in the reveal sends both cards
out of the game. Otherwise the higher number places first (on equal numbers
the token holder, and the token passes), the deer pushes a line, the raccoon
moves one of its owner's other cards, then the other card is placed. Then
each player draws. The game ends after the round that fills the 4x4 grid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from codex_tui.core.errors import IllegalAction
from codex_tui.core.history import replay_actions
from codex_tui.games.instinkt.rules.actions import Action, Axis, Choose, End, Enter, Keep, Move, Place
from codex_tui.games.instinkt.rules.animals import GRID_SIZE, Animal
from codex_tui.games.instinkt.rules.grid import deer_push, find, lines, placement_cells, raccoon_moves, with_piece
from codex_tui.games.instinkt.rules.setup import HAND, start
from codex_tui.games.instinkt.rules.state import Cell, Game, Grid, LogEntry, Phase, Piece, Seat, Setup, Variant

FULL = GRID_SIZE * GRID_SIZE


def players_to_act(game: Game) -> tuple[int, ...]:
    if game.phase is Phase.CHOOSE:
        return tuple(i for i, seat in enumerate(game.seats) if seat.chosen is None)
    if game.phase is Phase.KEEP:
        return tuple(i for i, seat in enumerate(game.seats) if len(seat.hand) > HAND)
    if game.phase is Phase.OVER:
        return ()
    return (game.order[0],)


def deer_entries(grid: Grid, player: int) -> list[Enter]:
    """Where `player`'s deer may enter this grid (none: it is placed like any card)."""
    deer = Piece(player, Animal.DEER)
    entries = []
    for axis, index in lines(grid):
        for end in End:
            if deer_push(grid, axis, index, end, deer) is not None:
                entries.append(Enter(player, axis, index, end))
    return entries


def _raccoon_cell(game: Game, player: int) -> Cell:
    """Where `player`'s raccoon lies (each player has one)."""
    (cell,) = find(game.grid, player, Animal.RACCOON)
    return cell


def legal_actions(game: Game) -> Sequence[Action]:
    """Every legal action now (during choosing and keeping, for both players)."""
    actions: list[Action] = []
    for player in players_to_act(game):
        actions.extend(legal_actions_for(game, player))
    return tuple(actions)


def legal_actions_for(game: Game, player: int) -> tuple[Action, ...]:
    seat = game.seats[player]
    if game.phase is Phase.KEEP:
        if len(seat.hand) <= HAND:
            return ()
        return tuple(Keep(player, (a, b, c)) for a, b, c in combinations(seat.hand, HAND))
    if game.phase is Phase.CHOOSE:
        if seat.chosen is not None:
            return ()
        return tuple(Choose(player, card) for card in dict.fromkeys(seat.hand))
    if game.phase is Phase.OVER or game.order[0] != player:
        return ()
    if game.phase is Phase.MOVE:
        cell = _raccoon_cell(game, player)
        return tuple(Move(player, *source, *target) for source, target in raccoon_moves(game.grid, player, cell))
    card = seat.chosen
    if card is Animal.DEER:
        entries = deer_entries(game.grid, player)
        if entries:
            return tuple(entries)
    return tuple(Place(player, x, y) for x, y in placement_cells(game.grid))


# ------------------------------------------------------------------- apply


def apply(game: Game, action: Action) -> Game:
    if game.phase is Phase.OVER:
        raise IllegalAction("End of game", "the game is over")
    player = action.player
    if player not in (0, 1):
        raise IllegalAction("Players", f"there is no player {player!r}")
    if isinstance(action, Keep):
        return _keep(game, action)
    if isinstance(action, Choose):
        return _choose(game, action)
    if game.phase not in (Phase.PLACE, Phase.MOVE):
        raise IllegalAction("Round order", "both players must choose a card first")
    if game.order[0] != player:
        raise IllegalAction("Round order", f"{game.players[game.order[0]]} places first ({_why_first(game)})")
    if action not in legal_actions_for(game, player):
        raise IllegalAction(_rule_for(game, action), _why(game, action))
    return apply_legal(game, action)


def apply_legal(game: Game, action: Action) -> Game:
    """`apply` for an action taken from `legal_actions(game)`, without checking it again.

    A search's playouts apply tens of thousands of moves they have just drawn
    from the legal list; checking each one anew would list the moves twice.
    """
    if isinstance(action, Keep):
        return _keep(game, action)
    if isinstance(action, Choose):
        return _choose(game, action)
    if isinstance(action, Move):
        return _move(game, action)
    if isinstance(action, Enter):
        return _enter(game, action)
    assert isinstance(action, Place)
    return _place(game, action)


def _why_first(game: Game) -> str:
    """Why the player to act goes first this round: the higher number, or the token on a tie."""
    revealed = next((entry.revealed for entry in reversed(game.log) if entry.revealed is not None), None)
    if revealed is not None and revealed[0].number == revealed[1].number:
        return f"equal numbers: the tie-break token decided, and it passed to {game.players[game.token]}"
    return "the higher number"


def _rule_for(game: Game, action: Action) -> str:
    if game.phase is Phase.MOVE:
        return "Raccoon"
    if isinstance(action, Enter) or game.seats[action.player].chosen is Animal.DEER:
        return "Deer"
    return "Placement rules"


def _why(game: Game, action: Action) -> str:
    if game.phase is Phase.MOVE:
        if not isinstance(action, Move):
            return "the raccoon's owner must now move one of their other cards"
        return "that card cannot move there (it must be yours, not the raccoon, and stay connected within 4x4)"
    chosen = game.seats[action.player].chosen
    if chosen is Animal.DEER and not isinstance(action, Enter):
        return "the deer must enter at the end of a row or column holding a card, when it can"
    if isinstance(action, Enter):
        return (
            "the deer cannot enter there (the line holds no card, or even the deer's arrival would split the grid"
            " or leave the 4x4 square)"
        )
    if isinstance(action, Place):
        cell = (action.x, action.y)
        if cell in game.grid:
            return f"{cell} is taken"
        return f"{cell} must touch a card and keep every card within a 4x4 square"
    return "not now"


def _replace_seat(seats: tuple[Seat, Seat], index: int, seat: Seat) -> tuple[Seat, Seat]:
    return (seat, seats[1]) if index == 0 else (seats[0], seat)


def _keep(game: Game, action: Keep) -> Game:
    if game.phase is not Phase.KEEP:
        raise IllegalAction("Variant set-up", "cards are kept only at the start of the draft variant")
    seat = game.seats[action.player]
    if len(seat.hand) <= HAND:
        raise IllegalAction("Variant set-up", f"{game.players[action.player]} has already kept their cards")
    rest = list(seat.hand)
    try:
        for card in action.cards:
            rest.remove(card)
    except ValueError:
        raise IllegalAction("Variant set-up", f"keep 3 of the 5 cards drawn: {seat.hand}") from None
    if len(action.cards) != HAND:
        raise IllegalAction("Variant set-up", "keep exactly 3 cards")
    new_seat = Seat(hand=tuple(action.cards), pile=seat.pile + tuple(rest), chosen=None, played=())
    seats = _replace_seat(game.seats, action.player, new_seat)
    done = all(len(s.hand) == HAND for s in seats)
    return game.evolve(seats=seats, phase=Phase.CHOOSE if done else Phase.KEEP, log=game.log + (LogEntry(action),))


def _choose(game: Game, action: Choose) -> Game:
    if game.phase is not Phase.CHOOSE:
        raise IllegalAction("Round order", "cards are chosen at the start of a round")
    seat = game.seats[action.player]
    if seat.chosen is not None:
        raise IllegalAction("Choose a card", f"{game.players[action.player]} has already chosen")
    if action.card not in seat.hand:
        raise IllegalAction("Choose a card", f"{action.card.label} is not in {game.players[action.player]}'s hand")
    hand = list(seat.hand)
    hand.remove(action.card)
    seats = _replace_seat(game.seats, action.player, Seat(tuple(hand), seat.pile, action.card, seat.played))
    other = seats[1 - action.player]
    if other.chosen is None:
        return game.evolve(seats=seats, log=game.log + (LogEntry(action),))
    revealed = (seats[0].chosen, seats[1].chosen)
    assert revealed[0] is not None and revealed[1] is not None
    if Animal.SNAKE in revealed:
        seats = (_placed(seats[0]), _placed(seats[1]))
        entry = LogEntry(action, revealed=(revealed[0], revealed[1]), snake=True)
        return _end_round(game.evolve(seats=seats), entry)
    first_number, second_number = revealed[0].number, revealed[1].number
    token, passed = game.token, False
    if first_number != second_number:
        first = 0 if first_number > second_number else 1
    else:
        first, token, passed = game.token, 1 - game.token, True
    entry = LogEntry(action, revealed=(revealed[0], revealed[1]), token_passed=passed)
    return game.evolve(seats=seats, phase=Phase.PLACE, order=(first, 1 - first), token=token, log=game.log + (entry,))


def _placed(seat: Seat) -> Seat:
    """The seat once its chosen card has left (placed, or out with a snake)."""
    assert seat.chosen is not None
    return Seat(seat.hand, seat.pile, None, seat.played + (seat.chosen,))


def _place(game: Game, action: Place) -> Game:
    seat = game.seats[action.player]
    assert seat.chosen is not None
    animal = seat.chosen
    grid = with_piece(game.grid, (action.x, action.y), Piece(action.player, animal))
    placed = game.evolve(grid=grid, seats=_replace_seat(game.seats, action.player, _placed(seat)))
    entry = LogEntry(action)
    if animal is Animal.RACCOON and raccoon_moves(grid, action.player, (action.x, action.y)):
        return placed.evolve(phase=Phase.MOVE, log=game.log + (entry,))
    return _next_placer(placed, entry)


def _enter(game: Game, action: Enter) -> Game:
    seat = game.seats[action.player]
    pushed = deer_push(game.grid, Axis(action.axis), action.index, End(action.end), Piece(action.player, Animal.DEER))
    assert pushed is not None
    grid, moved = pushed
    placed = game.evolve(grid=grid, seats=_replace_seat(game.seats, action.player, _placed(seat)))
    return _next_placer(placed, LogEntry(action, moved=moved))


def _move(game: Game, action: Move) -> Game:
    grid = dict(game.grid)
    piece = grid.pop((action.from_x, action.from_y))
    grid[(action.to_x, action.to_y)] = piece
    return _next_placer(game.evolve(grid=grid, phase=Phase.PLACE), LogEntry(action))


def _next_placer(game: Game, entry: LogEntry) -> Game:
    order = game.order[1:]
    if order:
        return game.evolve(order=order, phase=Phase.PLACE, log=game.log + (entry,))
    return _end_round(game.evolve(order=()), entry)


def _end_round(game: Game, entry: LogEntry) -> Game:
    """Both draw a card from their own pile; the game ends once the grid is full."""
    drawn: list[Animal | None] = []
    seats = []
    for seat in game.seats:
        if seat.pile:
            drawn.append(seat.pile[0])
            seats.append(Seat(seat.hand + (seat.pile[0],), seat.pile[1:], None, seat.played))
        else:
            drawn.append(None)
            seats.append(seat)
    entry = LogEntry(
        entry.action, entry.revealed, entry.snake, entry.moved, entry.token_passed, drew=(drawn[0], drawn[1])
    )
    over = len(game.grid) >= FULL or not any(seat.hand for seat in seats)
    return game.evolve(
        seats=(seats[0], seats[1]),
        phase=Phase.OVER if over else Phase.CHOOSE,
        order=(),
        round=game.round + (0 if over else 1),
        log=game.log + (entry,),
    )


# -------------------------------------------------------------------- log


DEER_RULING = "the deer ruling of docs/rules-notes.md (the deer takes the line's first cell and pushes away)"


def entry_text(game: Game, action: Enter) -> str:
    """'Bo's deer entering row 2 from the left', in the record's coordinates (for error messages)."""
    side = {
        (Axis.ROW, End.START): "the left",
        (Axis.ROW, End.FINISH): "the right",
        (Axis.COLUMN, End.START): "the top",
        (Axis.COLUMN, End.FINISH): "the bottom",
    }[(Axis(action.axis), End(action.end))]
    return f"{game.players[action.player]}'s deer entering {Axis(action.axis).value} {action.index} from {side}"


def _older_deer(game: Game, index: int, action: Action, error: IllegalAction) -> IllegalAction:
    """Name the deer behind a replay that fails: saves made before the ruling may hold entries it forbids.

    Nothing is migrated (a save holds only the actions): a deer entry that is
    no longer legal, or a later action that no longer fits the grid the deer
    now leaves, stops the replay with this message.
    """
    if isinstance(action, Enter):
        detail = (
            f"{entry_text(game, action)} (action {index}) is not legal under {DEER_RULING}: {error.detail}. "
            "If this game was recorded before that ruling, it was played under the older reading of the deer"
            " and cannot be replayed"
        )
        return IllegalAction(error.rule, detail)
    deer = [(i, a) for i, a in enumerate(game.actions) if isinstance(a, Enter)]
    if not deer:
        return error
    where, last = deer[-1]
    detail = (
        f"{error.detail} (the grid differs from when it was recorded if {entry_text(game, last)}, action {where}, "
        f"was played under the older deer reading: {DEER_RULING})"
    )
    return IllegalAction(error.rule, detail)


def replay(
    players: Sequence[str], setup: Setup, variant: Variant, actions: Iterable[Action], seed: int | None = None
) -> Game:
    """Rebuild a game from its setup and actions; ReplayError names the first bad one."""
    return replay_actions(start(players, setup, variant, seed), actions, apply, _older_deer)
