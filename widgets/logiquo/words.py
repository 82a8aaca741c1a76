"""Logiquo cards, categories and actions in the learner's language (issue #12).

gamelib holds every card text in both languages (``{"en": ..., "it": ...}``) and returns actions
as plain fields (``Neutralise((3, 17))``); this module says them in the page's language
(``widgets.i18n.language()``), so no widget picks a language itself.

- ``card_name``, ``card_text``, ``impacts``, ``specials``, ``effect``: a card's texts.
- ``category``: a threat category or countermeasure family by its name; ``category_label`` adds
  the Italian name beside the English one on an English page (game terms keep their Italian
  name), ``both_names`` does the same for a card (HTML).
- ``card_ref``: ``"C12 Firewall"`` (a copy of a merged deck: ``"C12#2 Firewall"``).
- ``action_text`` / ``describe``: an action in words from its fields (``logiquo.action.*``), card
  names in the page's language and seats by their players' names.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from gamelib import logiquo as game
from gamelib.logiquo import cards
from widgets.i18n import language, t

ITALIAN = "it"  # the language the deck's own names are printed in


def lang() -> str:
    """The page's language for gamelib's bilingual texts (English for any other)."""
    current = language()
    return current if current in cards.LANGS else "en"


def _card(card: cards.Card | int) -> cards.Card:
    return cards.card(card) if isinstance(card, int) else card


def card_name(card: cards.Card | int) -> str:
    """A card's name in the page's language (plain text)."""
    return _card(card).text("name", lang())


def card_text(card: cards.Card | int) -> str:
    """A card's description in the page's language (plain text)."""
    return _card(card).text("description", lang())


def card_ref(card_id: int) -> str:
    """A card's code and name: ``C12 Firewall`` (plain text)."""
    return f"{cards.label(card_id)} {card_name(card_id)}"


def impacts(card: cards.Card) -> list[str]:
    """A threat's Impatti as sentences in the page's language."""
    return cards.impacts_text(card, lang())


def specials(card: cards.Card) -> list[str]:
    """A threat's Regole Speciali as sentences in the page's language."""
    return cards.special_text(card, lang())


def effect(e: dict[str, Any]) -> str:
    """An anomaly's effect as a sentence in the page's language."""
    return cards.effect_text(e, lang())


def category(code: str) -> str:
    """A threat category's or countermeasure family's name in the page's language."""
    return cards.category_name(code, lang())


def category_label(code: str) -> str:
    """The category's name; on a non-Italian page with its Italian name beside it (plain)."""
    name, italian = category(code), cards.category_name(code, ITALIAN)
    return name if name == italian else f"{name} ({italian})"


def both_names(card: cards.Card) -> str:
    """The card's name (HTML); on a non-Italian page with its Italian name beside it."""
    name, italian = card_name(card), card.text("name", ITALIAN)
    if name == italian:
        return html.escape(name)
    return f"{html.escape(name)} <i>({html.escape(italian)})</i>"


# ------------------------------------------------------------------------------ actions
def _cards(ids: Sequence[int]) -> str:
    return " + ".join(card_ref(c) for c in ids) if ids else t("logiquo.action.nothing")


# the actions said by their name alone (no field to word): class -> ``logiquo.action.<key>``
NAMED_ONLY = {
    game.PassWindow: "pass_window",
    game.RequestHelp: "request_help",
    game.TakeImpact: "take_impact",
    game.DeclineOffer: "decline_offer",
    game.EndCollaboration: "end_collaboration",
}


def action_text(action: Any, names: Sequence[str]) -> str:
    """The action in words (plain text): ``names`` are the players' names, by seat."""
    if type(action) in NAMED_ONLY:
        return t(f"logiquo.action.{NAMED_ONLY[type(action)]}")
    if isinstance(action, game.PlayPentaqo):
        return t("logiquo.action.play_pentaqo", card=cards.label(action.card))
    if isinstance(action, game.Neutralise):
        return t("logiquo.action.neutralise", cards=_cards(action.cards))
    if isinstance(action, game.OfferCard):
        return t("logiquo.action.offer_card", card=card_ref(action.card), to=names[action.to])
    if isinstance(action, game.OfferTrade):
        give = t("logiquo.action.one_data") if action.give is None else card_ref(action.give)
        want = t(f"logiquo.action.want_{action.ask}")
        return t("logiquo.action.offer_trade", to=names[action.to], give=give, want=want)
    if isinstance(action, game.AcceptOffer):
        if action.card is None:
            return t("logiquo.action.accept_offer")
        return t("logiquo.action.accept_offer_paying", card=card_ref(action.card))
    if isinstance(action, game.ChooseDiscard):
        return t("logiquo.action.choose_discard", cards=_cards(action.cards))
    raise TypeError(f"not a Logiquo action: {action!r}")


def describe(action: Any, names: Sequence[str]) -> str:
    """The action in words, HTML-safe (for the notice and the log)."""
    return html.escape(action_text(action, names))
