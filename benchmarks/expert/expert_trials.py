"""A candidate search for the expert level against today's hard: a long match that can stop and go on.

Run:
    python benchmarks/expert/expert_trials.py --candidate fast --games 300 --jobs 2 --results trials.jsonl
    python benchmarks/expert/expert_trials.py --candidate fast --players 3 --games 102 --results t3.jsonl
    python benchmarks/expert/expert_trials.py --list  # the candidates and their budgets

A Codex game between two searches takes minutes of CPU, so the 300 games that
can show a level 65% strong take hours. This plays the very games of
`codex-tui tournament --bots CANDIDATE,hard` (same schedule, same deal and bot
seeds), writes each finished game as a line of `--results`, and prints the
running score after every game. Run again with the same file and it plays only
the games not yet in it, so a match can be spread over several sittings; the
summary is over every game the file holds. `--divide K` divides every budget
(the candidate's and hard's) by K, to screen an idea cheaply before its full run.

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, replace
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: machine.py, match_lines.py

from machine import machine_line  # noqa: E402
from match_lines import entry_line  # noqa: E402
from policy_tuning import TUNED  # noqa: E402
from trial_search import ModelledOpponents, OwnNextSearch  # noqa: E402

from codex_tui.games.codex.bots import Bot  # noqa: E402
from codex_tui.games.codex.bots.levels import EXPERT, HARD  # noqa: E402
from codex_tui.games.codex.bots.match import GameOutcome, lineup, play_match_game, schedule, summarize  # noqa: E402
from codex_tui.games.codex.bots.policy import BALANCED, CAREFUL, FAST, PlayoutPolicy  # noqa: E402
from codex_tui.games.codex.bots.search import SearchBot, SearchConfig  # noqa: E402
from codex_tui.games.codex.rules import Action, Phase, SeatView  # noqa: E402
from codex_tui.games.codex.rules.state import DEFAULT_TARGET_SCORE  # noqa: E402

CHASE = replace(CAREFUL, pattern_share=4.0, objective_symbol=3.0)
"""CAREFUL chasing its objectives: its own games score objectives more as real play does (5.45
points a player against CAREFUL's 4.11, board points alike, 300 deals) at CAREFUL's strength
(50.9% against it, 8,000 games)."""

CANDIDATES: dict[str, SearchConfig] = {
    "hard": HARD,
    "expert": EXPERT,
    "careful": SearchConfig(playouts=4800, candidates=12, draw_tree=True, policy=CAREFUL),
    "fast": SearchConfig(playouts=6600, candidates=12, draw_tree=True),
    "tuned": SearchConfig(playouts=4800, candidates=12, draw_tree=True, policy=TUNED),
    "chase-hardcpu": SearchConfig(playouts=1300, candidates=10, draw_tree=True, policy=CHASE),
    "noisy-hardcpu": replace(HARD, policy=replace(FAST, noise=1.2)),
    "margin-hardcpu": replace(HARD, margin_weight=0.06),
    "winonly-hardcpu": replace(HARD, margin_weight=0.0),
    "balanced-hardcpu": replace(HARD, policy=BALANCED),
    "balanced": EXPERT,  # the name its match file was begun under
    "wide16": replace(EXPERT, candidates=16),
}
"""Searches tried as the expert, each at about the expert's CPU, or at hard's for those named
`-hardcpu` (a screen: an idea that cannot beat hard at hard's own CPU is dropped). `careful` is
the expert as it was before `balanced` replaced it (111.5 / 200 against hard, `levels.py`).
`fast`: the old expert with FAST playouts, more of them (FAST costs about 0.73 of a CAREFUL
playout). At full budgets it won 37 of 66 against hard (56.1%, 95% CI 44.1-67.4%; 2,053 ms CPU a
move against 561 ms): about what the old expert does, so more playouts alone do not make the
expert. `tuned`: the old expert with `policy_tuning.TUNED` playouts, a policy that beats CAREFUL
64.8% as a player of its own. Against hard it won 18 of 40 (45.0%, 95% CI 30.7-60.2%; margin
-0.05 points a game; 4.37 s CPU a move against hard's 1.18 s on a 2-core Intel Xeon;
results/tuned-hard-2p.jsonl), stopped there: a stronger playout player did not make a stronger
search, as less noise did not.

What the playouts miss (`python3 benchmarks/expert/objective_share.py --hard 30 --divide 1`): in hard's
games against itself (30 deals from 3000, full budget) a player ends with 22.9 board points and
6.4 objective points (common 4.0, secret 2.4) in 13.5 cards; in CAREFUL's own games (400 deals)
with 21.2 board points and 4.2 objective points (common 2.6, secret 1.6; FAST 3.8, TUNED 4.0) in
14.2 cards. Weights alone do not close it (on the tuning's copy of the policy, 16 times the
pattern share and 20 times the objective symbols' weight reached 5.9 objective points). So a
playout under-completes objectives, the common ones too, by about 2 points a player, and both
searches undervalue a move that builds towards one. Acted on with CHASE (below,
'chase-hardcpu'): playouts that score 5.45 objective points a player did not make a better
search. Nor did any other change at hard's own CPU since (below): the prior, the noise, more
margin, no margin, the own next turn all land between 41% and 51%. Only more
time has ever beaten hard (twice hard's playouts: 57.5%), and it flattens (3.7 times: 56.1%), so
65% asks for a better judge of a position than a playout of this policy, not a better use of the
same playouts. A judge fitted to the outcomes of hard's own games, added to the playouts' verdict
('judge-hardcpu', below), did not pay either; playouts whose weights were tuned so that their
verdicts foretell those outcomes better did ('balanced-hardcpu', next).

The first to beat hard at hard's own CPU: 'balanced-hardcpu', hard whose FAST playouts take the
weights that foretell hard's own games best (`policy.BALANCED`, found by `policy_balance.py`): 174.5
of 300 (58.2%, 95% CI 52.5-63.6%; 604 ms CPU a move against hard's 608 ms; 29.6 points a game
against 29.0; results/balanced-hardcpu-hard-2p.jsonl). 'balanced', the same playouts at the old
expert's CPU, became the expert: 187.5 of 300 against hard (62.5%, 95% CI 56.9-67.8%; 2,202 ms CPU a
move against hard's 607 ms; 30.2 points a game against 29.0; results/balanced-hard-2p.jsonl), short
of the 65% asked. At 3 players (`--players 3 --games 171`, results/balanced-hard-3p.jsonl) it won
67.5 of 171 against two hards (39.5%, 95% CI 32.5-47.0%; a third is even; the hard seats 28.4% and
32.2%; 28.5 points a game against 27.2 and 27.8; 2,297 ms CPU a move against 629 and 630 ms, the
last 69 games played on a busier machine; after the first 102 it stood at 42, 41.2%). At 4 players
(`--players 4 --games 100`, results/balanced-hard-4p.jsonl) it won 31.5 of 100 against three hards
(31.5%, 95% CI 23.2-41.1%; a quarter is even; the hard seats 20.0%, 29.0% and 19.5%; 27.1 points a
game against 25.9, 26.7 and 25.9; 2,177 ms CPU a move against 594 ms). Tuning BALANCED's weights on
over 300 games found nothing beyond the figure's noise (`policy_balance.py`): next is a judge that
reads more than the fast policy does, not the same features weighed otherwise.

Built on 'balanced-hardcpu' and measured against its games on the same deals (`trial_search.py`):
the seat's own next placement searched as a third level ('ownnext-hardcpu') and the other seat
played out by CAREFUL ('oppcareful-hardcpu', the issue's two remaining search ideas) both won less
than it did (details below), so neither went on to the expert's budget.

Placements first ('placeheavy', 'placefirst'): 'drawheavy' (below) lost with three times as many
playouts for a draw as for a placement, so the expert might win with the budget the other way
round. 'placeheavy', 9,900 playouts for a placement and 3,300 for a draw, won 23 of the first 34
games against hard (67.6%, 95% CI 50.8-80.9%; the expert won 19.5 of the same 34), but a
placement's playouts cost about 1.4 times a draw's (they start a turn earlier, and twelve
candidates share them), so it spent 3.9 times hard's CPU a move where the expert spends 3.6
(2,881 ms against 737 on a loaded machine; results/placeheavy-hard-2p.jsonl). It was stopped there
for 'placefirst', 9,100 and 3,050, which keeps the expert's CPU: after 64 games it had won 39.5
(61.7%, 95% CI 49.5-72.6%; 3.58 times hard's CPU a move, 2,567 ms against 717 on the loaded
machine, where the expert's match measured 3.61; results/placefirst-hard-2p.jsonl), the expert
39.0 of the same 64 (30.5 of 46 against 28.5 earlier, a lead that faded). Its match can go on
from the file (`--candidate placefirst --games 300`); so far it plays like the expert.

Tried at the expert's CPU, full budgets, and dropped:
- 'wide16', the expert choosing among 16 placements, not 12. In 80 positions of hard's own games
  the expert's pick was not its card and side's best-ranked spot in 37, and was the only spot of
  its card and side on the list in 18, so a longer list looked worth its playouts; with 16 the
  halving still has four rounds (103 playouts a candidate in the first, not 137). It won 33 of 56
  (58.9%, 95% CI 45.9-70.8%; results/wide16-hard-2p.jsonl), where the expert won 35 of the same
  56 deals and seats (39 games ended alike), and was stopped there.

Tried at hard's own CPU, full budgets, and dropped (files in results/):
- 'ownnext-hardcpu', 'balanced-hardcpu' searching its own next placement too
  (`trial_search.OwnNextSearch`; 1,740 playouts for what the next level costs): 34.5 of 71 (48.6%,
  95% CI 37.3-60.0%; 620 ms CPU a move against hard's 649 ms;
  results/ownnext-hardcpu-hard-2p.jsonl), where 'balanced-hardcpu' won 39.5 of the same 71 deals
  and seats; stopped there. Its first try at this CPU ('ownturn', last below) came out even with
  hard too. With a few visits to each (candidate, draw, hand), UCB1's tries of each card add more
  noise to a candidate's value than the better next move takes out.
- 'oppcareful-hardcpu', 'balanced-hardcpu' whose playouts play the other seat by CAREFUL
  (`trial_search.ModelledOpponents`; 1,400 playouts, for CAREFUL's cost): 29 of 66 (43.9%, 95% CI
  32.6-55.9%; 646 ms CPU a move against hard's 658 ms; results/oppcareful-hardcpu-hard-2p.jsonl),
  where 'balanced-hardcpu' won 36.5 of the same 66; stopped there. A stronger opponent in the
  playouts did not make a truer verdict: with the seat's own policy weaker than the other's, it
  loses most playouts, and wins tell the candidates apart less.
- 'komi-hardcpu', not played: Go programs' "dynamic komi", a win counted as beating the seat's
  playout lead by a shifted line where the playouts are lopsided (a win share outside 0.2-0.8, the
  line moved to bring it to the band's edge; `trial_search.KomiSearch` in eda35e3). In 24 positions
  from the last third of hard's held-out games it chose another move than 'balanced-hardcpu' in 2,
  at 9% more CPU (406 ms a move against 373): too few changed moves to show in a match, so it was
  taken out again unplayed.
- 'winonly-hardcpu', hard with no reward for the lead (margin weight 0): 88.5 of 178 (49.7%, 95% CI
  42.5-57.0%; 622 ms CPU a move against 621 ms; 28.3 points a game against 29.4;
  results/winonly-hardcpu-hard-2p.jsonl). It led at 58 of 108 and won 30.5 of the 70 games after,
  so the margin weight is no lever at 0 either. Nor does it change the expert's choices more than
  its seed does: in 60 positions of hard's own games the expert's search chose another placement
  with margin weight 0 in 17 (28%), and with another seed in 23 (38%).
- hard with half the playout policy's noise (0.4): 123.5 of 261 (47.3%, 41.3-53.4%).
- hard choosing among 20 placements, not 10: 111.5 of 250 (44.6%, 38.6-50.8%).
- 'chase-hardcpu', hard's search with 1,300 CHASE playouts (a CAREFUL playout costs about 1.4 FAST
  ones): 23 of 56 (41.1%, 29.2-54.1%; 670 ms CPU a move against hard's 620 ms;
  results/chase-hardcpu-hard-2p.jsonl), stopped there. Playouts that finish objectives as real
  games do did not make the search value the moves towards them better.
- 'prior-hardcpu', hard ranking its candidates by playout mean plus 0.01 a point of the candidate
  list's heuristic value (about half the within-position slope of playout mean on that value, 0.02
  a point, median over 60 of hard's decisions): 50.5 of 106 (47.6%, 38.4-57.1%; 598 ms CPU a move
  for both; results/prior-hardcpu-hard-2p.jsonl), stopped there. Trusting the heuristic where the
  playouts are close did not pay; its `SearchConfig.prior_weight` was taken out again (it is in
  306db36).
- 'margin-hardcpu', hard with three times the reward for each point of lead (0.06): 30 of 72
  (41.7%, 31.0-53.2%; 596 ms CPU a move for both; results/margin-hardcpu-hard-2p.jsonl), stopped
  there. It scored more (29.1 points a game against 28.5) and won less: the lead is not the win.
- 'noisy-hardcpu', hard's FAST playouts with half as much noise again (1.2; a slightly weaker
  player: 48.8% against FAST in 8,000 games): 45.5 of 98 (46.4%, 36.9-56.3%; 607 ms CPU a move
  against hard's 605 ms; results/noisy-hardcpu-hard-2p.jsonl), stopped there. With half the noise
  (0.4, first above) losing too, the noise is no lever either way.
- 'judge-hardcpu', hard ranking its candidates by playout mean plus 0.05 a point of a judged lead:
  nine features of the position after the candidate (score, objectives met, the secret's part,
  ready and waiting golds, resource points in hand, open spots, progress to the next symbol set,
  patterns one card short), each the seat's minus the other's, weighed as they went with the final
  lead in 124 games of hard (budget / 2) against itself beyond what 128 playouts from the true
  position said (cross-validated R^2 of the final lead 0.3425 from the playouts alone, 0.3581 with
  the features; `value_data.py`, and `value_fit.py` in bc5ad47). 24 of 52 (46.2%, 33.3-59.5%; 595 ms
  CPU a move against hard's 590 ms; results/judge-hardcpu-hard-2p.jsonl), stopped there. Within a
  decision its correction spread over 0.1 to 0.4 of a win, more than the playouts' gaps between
  the leading candidates, so it overruled them in half the positions tried; features that say a
  little more about a position than the playouts did not choose better among its moves.
  `SearchConfig.judge` was taken out again (it is in bc5ad47).
- 'ownturn', a search of the seat's own next turn (results/ownturn-hard-2p.jsonl): 145.5 of 300
  (48.5%, 42.9-54.1%; 0.56 s CPU a move against hard's 0.51 s). The session that ran it was cut
  off before it committed anything, so its code and exact settings are lost; the file is the
  record of its games only.

Tried and dropped: a budget of their own for draws (`SearchConfig.draw_playouts`, in
dddaf86 and again in 4b92d5b, taken out after each), 2-player games against hard from deal 1:
- 12,000 FAST playouts for a placement (16 candidates), 1,500 for a draw, at budgets / 4:
  25.5 of 54 (47.2%, 95% CI 34.5-60.3%). Starving the draws lost.
- 3,300 for a placement, 9,900 for a draw (12 candidates), at budgets / 4: 68 of 99 (68.7%,
  59.0-77.0%); at full budgets 13 of 30 (43.3%, 27.4-60.8%; results/drawheavy-hard-2p.jsonl,
  1.9 s CPU a move against hard's 0.56 s). So a screen at a quarter of the budgets does not
  rank candidates as a full-budget match does (likely: hard's draws at 450 playouts were its weak
  spot there, and at 1,800 they are not).

The results files of full-budget matches are kept in `benchmarks/expert/results/`: a candidate's
match can go on on another machine (name its file with --results); the files of dropped
candidates are the record of their games (their settings are in the commits that tried them)."""


class SplitBudget:
    """A search that spends one budget on placements and set-up choices and another on draws:
    two searches under one seed, so each decision is the one a single search of that budget makes."""

    def __init__(self, seed: int, placing: SearchConfig, drawing: SearchConfig, name: str) -> None:
        self.name = name
        self.placing = SearchBot(seed, placing, name=name)
        self.drawing = SearchBot(seed, drawing, name=name)

    def choose(self, view: SeatView) -> Action:
        return (self.drawing if view.phase is Phase.DRAW else self.placing).choose(view)


SPLITS: dict[str, tuple[SearchConfig, SearchConfig]] = {
    "placeheavy": (replace(EXPERT, playouts=9900), replace(EXPERT, playouts=3300)),
    "placefirst": (replace(EXPERT, playouts=9100), replace(EXPERT, playouts=3050)),
}
"""Candidates whose placements and draws get budgets of their own (placements, draws)."""

OWN_NEXT: dict[str, SearchConfig] = {
    "ownnext-hardcpu": replace(HARD, playouts=1740, policy=BALANCED),
}
"""Candidates that search the seat's own next placement too (`trial_search.OwnNextSearch`):
'balanced-hardcpu' with 3.3% fewer playouts for what the next level costs (668 ms a move against
655 at hard's budget, 16 positions of `bots.positions`)."""

MODELLED: dict[str, tuple[SearchConfig, PlayoutPolicy]] = {
    "oppcareful-hardcpu": (replace(HARD, playouts=1400, policy=BALANCED), CAREFUL),
}
"""Candidates whose playouts play the other seats by a policy of their own (`trial_search.ModelledOpponents`):
'balanced-hardcpu' with CAREFUL opponents, its budget cut for what CAREFUL's moves cost."""


def divided(config: SearchConfig, divisor: int) -> SearchConfig:
    """The same search with its playout budget divided (at least one playout)."""
    return replace(config, playouts=max(1, config.playouts // divisor))


def make_entry(entry: str, seed: int, divisor: int) -> Bot:
    """The bot a line-up entry names, with its budgets divided."""
    if entry in SPLITS:
        placing, drawing = SPLITS[entry]
        return SplitBudget(seed, divided(placing, divisor), divided(drawing, divisor), entry)
    if entry in OWN_NEXT:
        return OwnNextSearch(seed, divided(OWN_NEXT[entry], divisor), name=entry)
    if entry in MODELLED:
        config, opponents = MODELLED[entry]
        return ModelledOpponents(seed, divided(config, divisor), opponents, name=entry)
    return SearchBot(seed, divided(CANDIDATES[entry], divisor), name=entry)


def match_name(entries: tuple[str, ...], divisor: int, seed: int) -> str:
    """What a results line is a game of: resuming must never mix two matches in one file."""
    return f"{','.join(entries)} / {divisor} from deal {seed}"


def read_results(path: Path, match: str) -> dict[int, GameOutcome]:
    """The games of `match` a results file already holds, by game index (a torn last line is
    dropped). Exits with a message if the file holds games of another match."""
    done: dict[int, GameOutcome] = {}
    if not path.exists():
        return done
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            fields = json.loads(line)
        except json.JSONDecodeError:
            continue
        if fields.get("match") != match:
            raise SystemExit(
                f"{path}, line {number}: a game of {fields.get('match')!r}, not of {match!r}; "
                "name another --results file for this match"
            )
        outcome = GameOutcome(
            index=fields["index"],
            totals=tuple(fields["totals"]),
            wins=tuple(fields["wins"]),
            think_seconds=tuple(fields["think_seconds"]),
            cpu_seconds=tuple(fields["cpu_seconds"]),
            moves=tuple(fields["moves"]),
            turns=fields["turns"],
        )
        done[outcome.index] = outcome
    return done


def report(entries: tuple[str, ...], outcomes: list[GameOutcome], prefix: str) -> None:
    for stats in summarize(entries, outcomes)[:1]:
        low, high = stats.interval()
        print(
            f"{prefix}{len(outcomes)} games: {stats.label} wins {stats.wins:g} "
            f"({100 * stats.win_rate:.1f}%, 95% CI {100 * low:.1f}-{100 * high:.1f}%)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--candidate", choices=sorted(CANDIDATES | SPLITS | OWN_NEXT | MODELLED), default="fast")
    parser.add_argument("--against", choices=sorted(CANDIDATES), default="hard")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300, help="games (a multiple of --players keeps seats balanced)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--divide", type=int, default=1, help="divide every playout budget by this")
    parser.add_argument("--results", type=Path, required=False, help="JSON lines of finished games, read and extended")
    parser.add_argument("--list", action="store_true", help="print the candidates and stop")
    args = parser.parse_args()
    if args.list:
        for name, config in CANDIDATES.items():
            print(f"{name}: {config}")
        for name, (placing, drawing) in SPLITS.items():
            print(f"{name}: placements {placing}; draws {drawing}")
        for name, config in OWN_NEXT.items():
            print(f"{name}: own next placement searched too; {config}")
        for name, (config, opponents) in MODELLED.items():
            print(f"{name}: the others played out by {opponents}; {config}")
        return
    print(machine_line())
    entries = lineup([args.candidate, args.against], args.players)
    path = args.results or Path(f"trials-{args.candidate}-{args.players}p-d{args.divide}.jsonl")
    match = match_name(entries, args.divide, args.seed)
    done = read_results(path, match)
    todo = [spec for spec in schedule(args.games, args.players, args.seed) if spec.index not in done]
    print(f"{entries}, budgets / {args.divide}: {len(done)} games in {path}, {len(todo)} to play", flush=True)
    play = partial(
        play_match_game,
        entries=entries,
        target_score=DEFAULT_TARGET_SCORE,
        make=partial(make_entry, divisor=args.divide),
    )
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, path.open("a", encoding="utf-8") as out:
        pending: set[Future[GameOutcome]] = {pool.submit(play, spec) for spec in todo}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                outcome = future.result()
                out.write(json.dumps({"match": match} | asdict(outcome)) + "\n")
                out.flush()
                done[outcome.index] = outcome
            report(entries, list(done.values()), f"[{time.perf_counter() - started:6.0f} s] ")
    outcomes = [done[i] for i in sorted(done) if i < args.games]
    print(f"{len(outcomes)} games, {args.players} players, seats rotated on each deal (deal seeds from {args.seed})")
    for stats in summarize(entries, outcomes):
        print(entry_line(stats))


if __name__ == "__main__":
    main()
