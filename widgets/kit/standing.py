"""A standing choice: "always / never / ask me", set once by a player for a question the game
would otherwise ask again and again during the bots' turns (a defender's re-roll, a Pentaqo
window). A game table places it next to the decision it answers and reads :meth:`answer` in its
``auto_answer`` hook (``widgets.kit.table.TableBase``): no rule is known here.
"""

from __future__ import annotations

from typing import Any, Literal

import ipywidgets as w

from widgets.common import tagged
from widgets.i18n import t

Standing = Literal["always", "never", "ask"]
CHOICES: tuple[Standing, ...] = ("always", "never", "ask")


class StandingChoice(w.VBox):
    """Three toggle buttons (always / never / ask me) under a short label; "ask me" at first."""

    def __init__(
        self, css_class: str, label: str | None = None, value: Standing = "ask", **kwargs: Any
    ) -> None:
        """``css_class`` names the control for tests and styles; ``label`` says which question
        it answers (``common.standing.label`` if None)."""
        self.label = w.HTML(label if label is not None else t("common.standing.label"))
        self.toggle = w.ToggleButtons(
            options=[(t(f"common.standing.{c}"), c) for c in CHOICES],
            value=value,
            tooltips=[t(f"common.standing.tip_{c}") for c in CHOICES],
            style={"button_width": "auto"},
            layout=w.Layout(width="auto", max_width="100%"),
        )
        super().__init__([self.label, self.toggle], **kwargs)
        tagged(self, css_class, "kit-standing")

    @property
    def value(self) -> Standing:
        return self.toggle.value

    @value.setter
    def value(self, choice: Standing) -> None:
        self.toggle.value = choice

    def answer(self) -> bool | None:
        """True for "always", False for "never", None for "ask me" (the game asks)."""
        return {"always": True, "never": False}.get(self.toggle.value)

    def observe_choice(self, callback: Any) -> None:
        """Call ``callback(choice)`` when the player changes it."""
        self.toggle.observe(lambda change: callback(change["new"]), "value")
