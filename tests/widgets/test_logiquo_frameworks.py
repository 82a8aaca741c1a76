"""Logiquo's framework titles on an Italian page (issue #12): the official CIS Controls v8 and
NIST CSF 2.0 titles are proper names of standards and stay as published, in English; the page
adds an Italian gloss from the catalog (``logiquo.frameworks.*``). Decision: docs/rules/logiquo.md.
"""

from __future__ import annotations

import html

import pytest

from gamelib.logiquo import cards
from widgets import i18n
from widgets.logiquo.deck import card_html

CONTROLS = cards.by_kind("countermeasure")


def cited() -> set[str]:
    """The catalog keys the deck needs: each safeguard, subcategory and CSF category it cites."""
    keys = set()
    for c in CONTROLS:
        keys |= {f"cis.{c.cis_safeguard}", f"csf.{c.csf}", f"csf_category.{c.csf.split('-')[0]}"}
    return {f"logiquo.frameworks.{k}" for k in keys}


def test_every_cited_title_has_an_italian_gloss_and_no_other():
    it, en = i18n.catalog("it"), i18n.catalog("en")
    written = {k for k in it if k.startswith("logiquo.frameworks.")}
    assert written == cited()
    assert all(it[k].strip() for k in written)
    assert all(en[k] == "" for k in written)  # English pages quote the titles alone


@pytest.mark.parametrize("code", ["C06", "C45", "C10"])
def test_a_control_card_quotes_the_official_titles_and_glosses_them_in_italian(code):
    c = next(x for x in CONTROLS if x.code == code)
    title = html.escape(cards.cis_safeguards()[c.cis_safeguard])
    outcome = html.escape(cards.csf_outcome(c.csf))
    english = card_html(c)
    assert f"<i>{title}</i><br>" in english and f"<i>{outcome}</i></p>" in english
    try:
        i18n.set_language("it")
        italian = card_html(c)
    finally:
        i18n.set_language("en")
    gloss = html.escape(i18n.catalog("it")[f"logiquo.frameworks.cis.{c.cis_safeguard}"])
    assert f"<i>{title}</i> – {gloss}" in italian
    assert f"<i>{outcome}</i> – " in italian
