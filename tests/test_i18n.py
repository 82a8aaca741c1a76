"""Every visible string used by widgets comes from the catalog (brief: one catalog, no literals)."""

import re
from pathlib import Path

import pytest

from widgets import i18n

WIDGETS = Path(i18n.__file__).parent
KEY = re.compile(r"""\bt\(\s*["']([a-z0-9_.]+)["']""")


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in WIDGETS.rglob("*.py"):
        if path.name == "i18n.py":  # its docstring shows example keys
            continue
        keys |= set(KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def test_every_key_used_in_widgets_is_in_the_english_catalog():
    missing = used_keys() - set(i18n.catalog("en"))
    assert not missing


def test_widgets_do_use_the_catalog():
    assert len(used_keys()) > 10


def test_formatting_and_fallback():
    key = next(iter(i18n.catalog("en")))
    assert i18n.t(key)
    with pytest.raises(ValueError):
        i18n.set_language("xx")


def test_the_languages_are_english_and_italian_and_the_glossary_is_not_one():
    """``languages()`` names what ``set_language`` accepts; the glossaries' folder beside them
    is not a catalog (``catalog("glossary")`` would fail on its nested entries)."""
    from widgets.i18n import languages

    assert languages() == ["en", "it"]
