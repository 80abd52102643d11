"""The player's rating against the computer levels: Glicko-2, replayed from the game history (no pygame).

The rating is never stored: it is a pure function of the rated games in the history, in date order, so it can
never drift from the games it claims to summarise, survives a backup round trip and needs no migration.

**Which games count** (:func:`is_rated`): one person against one or more computer players, on this device, with
neither undo nor hints used (the Competitive setting guarantees it; a casual game where the player used neither
counts too), and not a practice game or a game opened from a link. Each game is one Glicko-2 rating period whose
results are the person's score against each computer seat (1 ahead, 0.5 level, 0 behind).

**The levels' own ratings** are fixed and calibrated from the measured ladder (each level against the one below,
``benchmarks/ladder.py``, figures in ``docs/measurements/ai-strength.md``): Beginner is anchored at 500 and each
level sits ``400 log10(p / (1 - p))`` above the one below, where p is the measured score with half a game added to
each side (so a 100% result stays finite). ``docs/rating.md`` lists the inputs and the results.

**It cannot break**: the rating, its deviation and its volatility are held within :data:`RATING_RANGE`,
:data:`DEVIATION_RANGE` and :data:`VOLATILITY_RANGE` after every game (results that have nothing to do with the level
otherwise make the volatility grow without bound, and the arithmetic overflow after about 10,000 games), which keeps
every exponent and quotient of the update finite and non-zero; the volatility's root search takes at most
:data:`ROOT_STEPS` steps. Games are replayed in one order, by date and then by id.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.notation import parse_rules_token
from ..steps import run
from ..storage import FinishedGame, FoldedGame
from ..storage.records import game_order
from ..storage.steps import Work, pause, sort_in_steps

SCALE = 173.7178  # Glicko-2's factor between the Glicko scale (ratings like 1500) and its internal one
START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06
TAU = 0.5  # how fast the volatility may change (Glickman suggests 0.3-1.2)
LEVEL_DEVIATION = 60.0  # how sure the calibration is of each level's rating
BEGINNER_RATING = 500.0  # so a new player (1500) starts level with Medium
MIN_DEVIATION = 30.0  # a long record never makes the rating immovable
RATING_RANGE = (0.0, 3000.0)  # the levels span 500-2193; 3000 would beat the Expert 99 games in 100
DEVIATION_RANGE = (MIN_DEVIATION, START_DEVIATION)  # never less sure than of a new player
VOLATILITY_RANGE = (0.01, 0.12)  # twice a new player's at most
ROOT_STEPS = 100  # the Illinois search for the new volatility converges in under 20 within these ranges


@dataclass(frozen=True)
class LadderStep:
    """A measured ladder result: ``upper`` scored ``points`` in ``games`` games against the level below it."""

    upper: str
    games: int
    points: float


# Measured with benchmarks/ladder.py (docs/measurements/ai-strength.md, "The ladder"): Easy, Medium and Hard over
# five boards (3x3, 4x4, 5x5, triangle 6, hex 19); the Expert at 1.5 s a move on 4x4 (98% of 20) and at 2.5 s on
# 5x5, triangle 6 and hex 19 (80%, 78%, 78% of 40 each).
LADDER: tuple[LadderStep, ...] = (
    LadderStep("easy", 50, 46.5),
    LadderStep("medium", 50, 48.0),
    LadderStep("hard", 100, 95.0),
    LadderStep("expert", 140, 19.6 + 32.0 + 31.2 + 31.2),
)


def step_size(step: LadderStep) -> float:
    """The rating gap the step's score implies (Elo's logistic curve), with half a game added to each side."""
    share = (step.points + 0.5) / (step.games + 1)
    return 400.0 * math.log10(share / (1.0 - share))


def level_ratings(ladder: Iterable[LadderStep] = LADDER) -> dict[str, float]:
    """Each level's rating, Beginner first."""
    ratings = {"beginner": BEGINNER_RATING}
    below = BEGINNER_RATING
    for step in ladder:
        below = ratings[step.upper] = below + step_size(step)
    return ratings


LEVEL_RATINGS = level_ratings()


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the familiar scale: ``value`` +- 2 ``deviation`` holds the true strength about 95% of
    the time; ``games`` counts the rated games behind it."""

    value: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    games: int = 0

    @property
    def provisional(self) -> bool:
        """True while the rating is too uncertain to show as a plain number (the player has few rated games)."""
        return self.deviation > 110.0


@dataclass(frozen=True)
class Result:
    """One rated game: the levels of the computer seats and the person's score against each (1, 0.5 or 0)."""

    opponents: tuple[str, ...]
    scores: tuple[float, ...]


def is_rated(seats: list[tuple[str, str]], assisted: bool, purpose: str = "", from_link: bool = False) -> bool:
    """Whether a finished game counts: exactly one person, at least one computer of a known level, no undo or hint
    used, not practice, not opened from a link. ``seats`` are (kind, level) pairs."""
    people = sum(kind == "human" for kind, _ in seats)
    computers = [level for kind, level in seats if kind == "computer"]
    known = all(level in LEVEL_RATINGS for level in computers)
    return people == 1 and bool(computers) and known and not assisted and not purpose and not from_link


def result_of(seats: list[tuple[str, str]], scores: list[int], misere: bool = False) -> Result:
    """The person's results against each computer seat of a rated game (with misère, fewer cells is better)."""
    you = next(i for i, (kind, _) in enumerate(seats) if kind == "human")
    sign = -1 if misere else 1
    opponents, points = [], []
    for seat, (kind, level) in enumerate(seats):
        if kind == "computer":
            lead = sign * (scores[you] - scores[seat])
            opponents.append(level)
            points.append(1.0 if lead > 0 else 0.5 if lead == 0 else 0.0)
    return Result(tuple(opponents), tuple(points))


RESULT_SCORES = {"won": 1.0, "drawn": 0.5, "lost": 0.0}


def history_results(folded: Iterable[FoldedGame], games: Iterable[FinishedGame]) -> list[Result]:
    """The rated games of a history in the order they are rated (:func:`game_order`: by date, then id): a folded
    game's result against the strongest level met (all that is kept of it), a recent game's seat by seat."""
    return run(history_results_in_steps(folded, games))


def history_results_in_steps(folded: Iterable[FoldedGame], games: Iterable[FinishedGame]) -> Work[list[Result]]:
    """:func:`history_results` in steps (a history can hold many thousand folded games)."""
    in_order: list[FinishedGame | FoldedGame] = [*folded, *games]
    yield from sort_in_steps(in_order, game_order)
    results = []
    for index, game in enumerate(in_order):
        result = _result(game)
        if result is not None:
            results.append(result)
        if pause(index):
            yield
    return results


def _result(game: FinishedGame | FoldedGame) -> Result | None:
    """A game's result for the rating; None when it is not rated."""
    if isinstance(game, FoldedGame):
        line = game.outcome
        if game.rated and line is not None and line.level in LEVEL_RATINGS:
            return Result((line.level,), (RESULT_SCORES[line.result],))
        return None
    seats = [(seat.kind, seat.level) for seat in game.seats]
    if game.rated and is_rated(seats, assisted=False):
        return result_of(seats, list(game.scores), parse_rules_token(game.rules).misere)
    return None


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _within(value: float, bounds: tuple[float, float]) -> float:
    return min(max(value, bounds[0]), bounds[1])


def _new_volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    """Step 5 of Glickman's Glicko-2 paper: the new volatility, the root of f by the Illinois algorithm (at most
    :data:`ROOT_STEPS` steps)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0 and k < ROOT_STEPS:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    for _ in range(ROOT_STEPS):
        if abs(high - low) <= 1e-6 or f_high == f_low:
            break
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = middle, f_middle
    return math.exp(low / 2.0)


def bounded(rating: Rating) -> Rating:
    """``rating`` with its value, deviation and volatility brought within their ranges."""
    return Rating(
        _within(rating.value, RATING_RANGE),
        _within(rating.deviation, DEVIATION_RANGE),
        _within(rating.volatility, VOLATILITY_RANGE),
        rating.games,
    )


def update(rating: Rating, opponents: list[tuple[float, float]], scores: tuple[float, ...]) -> Rating:
    """The rating after one rating period against ``opponents`` ((rating, deviation) pairs, each within the ranges)
    with ``scores``, without bounds (Glickman's own arithmetic); :func:`rate_game` bounds it."""
    mu = (rating.value - START_RATING) / SCALE
    phi = rating.deviation / SCALE
    v_inverse = 0.0
    gain = 0.0
    for (value_j, deviation_j), score in zip(opponents, scores, strict=True):
        mu_j, phi_j = (value_j - START_RATING) / SCALE, deviation_j / SCALE
        expected = _expected(mu, mu_j, phi_j)
        v_inverse += _g(phi_j) ** 2 * expected * (1.0 - expected)
        gain += _g(phi_j) * (score - expected)
    v = 1.0 / v_inverse
    sigma = _new_volatility(phi, rating.volatility, v * gain, v)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Rating(START_RATING + mu_new * SCALE, phi_new * SCALE, sigma, rating.games + 1)


def rate_game(rating: Rating, result: Result, levels: dict[str, float] = LEVEL_RATINGS) -> Rating:
    """The rating after one rated game against the computer levels (one rating period), brought within the ranges
    (:func:`bounded`): its deviation at least ``MIN_DEVIATION``, so a long record still moves. Within the ranges,
    with the levels' ratings within them too, no step of :func:`update` can overflow or divide by zero: the
    expected score stays within about 1e-8 of 0 and 1. Should it fail all the same, the game leaves the rating as it
    was (History and Results show the games whatever the rating)."""
    opponents = [(_within(levels[level], RATING_RANGE), LEVEL_DEVIATION) for level in result.opponents]
    try:
        return bounded(update(bounded(rating), opponents, result.scores))
    except ArithmeticError:
        return dataclasses.replace(bounded(rating), games=rating.games + 1)


def replay(results: Iterable[Result]) -> list[Rating]:
    """The rating after each of ``results`` (oldest first), starting from an unrated player."""
    return run(replay_in_steps(results))


def replay_in_steps(results: Iterable[Result]) -> Work[list[Rating]]:
    """:func:`replay` in steps."""
    ratings: list[Rating] = []
    current = Rating()
    for index, result in enumerate(results):
        current = rate_game(current, result)
        ratings.append(current)
        if pause(index):
            yield
    return ratings


@dataclass(frozen=True)
class Change:
    """A rated game's effect: the rating before and after it."""

    before: Rating
    after: Rating

    @property
    def delta(self) -> int:
        return round(self.after.value) - round(self.before.value)


def change_by(game: FinishedGame, folded: Iterable[FoldedGame], games: Iterable[FinishedGame]) -> Change | None:
    """What rated ``game`` did to the rating kept by the history (``folded``, ``games``), whether or not the
    history already holds it; None when it is not rated."""
    return run(change_by_in_steps(game, folded, games))


def change_by_in_steps(
    game: FinishedGame, folded: Iterable[FoldedGame], games: Iterable[FinishedGame]
) -> Work[Change | None]:
    """:func:`change_by` in steps."""
    if not game.rated:
        return None
    results = yield from history_results_in_steps(folded, [g for g in games if g.id != game.id])
    mine = history_results((), [game])
    if not mine:
        return None
    ratings = yield from replay_in_steps(results)
    before = ratings[-1] if ratings else Rating()
    return Change(before, rate_game(before, mine[0]))
