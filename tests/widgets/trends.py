"""What an explanation claims about a series, read against the series it cites (issue #25).

An explanation such as "… in points: 3 players 11.2, 4 players 1.0, 5 players 5.5, 6 players 2.8.
The fewer the players, the larger …" cites a series and claims a trend of it. Any check test can
ask :func:`trends_hold` whether every trend an explanation claims is the trend of the series it
cites, in English or in Italian:

* a series is a list of at least three ``<label> <number>`` items separated by ", " (the
  number written as the page's language writes it, with or without a % sign);
* a trend is claimed by "the more/fewer …, the more/larger/shorter/… …" (Italian "più/meno
  sono …, più grande/più corte/prima …"), by a verb ("grows", "falls", "cresce", "cala" …), by
  "the same with every …" ("lo stesso con qualunque …"), or denied: a sentence that says a
  series does *not* grow or fall ("does not fall or grow steadily", "non cala né cresce")
  claims that it does not grow, nor fall, at every step.

Claims are read along the series in the order the text lists it; "grows" means each value is
above the one before it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tests.widgets.checkkit import plain, read_number

GROWS, FALLS, SAME, NEITHER = "grows", "falls", "same", "neither"

# "the more X, the <word> Y": a word that goes with X (+1) or against it (-1)
UP = {"more", "larger", "bigger", "greater", "higher", "longer", "sooner", "wider"}
DOWN = {"fewer", "less", "smaller", "lower", "shorter", "later", "narrower"}
# Italian "più/meno sono X, più/meno <adjective> …": the adjective's own sense counts too
# (più corte: shorter); "prima"/"dopo" (sooner/later) stand alone
SMALL = r"piccol[oaie]|cort[oaie]|bass[oaie]|brev[ei]|strett[oaie]|minor[ei]|pochi|poche"
VERBS = {
    GROWS: r"grows?|grew|rises?|rose|increases?|climbs?|cresce|crescono|aumenta|aumentano|sale",
    FALLS: r"falls?|fell|shrinks?|decreases?|drops?|declines?|cala|calano|scende|scendono"
    r"|diminuisce|diminuiscono|decresce",
}
SAMENESS = re.compile(
    r"\b(?:the same|as (?:many|much|long)\b[^.]*?) with every\b"
    r"|\b(?:lo stesso|la stessa|gli stessi|le stesse)\b[^.]*?\bcon (?:qualunque|ogni)\b"
)
NEGATION = re.compile(r"\b(?:not|nor|never|non|né|mai)\b")
THE_MORE = re.compile(r"\bthe (more|fewer|less)\b[^,;:]*,\s*(?:and )?the (\w+)")
PIU_SONO = re.compile(
    r"(?:^|[,;:]\s*)(più|meno) sono\b[^,;:]*,\s*(?:e\s+)?(?:(prima|dopo)|(più|meno)\s+(\w+))"
)
SENTENCE = re.compile(r"(?<=[.!?:])\s+")


def sentences(text: str) -> list[str]:
    """The sentences of a text (a decimal point is followed by a digit, never a space)."""
    return [s for s in SENTENCE.split(plain(text).strip()) if s]


def cited_series(text: str) -> list[tuple[str, float]]:
    """The first series a text cites: its ``(label, value)`` items in order ([] if none)."""
    item = re.compile(r"^(.*?\S)\s+([−-]?\d[\d.,]*?)\s*%?$")
    for sentence in sentences(text):
        body = sentence.split(": ")[-1].rstrip(".")
        parts = body.split(", ")
        found = [item.match(p) for p in parts]
        if len(parts) >= 3 and all(found):
            return [(m.group(1), read_number(m.group(2).replace("−", "-"))) for m in found]
    return []


def trend(values: Sequence[float]) -> str:
    """``grows`` if each value is above the one before, ``falls`` if each is below, ``same``
    if all are equal, else ``neither``."""
    steps = list(zip(values, values[1:], strict=False))
    if steps and all(b > a for a, b in steps):
        return GROWS
    if steps and all(b < a for a, b in steps):
        return FALLS
    if steps and len(set(values)) == 1:
        return SAME
    return NEITHER


def _direction(first: str, second: int) -> str:
    along = 1 if first in ("more", "più") else -1
    return GROWS if along * second > 0 else FALLS


def claimed_trends(text: str) -> list[str]:
    """Every trend the text claims, in order: ``grows``, ``falls``, ``same`` or ``neither``
    (neither growing nor falling at every step)."""
    claims: list[str] = []
    for sentence in sentences(text):
        low = sentence.casefold()
        verbs = [k for k, v in VERBS.items() if re.search(rf"\b(?:{v})\b", low)]
        if verbs and NEGATION.search(low):
            claims.append(NEITHER)
            continue
        if SAMENESS.search(low):
            claims.append(SAME)
        for m in THE_MORE.finditer(low):
            word = 1 if m.group(2) in UP else -1 if m.group(2) in DOWN else 0
            if word:
                claims.append(_direction(m.group(1), word))
        for m in PIU_SONO.finditer(low):
            first, alone, marker, adjective = m.groups()
            if alone:
                word = 1 if alone == "prima" else -1
            else:
                small = re.fullmatch(SMALL, adjective) is not None
                word = (1 if marker == "più" else -1) * (-1 if small else 1)
            claims.append(_direction(first, word))
        claims += verbs
    return claims


def trends_hold(text: str) -> tuple[list[str], list[float]]:
    """(the trends ``text`` claims, the series it cites), asserting that each claim is the
    series' trend; a claimed trend without a cited series is an error too."""
    claims = claimed_trends(text)
    values = [v for _, v in cited_series(text)]
    if claims:
        assert values, f"a trend claimed without a series: {plain(text)!r}"
    shown = trend(values)
    for claim in claims:
        # "does not grow or fall steadily" is true of equal figures too
        right = shown in (NEITHER, SAME) if claim == NEITHER else claim == shown
        assert right, f"claims {claim}, the figures {values} {shown}: {plain(text)!r}"
    return claims, values
