"""The 102 cards, read once from `cards.txt` and checked before any game starts.

The card file is data, not code, so that a reader can compare it line by line
with the printed cards. A mistake in it must stop the program at start-up with
the line at fault, never surface later as a wrong score.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import resources
from pathlib import Path

from codex_tui.games.codex.rules.symbols import EMPTY, HIDDEN, SYMBOL_COUNT, CardKind, Corner, Side, Symbol

CARD_FILE_NAME = "cards.txt"

RESOURCE_IDS = range(1, 41)
GOLD_IDS = range(41, 81)
STARTER_IDS = range(81, 87)
OBJECTIVE_IDS = range(87, 103)


class CardDataError(Exception):
    """The card file is broken; the message names the file, the line and the fault."""


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a card as it lies on the table."""

    corners: tuple[Corner, Corner, Corner, Corner]
    center: tuple[Symbol, ...]
    shown: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    """Every symbol the face shows uncovered, once per corner or centre showing it, as plain
    ints: placing a card adds these to the area's counts in one loop without tests."""

    def __post_init__(self) -> None:
        shown = [corner for corner in self.corners if corner >= 0] + [int(symbol) for symbol in self.center]
        object.__setattr__(self, "shown", tuple(shown))

    @property
    def gains(self) -> tuple[int, ...]:
        """How many of each symbol this face shows when nothing covers it."""
        counts = [0] * SYMBOL_COUNT
        for corner in self.corners:
            if corner >= 0:
                counts[corner] += 1
        for symbol in self.center:
            counts[symbol] += 1
        return tuple(counts)


class Scoring(StrEnum):
    """How a card scores when placed face up."""

    FLAT = "flat"
    CORNERS = "corners"
    OBJECT = "object"


@dataclass(frozen=True, slots=True)
class PlayableCard:
    """A resource or gold card: the cards that go through hands."""

    id: int
    kind: CardKind
    kingdom: Symbol
    points: int
    scoring: Scoring
    scoring_object: Symbol | None
    requires: tuple[int, ...]
    """Visible symbols needed to place the front, indexed by Symbol (golds only)."""
    front: Face
    back: Face
    requirement: tuple[tuple[int, int], ...] = ()
    """`requires` as (symbol, count) pairs, the form the legality checks read."""

    def __post_init__(self) -> None:
        pairs = tuple((symbol, need) for symbol, need in enumerate(self.requires) if need)
        object.__setattr__(self, "requirement", pairs)

    def face(self, side: Side) -> Face:
        return self.front if side is Side.FRONT else self.back

    @property
    def is_gold(self) -> bool:
        return self.kind is CardKind.GOLD


@dataclass(frozen=True, slots=True)
class StarterCard:
    id: int
    front: Face
    back: Face
    kind: CardKind = CardKind.STARTER

    def face(self, side: Side) -> Face:
        return self.front if side is Side.FRONT else self.back


class ObjectiveKind(StrEnum):
    PATTERN = "pattern"
    RESOURCES = "resources"
    OBJECTS = "objects"


@dataclass(frozen=True, slots=True)
class PatternCell:
    dx: int
    dy: int
    kingdom: Symbol


@dataclass(frozen=True, slots=True)
class ObjectiveCard:
    id: int
    points: int
    objective_kind: ObjectiveKind
    cells: tuple[PatternCell, ...]
    """For patterns: the cards of one occurrence, relative to its bounding box."""
    needs: tuple[int, ...]
    """For resources/objects: symbols of one set, indexed by Symbol."""
    kind: CardKind = CardKind.OBJECTIVE


Card = PlayableCard | StarterCard | ObjectiveCard


@dataclass(frozen=True)
class CardCatalog:
    """Every card by id, split by kind. Built once; never mutated."""

    playable: Mapping[int, PlayableCard]
    starters: Mapping[int, StarterCard]
    objectives: Mapping[int, ObjectiveCard]

    def card(self, card_id: int) -> Card:
        for table in (self.playable, self.starters, self.objectives):
            if card_id in table:
                return table[card_id]
        raise KeyError(f"no card has id {card_id}")

    @property
    def resource_ids(self) -> tuple[int, ...]:
        return tuple(i for i, c in self.playable.items() if c.kind is CardKind.RESOURCE)

    @property
    def gold_ids(self) -> tuple[int, ...]:
        return tuple(i for i, c in self.playable.items() if c.kind is CardKind.GOLD)


# ---------------------------------------------------------------- parsing


def _symbol(token: str, where: str) -> Symbol:
    try:
        return Symbol.from_letter(token)
    except KeyError:
        raise CardDataError(f"{where}: {token!r} is not a symbol letter (F P A I Q K M)") from None


def _kingdom(token: str, where: str) -> Symbol:
    symbol = _symbol(token, where)
    if not symbol.is_kingdom:
        raise CardDataError(f"{where}: {token!r} is an object, a kingdom is needed (F P A I)")
    return symbol


def _corners(text: str, where: str) -> tuple[Corner, Corner, Corner, Corner]:
    tokens = text.split()
    if len(tokens) != 4:
        raise CardDataError(f"{where}: expected 4 corners (tl tr br bl), found {len(tokens)}")
    corners: list[Corner] = []
    for token in tokens:
        if token == ".":
            corners.append(EMPTY)
        elif token == "x":
            corners.append(HIDDEN)
        else:
            corners.append(int(_symbol(token, where)))
    return (corners[0], corners[1], corners[2], corners[3])


def _counts(letters: str, where: str) -> tuple[int, ...]:
    counts = [0] * SYMBOL_COUNT
    if letters != "-":
        for letter in letters:
            counts[_symbol(letter, where)] += 1
    return tuple(counts)


def _int(token: str, where: str, what: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise CardDataError(f"{where}: {what} must be a whole number, not {token!r}") from None


def _plain_back(kingdom: Symbol) -> Face:
    return Face(corners=(EMPTY, EMPTY, EMPTY, EMPTY), center=(kingdom,))


def _parse_resource(fields: list[str], where: str) -> PlayableCard:
    head = fields[0].split()
    if len(head) != 3 or len(fields) != 2:
        raise CardDataError(f"{where}: expected 'id kingdom points | corners'")
    card_id = _int(head[0], where, "id")
    kingdom = _kingdom(head[1], where)
    return PlayableCard(
        id=card_id,
        kind=CardKind.RESOURCE,
        kingdom=kingdom,
        points=_int(head[2], where, "points"),
        scoring=Scoring.FLAT,
        scoring_object=None,
        requires=(0,) * SYMBOL_COUNT,
        front=Face(_corners(fields[1], where), ()),
        back=_plain_back(kingdom),
    )


def _parse_gold(fields: list[str], where: str) -> PlayableCard:
    head = fields[0].split()
    if len(head) != 5 or len(fields) != 2:
        raise CardDataError(f"{where}: expected 'id kingdom points scoring requires | corners'")
    card_id = _int(head[0], where, "id")
    kingdom = _kingdom(head[1], where)
    scoring_token = head[3]
    scoring_object: Symbol | None = None
    if scoring_token in ("flat", "corners"):
        scoring = Scoring(scoring_token)
    else:
        scoring = Scoring.OBJECT
        scoring_object = _symbol(scoring_token, where)
        if scoring_object.is_kingdom:
            raise CardDataError(f"{where}: a gold scores per object (Q K M), not per {scoring_token}")
    requires = _counts(head[4], where)
    if any(requires[i] for i in range(4, SYMBOL_COUNT)):
        raise CardDataError(f"{where}: a gold can only require kingdom symbols")
    return PlayableCard(
        id=card_id,
        kind=CardKind.GOLD,
        kingdom=kingdom,
        points=_int(head[2], where, "points"),
        scoring=scoring,
        scoring_object=scoring_object,
        requires=requires,
        front=Face(_corners(fields[1], where), ()),
        back=_plain_back(kingdom),
    )


def _parse_starter(fields: list[str], where: str) -> StarterCard:
    if len(fields) != 4:
        raise CardDataError(f"{where}: expected 'id | front corners | back corners | back centre'")
    card_id = _int(fields[0].strip(), where, "id")
    centre = tuple(_kingdom(letter, where) for letter in fields[3].strip())
    if not centre:
        raise CardDataError(f"{where}: a starter back has at least one centre resource")
    return StarterCard(
        id=card_id,
        front=Face(_corners(fields[1], where), ()),
        back=Face(_corners(fields[2], where), centre),
    )


def _parse_objective(fields: list[str], where: str) -> ObjectiveCard:
    head = fields[0].split()
    if len(head) != 3 or len(fields) != 2:
        raise CardDataError(f"{where}: expected 'id points kind | needs'")
    card_id = _int(head[0], where, "id")
    points = _int(head[1], where, "points")
    try:
        kind = ObjectiveKind(head[2])
    except ValueError:
        raise CardDataError(f"{where}: unknown objective kind {head[2]!r}") from None
    spec = fields[1].split()
    cells: tuple[PatternCell, ...] = ()
    needs: tuple[int, ...] = (0,) * SYMBOL_COUNT
    if kind is ObjectiveKind.PATTERN:
        parsed = []
        for token in spec:
            letter, _, offset = token.partition("@")
            dx_text, _, dy_text = offset.partition(",")
            parsed.append(PatternCell(_int(dx_text, where, "dx"), _int(dy_text, where, "dy"), _kingdom(letter, where)))
        if len(parsed) < 2 or min(c.dx for c in parsed) != 0 or min(c.dy for c in parsed) != 0:
            raise CardDataError(f"{where}: a pattern needs 2+ cells with its bounding box at 0,0")
        if len({(c.dx, c.dy) for c in parsed}) != len(parsed):
            raise CardDataError(f"{where}: two pattern cells share a place")
        if len({(c.dx + c.dy) % 2 for c in parsed}) != 1:
            raise CardDataError(f"{where}: pattern cells must lie on the card grid (dx+dy of one parity)")
        cells = tuple(parsed)
    else:
        if len(spec) != 1:
            raise CardDataError(f"{where}: expected the symbols of one set, like FFF or QKM")
        needs = _counts(spec[0], where)
        wanted_kingdoms = kind is ObjectiveKind.RESOURCES
        for symbol in Symbol:
            if needs[symbol] and symbol.is_kingdom != wanted_kingdoms:
                raise CardDataError(
                    f"{where}: {kind.value} objectives count only {'kingdoms' if wanted_kingdoms else 'objects'}"
                )
        if not any(needs):
            raise CardDataError(f"{where}: an objective set needs at least one symbol")
    return ObjectiveCard(id=card_id, points=points, objective_kind=kind, cells=cells, needs=needs)


_SECTIONS: dict[str, tuple[Callable[[list[str], str], Card], range]] = {
    "resource": (_parse_resource, RESOURCE_IDS),
    "gold": (_parse_gold, GOLD_IDS),
    "starter": (_parse_starter, STARTER_IDS),
    "objective": (_parse_objective, OBJECTIVE_IDS),
}


def _data_lines(text: str) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            yield number, line


def parse_catalog(text: str, source: str = CARD_FILE_NAME) -> CardCatalog:
    """Parse and check a whole card file; raise CardDataError at the first fault."""
    found: dict[str, dict[int, Card]] = {name: {} for name in _SECTIONS}
    section: str | None = None
    for number, line in _data_lines(text):
        where = f"{source}, line {number}"
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            if section not in _SECTIONS:
                raise CardDataError(f"{where}: unknown section [{section}]")
            continue
        if section is None:
            raise CardDataError(f"{where}: card line before any [section]")
        parse, id_range = _SECTIONS[section]
        card = parse(line.split("|"), where)
        if card.id not in id_range:
            raise CardDataError(f"{where}: id {card.id} is outside {section} ids {id_range.start}-{id_range.stop - 1}")
        if card.id in found[section]:
            raise CardDataError(f"{where}: card {card.id} is listed twice")
        found[section][card.id] = card
    for name, (_, id_range) in _SECTIONS.items():
        missing = sorted(set(id_range) - set(found[name]))
        if missing:
            raise CardDataError(f"{source}: {name} cards missing: {missing}")
    for card in found["gold"].values():
        assert isinstance(card, PlayableCard)
        if card.requires[card.kingdom] == 0:
            raise CardDataError(f"{source}: gold {card.id} does not require its own kingdom")
    playable = {**found["resource"], **found["gold"]}
    return CardCatalog(
        playable={i: c for i, c in sorted(playable.items()) if isinstance(c, PlayableCard)},
        starters={i: c for i, c in sorted(found["starter"].items()) if isinstance(c, StarterCard)},
        objectives={i: c for i, c in sorted(found["objective"].items()) if isinstance(c, ObjectiveCard)},
    )


def load_catalog(path: Path | None = None) -> CardCatalog:
    """Read the card file shipped with the package (or `path`) and check it."""
    if path is None:
        source = f"codex_tui/games/codex/rules/{CARD_FILE_NAME}"
        try:
            text = resources.files(__package__).joinpath(CARD_FILE_NAME).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CardDataError(f"{source}: cannot be read ({error}); reinstall codex-tui") from error
    else:
        source = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CardDataError(f"{source}: cannot be read ({error})") from error
    return parse_catalog(text, source)


CATALOG = load_catalog()
"""The one card catalogue every game uses."""
