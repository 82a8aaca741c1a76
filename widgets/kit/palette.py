"""The players' colours, safe for the common colour-vision deficiencies, with a second cue.

Colour alone must never tell players apart (issue #13): each seat also has a marker symbol for
maps (``SYMBOLS``, plotly names) and the same shape as text for legends, logs and tables
(``MARKS``). The colours are the Okabe–Ito palette (Okabe & Ito 2008, "Color Universal Design"),
ordered so that every prefix (2, 3, ... 6 players) keeps its colours as far apart as possible
under simulated deuteranopia, protanopia and tritanopia (Machado et al. 2009, full severity, as
``colorspacious`` implements it) and in normal vision, measured in CAM02-UCS ΔE
(``tests/widgets/test_palette.py`` computes it; :func:`min_distance` is the measure).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

# black, blue, vermillion, sky blue, orange, yellow (Okabe–Ito): the first n for n seats
PLAYER_COLOURS: tuple[str, ...] = ("#000000", "#0072B2", "#D55E00", "#56B4E9", "#E69F00", "#F0E442")
SYMBOLS: tuple[str, ...] = ("circle", "square", "diamond", "triangle-up", "star", "hexagon")
MARKS: tuple[str, ...] = ("●", "■", "◆", "▲", "★", "⬢")  # the same shapes as text
NEUTRAL = "#d0d0d0"  # nobody's: also kept apart from every player colour
DEFICIENCIES: tuple[str, ...] = ("deuteranomaly", "protanomaly", "tritanomaly")


def players(n: int) -> list[str]:
    """The colours of ``n`` seats (at most six)."""
    if not 0 < n <= len(PLAYER_COLOURS):
        raise ValueError(f"{n} seats: the palette has 1 to {len(PLAYER_COLOURS)}")
    return list(PLAYER_COLOURS[:n])


def rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as three floats in 0..1."""
    h = colour.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance."""

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (labels on markers, chips)."""
    return "#000000" if contrast(colour, "#000000") >= contrast(colour, "#ffffff") else "#ffffff"


def ink(colour: str, background: str = "#ffffff", ratio: float = 4.5) -> str:
    """``colour`` darkened just enough to be read as text on ``background`` (WCAG AA: 4.5:1),
    e.g. a player's name written in their colour; a colour already readable is kept."""
    r, g, b = rgb(colour)
    for step in range(21):
        k = 1 - step / 20
        shade = f"#{round(r * k * 255):02x}{round(g * k * 255):02x}{round(b * k * 255):02x}"
        if contrast(shade, background) >= ratio:
            return shade if step else colour
    return "#000000"


def simulate(colour: str, deficiency: str) -> tuple[float, float, float]:
    """``colour`` as seen with ``deficiency`` at full severity ("normal": unchanged)."""
    if deficiency == "normal":
        return rgb(colour)
    from colorspacious import cspace_convert  # a test and tooling dependency, not the pages'

    space = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
    seen = cspace_convert(rgb(colour), space, "sRGB1")
    return tuple(min(1.0, max(0.0, float(c))) for c in seen)  # type: ignore[return-value]


def min_distance(
    colours: Sequence[str],
    deficiencies: Sequence[str] = ("normal", *DEFICIENCIES),
    also: Sequence[str] = (NEUTRAL,),
) -> float:
    """The smallest CAM02-UCS ΔE between two of ``colours`` (or one of them and one of
    ``also``) in any of ``deficiencies``: above ~10 two markers are told apart at a glance."""
    from colorspacious import deltaE

    best = float("inf")
    for deficiency in deficiencies:
        seen = [simulate(c, deficiency) for c in colours]
        extra = [simulate(c, deficiency) for c in also]
        pairs = itertools.chain(itertools.combinations(seen, 2), itertools.product(seen, extra))
        for a, b in pairs:
            best = min(best, float(deltaE(a, b, input_space="sRGB1")))
    return best
