"""The one catalog of visible strings. English now; Italian follows by adding ``locales/it/``.

A language is a folder ``widgets/locales/<lang>/`` of JSON files, one per game plus
``common.json``, merged into one catalog; keys are namespaced (``cnw.battle.attackers``) and may
not repeat across files.

Widgets call ``t("battle.attackers")`` rather than writing literals, so a classroom can switch
language (``set_language("it")``) and every label, tooltip and message follows. A key missing from
the chosen language falls back to English; a key missing from English is a bug (a test checks
every ``t("...")`` call in ``widgets/`` against ``en.json``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

LOCALES = Path(__file__).with_name("locales")
DEFAULT = "en"
_language = DEFAULT


@cache
def catalog(language: str) -> dict[str, str]:
    folder = LOCALES / language
    if not folder.is_dir():
        raise ValueError(f"no catalog for language {language!r} (have: {', '.join(languages())})")
    merged: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        part = json.loads(path.read_text(encoding="utf-8"))
        if clash := set(part) & set(merged):
            raise ValueError(f"{path.name} repeats keys {sorted(clash)[:5]}")
        merged.update(part)
    return merged


def languages() -> list[str]:
    """The folders that are languages (they hold ``common.json``; ``glossary/`` is not one)."""
    return sorted(p.name for p in LOCALES.iterdir() if (p / "common.json").is_file())


def set_language(language: str) -> None:
    global _language
    catalog(language)  # fail early on an unknown language
    _language = language


def language() -> str:
    return _language


def t(key: str, **values: object) -> str:
    """The string for ``key`` in the current language, formatted with ``values``."""
    text = catalog(_language).get(key)
    if text is None:
        text = catalog(DEFAULT)[key]
    return text.format(**values) if values else text
