"""A refused move reaches the page in the learner's language (widgets/kit/refusals.py)."""

from __future__ import annotations

import pickle

import pytest

from gamelib.core import IllegalAction
from widgets import i18n
from widgets.kit import refusals


@pytest.fixture
def catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = {
        "en": {"demo.illegal.tris.one_a_turn": "only one tris a turn ({card})"},
        "it": {"demo.illegal.tris.one_a_turn": "un solo tris a turno ({card})"},
    }
    monkeypatch.setattr(i18n, "catalog", lambda lang: texts[lang])
    yield
    i18n.set_language("en")


def test_a_coded_refusal_is_said_in_the_language_with_its_values(catalog: None) -> None:
    error = IllegalAction("§9.1", "tris.one_a_turn", card="<b>")
    assert error.coded and error.values == {"card": "<b>"}
    assert refusals.refusal("demo", error) == "only one tris a turn (&lt;b&gt;)"
    i18n.set_language("it")
    named = refusals.refusal("demo", error, lambda name, value: f"{name}={value}")
    assert named == "un solo tris a turno (card=&lt;b&gt;)"


def test_a_sentence_not_yet_coded_is_shown_as_it_is() -> None:
    error = IllegalAction("§7.1", "a gateway of yours <with> 2 pawns")
    assert not error.coded
    assert refusals.refusal("demo", error) == "a gateway of yours &lt;with&gt; 2 pawns"


def test_a_refusal_crosses_a_process_pool_whole() -> None:
    error = pickle.loads(pickle.dumps(IllegalAction("§8", "dice.too_many", n=4)))
    assert (error.rule, error.code, error.values) == ("§8", "dice.too_many", {"n": 4})
