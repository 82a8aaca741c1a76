"""Spaced review (issue #25): a lesson after a game's first opens with three short checks on its
earlier lessons, so what was learned last week is used again before something new is built on it.

A game's ``widgets/<game>/checks/review.py`` writes the questions (standalone checks, no widget
needed, answers computed from gamelib when the page runs, seeded so a class shares them) and
hands them to :class:`Review`. The review's checks are the learner's like any other (kept in
the record, restored), but they are not this lesson's: the lesson's score leaves them out and
the review shows its own ("2 of 3 right at the first try"). They stand under the heading
``## Review · ...`` (``## Ripasso · ...``), so the page numbers them R.1 to R.3.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from widgets.kit.check import Check, Score

SIZE = 3  # the "three short checks"


class Review(w.VBox):
    """The review's checks, one under the other, and their own score. ``lesson``: the number of
    the lesson it opens (its earlier ones are what it asks about)."""

    def __init__(self, checks: Sequence[Check], *, lesson: int) -> None:
        if not checks:
            raise ValueError("a review asks at least one question")
        if lesson < 2:
            raise ValueError("a game's first lesson has nothing earlier to review")
        self.lesson = lesson
        self.checks = list(checks)
        for check in self.checks:
            check.in_review = True  # not the lesson's own: its score leaves it out
            check.add_class("check-review")
        self.score = Score(self.checks, words="common.review.score")
        # not the lesson's score line: a page (and a browser test) finds that one by its class
        self.score.remove_class("check-score")
        self.score.add_class("kit-review-score")
        super().__init__([*self.checks, self.score])
        self.add_class("kit-review")
