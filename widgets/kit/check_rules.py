"""The question the play lessons share: which rule does the game cite when it refuses a move?

CNW lesson 5 and Rails lesson 4 let the bots or the learner try a move the rules forbid; the
refusal (``gamelib``'s ``IllegalAction``) names a rulebook section. The check offers the sections
the lesson is about and takes the right one from the refusal itself, computed when first needed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from widgets.kit.check import Choice
from widgets.kit.check_texts import CheckTexts


def cited_rule(
    texts: CheckTexts, check_id: str, name: str, rules: Sequence[str], rule: Callable[[], str]
) -> Choice:
    """A choice among the sections ``rules`` (``"§7.1"``, shown as they are); ``rule`` computes
    the one the refusal cites; the explanation takes it as ``{rule}``."""
    return Choice(
        check_id,
        texts(name, "question"),
        rule,
        options=[(r, r) for r in rules],
        explanation=lambda r: texts(name, "explain", rule=r),
        **texts.hint(name),
    )
