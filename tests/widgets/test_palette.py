"""The players' palette stays distinct for colour-blind players (widgets/kit/palette.py)."""

import pytest

from widgets.kit import palette


@pytest.mark.parametrize("n", range(2, 7))
def test_every_seat_count_keeps_its_colours_apart_for_every_deficiency(n: int) -> None:
    assert palette.min_distance(palette.players(n)) >= 13


def test_the_measure_fails_an_unsafe_palette() -> None:
    # the CNW colours of issue #13: blue close to cyan, red and green alike for deuteranopes
    unsafe = ["#1f5fbf", "#17becf", "#ff7f0e", "#2ca02c", "#d62ad0", "#555555"]
    assert palette.min_distance(unsafe) < 5
    assert palette.min_distance(["#d62728", "#2ca02c"], ["deuteranomaly"]) < 10


def test_second_cues_and_label_colours() -> None:
    n = len(palette.PLAYER_COLOURS)
    assert len(set(palette.SYMBOLS)) == len(set(palette.MARKS)) == n
    assert palette.text_on("#000000") == "#ffffff"
    assert palette.text_on("#F0E442") == "#000000"
    for colour in palette.PLAYER_COLOURS:
        assert palette.contrast(colour, palette.text_on(colour)) >= 4.5
    with pytest.raises(ValueError):
        palette.players(7)


def test_ink_is_readable_text_in_the_players_hue() -> None:
    for colour in palette.PLAYER_COLOURS:
        assert palette.contrast(palette.ink(colour), "#ffffff") >= 4.5
    assert palette.ink("#000000") == "#000000"  # already readable: kept
    assert palette.ink("#D55E00") != "#D55E00"  # vermillion is 3.8:1 on white: darkened
