"""The 140-card Logiquo CyberGame deck (§Componenti), loaded from ``data/*.json``.

Cards are immutable :class:`Card` records with an integer ``id`` 0..139 in a fixed order (rules,
Data, threats, anomalies, countermeasures, Logiquo, Pentaqo). Game states hold only these ints;
with merged decks (§Componenti: "occorre unire più mazzi") copy ``k`` of card ``i`` has id
``k * 140 + i``, so :func:`card` accepts any id and folds it back onto the printed card.
Every visible text is a ``{"en": ..., "it": ...}`` dict so widgets can switch language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"
LANGS = ("en", "it")
KINDS = ("rules", "data", "threat", "anomaly", "countermeasure", "logiquo", "pentaqo")


@cache
def _json(name: str) -> Any:
    with open(DATA_DIR / name, encoding="utf-8") as handle:
        return json.load(handle)


def rules() -> dict[str, Any]:
    """Rule constants (hand sizes, limits, deck composition) from ``data/rules.json``."""
    return _json("rules.json")


def texts() -> dict[str, Any]:
    """Bilingual templates for effects, special rules and card kinds (``data/texts.json``)."""
    return _json("texts.json")


@dataclass(frozen=True)
class Card:
    """One printed card. Fields that do not apply to a kind keep their empty default."""

    id: int
    code: str
    kind: str
    name: dict[str, str]
    description: dict[str, str]
    number: int | None = None
    category: str | None = None
    colour: str | None = None
    involvement: str | None = None
    impacts: tuple[dict[str, Any], ...] = ()
    special: dict[str, Any] = field(default_factory=dict)
    attack_id: str | None = None
    attack_name: str | None = None
    tactics: tuple[str, ...] = ()
    mitigates: tuple[int, ...] = ()
    cis_safeguard: str | None = None
    csf: str | None = None
    effects: tuple[dict[str, Any], ...] = ()

    def __hash__(self) -> int:  # dict fields are not hashable; the id identifies the card
        return hash(self.id)

    def text(self, what: str = "name", lang: str = "en") -> str:
        """``name`` or ``description`` in ``lang`` (``en`` or ``it``)."""
        return getattr(self, what)[lang]

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """JSON-ready view for deck browsers; with ``lang`` texts are flattened to one language
        and the impacts/effects/special rules are rendered as sentences."""
        out: dict[str, Any] = {"id": self.id, "code": self.code, "kind": self.kind}
        for key in ("name", "description"):
            value = getattr(self, key)
            out[key] = value[lang] if lang else dict(value)
        optional = (
            "number",
            "category",
            "colour",
            "involvement",
            "attack_id",
            "attack_name",
            "cis_safeguard",
            "csf",
        )
        for key in optional:
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.tactics:
            out["tactics"] = list(self.tactics)
        if self.mitigates:
            out["mitigates"] = list(self.mitigates)
        if self.kind == "threat":
            out["impacts"] = [dict(e) for e in self.impacts]
            out["special"] = dict(self.special)
        if self.kind == "anomaly":
            out["effects"] = [dict(e) for e in self.effects]
        if lang:
            if self.kind == "threat":
                out["impacts_text"] = impacts_text(self, lang)
                out["special_text"] = special_text(self, lang)
            if self.kind == "anomaly":
                out["effects_text"] = [effect_text(e, lang) for e in self.effects]
        return out


def _categories(which: str) -> list[dict[str, Any]]:
    """``"threat"`` or ``"control"`` categories of ``data/categories.json``, in display order."""
    return _json("categories.json")[f"{which}_categories"]


def _colours(which: str) -> dict[str, str]:
    return {c["id"]: c["colour"] for c in _categories(which)}


@cache
def load() -> tuple[Card, ...]:
    """The 140 cards of one deck, ids 0..139, in kind order (§Componenti)."""
    out: list[Card] = []

    def add(**kw: Any) -> None:
        out.append(Card(id=len(out), **kw))

    comp = _json("components.json")
    rc = comp["rules_card"]
    add(code=rc["code"], kind="rules", name=rc["name"], description=rc["description"])
    for i, name in enumerate(comp["data_cards"], 1):
        add(code=f"D{i:02d}", kind="data", name=name, description=comp["data_card_description"])
    tcol = _colours("threat")
    for t in _json("threats.json")["threats"]:
        add(
            code=t["code"],
            kind="threat",
            name=t["name"],
            description=t["description"],
            number=t["number"],
            category=t["category"],
            colour=tcol[t["category"]],
            involvement=t["involvement"],
            impacts=tuple(t["impacts"]),
            special=dict(t["special"]),
            attack_id=t["attack_id"],
            attack_name=t["attack_name"],
            tactics=tuple(t["tactics"]),
        )
    for a in _json("anomalies.json")["anomalies"]:
        add(
            code=a["code"],
            kind="anomaly",
            name=a["name"],
            description=a["description"],
            involvement="single",
            effects=tuple(a["effects"]),
        )
    ccol = _colours("control")
    for c in _json("countermeasures.json")["countermeasures"]:
        add(
            code=c["code"],
            kind="countermeasure",
            name=c["name"],
            description=c["description"],
            category=c["category"],
            colour=ccol[c["category"]],
            mitigates=tuple(c["mitigates"]),
            cis_safeguard=c["cis_safeguard"],
            csf=c["csf"],
        )
    for kind, prefix in (("logiquo", "L"), ("pentaqo", "P")):
        spec = comp[kind]
        for i in range(1, spec["count"] + 1):
            add(
                code=f"{prefix}{i}",
                kind=kind,
                name=spec["name"],
                description=spec["description"],
            )
    return tuple(out)


DECK_SIZE = 140


def card(card_id: int) -> Card:
    """The printed card behind any id, including ids of a second merged deck."""
    return load()[card_id % DECK_SIZE]


def label(card_id: int) -> str:
    """Short code shown in logs: ``C12``, or ``C12#2`` for the second merged deck's copy."""
    copy = card_id // DECK_SIZE
    code = load()[card_id % DECK_SIZE].code
    return code if copy == 0 else f"{code}#{copy + 1}"


def by_kind(kind: str) -> tuple[Card, ...]:
    """All cards of one kind, in id order."""
    if kind not in KINDS:
        raise ValueError(f"unknown card kind {kind!r}; kinds are {', '.join(KINDS)}")
    return tuple(c for c in load() if c.kind == kind)


def threat(number: int) -> Card:
    """The threat card printed with ``number`` (1..52)."""
    for c in by_kind("threat"):
        if c.number == number:
            return c
    raise KeyError(f"no threat number {number}")


def by_code(code: str) -> Card:
    for c in load():
        if c.code == code:
            return c
    raise KeyError(f"no card with code {code!r}")


def threat_categories() -> list[dict[str, Any]]:
    """Threat categories in display order, each ``{"id", "name": {en, it}, "colour"}``."""
    return [dict(c) for c in _categories("threat")]


def control_categories() -> list[dict[str, Any]]:
    """Countermeasure families in display order, each ``{"id", "name": {en, it}, "colour"}``."""
    return [dict(c) for c in _categories("control")]


def category_name(category: str, lang: str = "en") -> str:
    for c in _categories("threat") + _categories("control"):
        if c["id"] == category:
            return c["name"][lang]
    raise KeyError(f"unknown category {category!r}")


def attack_tactics() -> list[dict[str, str]]:
    """The 14 ATT&CK Enterprise tactics (id, name) the threats may cite."""
    return [dict(t) for t in _json("attack_tactics.json")["tactics"]]


def cis_safeguards() -> dict[str, str]:
    """CIS Controls v8 safeguard id -> title (all 153)."""
    return {s["id"]: s["title"] for s in _json("cis_v8_safeguards.json")["safeguards"]}


def csf_subcategories() -> dict[str, str]:
    """NIST CSF 2.0 subcategory id -> its category name (all 106)."""
    out = {}
    for cat in _json("csf2.json")["categories"]:
        for sub in cat["subcategories"]:
            out[sub] = cat["name"]
    return out


def csf_functions() -> dict[str, str]:
    return {f["id"]: f["name"] for f in _json("csf2.json")["functions"]}


def csf_outcome(sub_id: str) -> str | None:
    """The outcome statement of a cited CSF 2.0 subcategory (stored for those the deck uses)."""
    return _json("csf2.json")["outcomes"].get(sub_id)


# --------------------------------------------------------------------------------------------
# Rendering effects as sentences, for card faces and logs.


def _plural(templates: list[str], n: int) -> str:
    return templates[0] if n == 1 else templates[1]


def effect_text(effect: dict[str, Any], lang: str = "en") -> str:
    """One effect (impact of a threat or anomaly) as a sentence in ``lang``."""
    tx = texts()
    op = effect["op"]
    n = int(effect.get("n", 1))
    category = effect.get("category")
    key = "discard_random_category" if op == "discard_random" and category else op
    sentence = _plural(tx["effects"][key][lang], n)
    cat_name = category_name(category, lang) if category else ""
    sentence = sentence.format(n=n, category=cat_name)
    unless = effect.get("unless_holding")
    if unless:
        sentence += " " + tx["unless_holding"][lang].format(category=category_name(unless, lang))
    return sentence


def impacts_text(threat_card: Card, lang: str = "en") -> list[str]:
    """The Impatti of a threat as sentences, prefixed "Every player" for Multiplo threats."""
    prefix = texts()["every_player"][lang] + ": " if threat_card.involvement == "all" else ""
    return [prefix + effect_text(e, lang) for e in threat_card.impacts]


def special_text(threat_card: Card, lang: str = "en") -> list[str]:
    """The Regole Speciali of a threat as sentences (empty when it has none)."""
    tx = texts()["special"]
    out = []
    for key, value in threat_card.special.items():
        if key == "controls_required":
            out.append(tx[key][lang].format(n=value))
        elif value is False:
            out.append(tx[key][lang])
    return out
