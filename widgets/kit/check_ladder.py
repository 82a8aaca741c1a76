"""A check's hints as a ladder (issue #25): up to three rungs, climbed one a wrong try.

A hint used to be one sentence naming the control to move. A ladder teaches more: the first rung
gives the idea (which rule, which quantity), the second the method, the third where to look on
the widget. After each wrong try the check shows the next rung under the ones already seen, and
keeps the rung reached in the learner's record (``kind="hint"``, payload ``{"rung": n}``, ``n``
from 1), so a returning learner finds the rungs they had. A single string is a one-rung ladder:
every check written before ladders works as it did, its hint shown as before.

:func:`hint_names_a_control` and :func:`ladder_faults` are for the lessons' tests: a ladder's
first rung must not start by naming a control ("press", "move", ... / "premi", "sposta", ...),
or it is the third rung in the first place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from widgets.i18n import language as page_language
from widgets.i18n import t

Hint = str | Sequence[str]  # one hint, or the ladder: the idea, the method, where to look
MAX_RUNGS = 3
# the verbs that name a control (a hint that starts with one tells the learner where to look)
CONTROL_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        {"press", "move", "set", "read", "hover", "click", "choose", "drag", "tick", "switch"}
    ),
    "it": frozenset(
        {"premi", "sposta", "imposta", "leggi", "passa", "clicca", "scegli", "trascina", "spunta"}
    ),
}
_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[^\W\d_]+")


def rungs(hint: Hint | None) -> tuple[str, ...]:
    """The ladder of ``hint``: a string is one rung, a sequence at most :data:`MAX_RUNGS`;
    empty rungs are left out (no hint at all is an empty ladder)."""
    if hint is None:
        return ()
    found = (hint,) if isinstance(hint, str) else tuple(hint)
    if len(found) > MAX_RUNGS or not all(isinstance(h, str) for h in found):
        raise ValueError(f"a hint is a text or at most {MAX_RUNGS} texts, not {hint!r}")
    return tuple(h for h in found if h)


def ladder_html(hints: Sequence[str], seen: int) -> str:
    """The rungs seen so far, in order. A one-rung ladder reads as a hint always did."""
    shown = list(hints[:seen])
    if not shown:
        return ""
    if len(hints) == 1:
        return t("common.check.hint", hint=shown[0])
    return "".join(
        f"<div class='check-hint check-hint-{n}' style='margin:3px 0 0 0'>"
        f"{t('common.check.ladder.rung', n=n, total=len(hints), hint=text)}</div>"
        for n, text in enumerate(shown, 1)
    )


def hint_names_a_control(text: str, language: str | None = None) -> bool:
    """Whether ``text`` starts by naming a control ("Press …", "Move …", "Set …", "Read …",
    "Hover …"; "Premi …", "Sposta …", "Imposta …", "Leggi …", "Passa …"): what a ladder's first
    rung, the idea, must not do. HTML tags, quotes and other marks before the first word are
    skipped. ``language``: the text's (default: the page's)."""
    words = CONTROL_WORDS.get(language or page_language())
    if words is None:
        raise ValueError(f"no control words for language {language!r}")
    first = _WORD.search(_TAG.sub(" ", text))
    return first is not None and first.group().casefold() in words


def ladder_faults(check: Any, language: str | None = None) -> list[str]:
    """What is wrong with a check's ladder, in words (empty: nothing), for a lesson's test:
    ``assert ladder_faults(check) == []``. A ladder of two or three rungs must not start by
    naming a control; no rung may keep a ``{placeholder}``. A one-rung hint is the older kind
    (where to look) and may name a control."""
    hints = tuple(getattr(check, "hints", ()))
    faults = []
    if not hints:
        faults.append(f"{check.name}: no hint")
    if len(hints) > MAX_RUNGS:
        faults.append(f"{check.name}: {len(hints)} rungs, at most {MAX_RUNGS}")
    faults += [
        f"{check.name}: rung {n} keeps a placeholder" for n, h in enumerate(hints, 1) if "{" in h
    ]
    if len(hints) > 1 and hint_names_a_control(hints[0], language):
        faults.append(f"{check.name}: the first rung names a control: {hints[0]!r}")
    return faults
