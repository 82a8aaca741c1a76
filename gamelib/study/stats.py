"""95% intervals for a study's rows (scipy's Wilson score interval and Student's t), and the
summary of a study: win rate by seat, by bot and for the opener, game length, how games ended.

Rows are plain dicts (see :mod:`gamelib.study`), so a summary can be recomputed from a CSV.
Every interval assumes the games are independent, which seeded games are. Win rates by bot
count each seat a bot of that kind sat in as one trial; two seats of the same kind in one game
compete with each other, so those trials are slightly negatively correlated and the interval
is, if anything, a little wide.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from math import sqrt
from statistics import fmean, stdev
from typing import Any

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Interval:
    """An estimate with its interval: ``low <= estimate <= high``, from ``n`` observations
    (``hits`` of them successes for a proportion)."""

    estimate: float
    low: float
    high: float
    n: int
    hits: int | None = None

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def wilson(hits: int, n: int, confidence: float = CONFIDENCE) -> Interval:
    """A proportion's Wilson score interval (scipy's ``binomtest``): good near 0% and 100%
    too, where the normal approximation leaves [0, 1]."""
    from scipy import stats  # here, not at import: the lessons' widget needs no scipy.stats

    if n == 0:
        return Interval(0.0, 0.0, 1.0, 0, 0)
    ci = stats.binomtest(hits, n).proportion_ci(confidence, method="wilson")
    return Interval(hits / n, float(ci.low), float(ci.high), n, hits)


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """A mean with Student's t interval (``mean ± t·s/√n``)."""
    from scipy import stats

    n = len(values)
    if n == 0:
        return Interval(0.0, 0.0, 0.0, 0)
    m = fmean(values)
    if n == 1:
        return Interval(m, m, m, 1)
    half = float(stats.t.ppf((1 + confidence) / 2, n - 1)) * stdev(values) / sqrt(n)
    return Interval(m, m - half, m + half, n)


def projected(measured: Interval, n: int, share: bool = True) -> Interval:
    """The interval ``n`` games would give if they measured what ``measured`` did: the same
    estimate, the half width times ``sqrt(measured.n / n)`` (the 1/sqrt(n) law of both the
    Wilson and the t interval once n is large), kept inside [0, 1] for a share."""
    half = measured.half_width * sqrt(measured.n / n)
    low, high = measured.estimate - half, measured.estimate + half
    if share:
        low, high = max(0.0, low), min(1.0, high)
    return Interval(measured.estimate, low, high, n)


def _seats(row: Mapping[str, Any]) -> list[str]:
    return str(row["bots"]).split(",")


def winners_of(row: Mapping[str, Any]) -> set[int]:
    value = row["winners"]
    if isinstance(value, str):
        return {int(s) for s in value.split(";") if s != ""}
    return set(value)


def summarise(rows: Sequence[Mapping[str, Any]], flags: Iterable[str] = ()) -> dict[str, Any]:
    """The summary of a study: every figure an :class:`Interval`.

    ``by_seat``: share of games each seat won (ties count for every winner); ``by_bot``: share
    of the seats a bot kind sat in that it won; ``opener``: share of decided games won by the
    seat that opened; ``decided``: share of games with a winner; ``length``: mean rounds or
    turns; ``victory``: share of games by how they ended; ``flags``: share of games where a
    per-game flag (e.g. ``everyone_survives``) holds.
    """
    n = len(rows)
    players = max((len(_seats(r)) for r in rows), default=0)
    seat_wins = [sum(s in winners_of(r) for r in rows) for s in range(players)]
    kind_seats: Counter[str] = Counter()
    kind_wins: Counter[str] = Counter()
    for r in rows:
        won = winners_of(r)
        for seat, kind in enumerate(_seats(r)):
            kind_seats[kind] += 1
            kind_wins[kind] += seat in won
    decided = [r for r in rows if winners_of(r)]
    endings = Counter(str(r["victory"]) for r in rows)
    return {
        "games": n,
        "by_seat": {s: wilson(seat_wins[s], n) for s in range(players)},
        "by_bot": {k: wilson(kind_wins[k], kind_seats[k]) for k in sorted(kind_seats)},
        "opener": wilson(sum(int(r["first"]) in winners_of(r) for r in decided), len(decided)),
        "decided": wilson(len(decided), n),
        "length": mean_interval([float(r["length"]) for r in rows]),
        "victory": {v: wilson(c, n) for v, c in sorted(endings.items())},
        "flags": {f: wilson(sum(_truth(r[f]) for r in rows), n) for f in flags},
    }


def _truth(value: Any) -> bool:
    """A flag from a row, also when it was read back from a CSV as text."""
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def plain(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The summary as JSON-ready data (intervals as dicts, seats as strings)."""

    def conv(v: Any) -> Any:
        if isinstance(v, Interval):
            return v.to_dict()
        if isinstance(v, Mapping):
            return {str(k): conv(x) for k, x in v.items()}
        return v

    return conv(summary)
