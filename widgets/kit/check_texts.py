"""The catalog texts of a lesson's checks, for every game: one key scheme, written once.

Every check's question, hint, explanation and model answer is the catalog key
``<game>.checks.<lesson>.<name>.<part>`` (``cnw.checks.lesson1.mc_outside.hint``). Each game's
lesson modules used to rebuild that key with their own ``_t(lesson, name, part)`` and
``_hint(lesson, name)`` helpers; a :class:`CheckTexts` bound to the game and the lesson is the one
home of the scheme, so a check names only its ``name`` and ``part``::

    _t = CheckTexts("cnw", "lesson1")
    Number("cnw1-one-on-one", _t("one_on_one", "question"), p, **_t.hint("one_on_one"))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from widgets.i18n import DEFAULT, catalog, t
from widgets.kit.check import Check, Reflect, Variant

C = TypeVar("C", bound=Check)


@dataclass(frozen=True)
class CheckTexts:
    """The texts of one lesson's checks: ``texts(name, part, **values)`` is the catalog's
    ``<game>.checks.<lesson>.<name>.<part>`` formatted with ``values``."""

    game: str
    lesson: str

    def __call__(self, name: str, part: str, /, **values: Any) -> str:
        return t(f"{self.game}.checks.{self.lesson}.{name}.{part}", **values)

    def hint(self, name: str) -> dict[str, Any]:
        """A check's ``hint=`` to spread into it (``**texts.hint(name)``): the ladder of its
        ``hint_idea``, ``hint_method`` and ``hint`` where the catalog has the first two (issue
        #25: the idea, the method, then where to look), else its one ``hint``. Its question and
        explanation are formatted where they are used, since they take the check's values."""
        base = f"{self.game}.checks.{self.lesson}.{name}"
        known = catalog(DEFAULT)
        rungs = [
            self(name, part) for part in ("hint_idea", "hint_method") if f"{base}.{part}" in known
        ]
        return {"hint": [*rungs, self(name, "hint")] if rungs else self(name, "hint")}

    def reflect(self, check_id: str, name: str, /, **model: Any) -> Reflect:
        """An open question whose question and model answer are both the catalog's
        (``<name>.question``, ``<name>.model`` formatted with ``model``)."""
        return Reflect(check_id, self(name, "question"), self(name, "model", **model))

    def seeded(
        self,
        kind: type[C],
        check_id: str,
        name: str,
        new_question: Callable[[int], Variant],
        widget: Any,
        /,
        **more: Any,
    ) -> C:
        """A check of ``kind`` whose questions are seeded variants, the first at the seed
        ``widget`` shows (so it asks about what the learner sees; "new question" goes on from
        there), with the catalog's hint; ``more``: the kind's other arguments."""
        return kind(
            check_id, new_question=new_question, seed=widget.seed.value, **self.hint(name), **more
        )
