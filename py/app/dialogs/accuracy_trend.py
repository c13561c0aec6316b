"""The accuracy trend of the Statistics dialog as plain data (no DOM, tested under CPython): per rule set, the games'
figures oldest first (``store.accuracy_log``), the mean of the recent ones, the plot's SVG path and its words.

The plot is ``len(values)`` units wide (one per game, the point in the middle of its unit) and ``HEIGHT`` high,
100 % at the top and at the bottom ``low``: 50 % when every game is at least that (the differences show better),
else 0 %; its three lines (bottom, middle, top) are labelled by ``scale``::

    >>> trend = Trend("classic", (50.0, 100.0))
    >>> trend.line(), trend.dots(), trend.mean, trend.scale()
    ('M0.5,100 L1.5,0', 'M0.5,100 h0 M1.5,0 h0', 75.0, (100, 75, 50))
    >>> Trend("flex", (40.0,)).line(), Trend("flex", (40.0,)).scale()
    ('M0.5,60', (100, 50, 0))
"""

from __future__ import annotations

from dataclasses import dataclass

from ui.words import Translator

from ..store.accuracy_log import Played

HEIGHT = 100
RECENT = 10  # the mean is of the last games, up to this many


def percent(value: float, tr: Translator) -> str:
    return tr.t("review_percent", n=tr.decimal(value))


@dataclass(frozen=True)
class Trend:
    """One rule set's accuracy over its kept games, oldest first."""

    variant: str
    values: tuple[float, ...]

    @property
    def recent(self) -> tuple[float, ...]:
        return self.values[-RECENT:]

    @property
    def mean(self) -> float:
        return round(sum(self.recent) / len(self.recent), 1) if self.values else 0.0

    @property
    def low(self) -> int:
        return 50 if self.values and min(self.values) >= 50 else 0

    def scale(self) -> tuple[int, int, int]:
        """The figures of the plot's top, middle and bottom lines."""
        return 100, (100 + self.low) // 2, self.low

    def y(self, value: float) -> float:
        return round((100 - value) * HEIGHT / (100 - self.low), 2)

    def points(self) -> tuple[tuple[float, float], ...]:
        """Each game's point in the plot's units."""
        return tuple((i + 0.5, self.y(value)) for i, value in enumerate(self.values))

    def line(self) -> str:
        """SVG path data through the points, oldest to newest."""
        return " L".join(f"{x:g},{y:g}" for x, y in self.points()).join(("M", "")) if self.values else ""

    def dots(self) -> str:
        """One zero-length stroke per game (drawn as a dot by a round line cap, whatever the plot's aspect)."""
        return " ".join(f"M{x:g},{y:g} h0" for x, y in self.points())

    def mean_y(self) -> float:
        return self.y(self.mean)

    def summary(self, tr: Translator) -> str:
        """The figure shown: the mean of the recent games."""
        return tr.tn("stats_accuracy_mean", len(self.recent), mean=percent(self.mean, tr))

    def label(self, tr: Translator) -> str:
        """The plot in words (its accessible name): every figure, oldest first."""
        return tr.tn(
            "stats_accuracy_label",
            len(self.values),
            variant=tr.t(f"variant_{self.variant}"),
            values=", ".join(percent(value, tr) for value in self.values),
        )


def trends(log: dict[str, list[Played]]) -> list[Trend]:
    """The rule sets with games, in the engine's order."""
    from qwirkle.variants import VARIANTS

    return [Trend(name, tuple(p.accuracy for p in log[name])) for name in VARIANTS if log.get(name)]
