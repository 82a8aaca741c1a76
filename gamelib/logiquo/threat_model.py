"""The deck as a real threat model: ATT&CK tactics in kill-chain order, CIS Implementation
Groups and NIST CSF 2.0 functions covered by the countermeasures, and an organisation's own
profile (the controls it has) against the threat deck.

Everything is computed from the card data (``data/threats.json``, ``data/countermeasures.json``)
and the public framework tables stored beside it (``attack_tactics.json``: ATT&CK Enterprise v15
tactics in matrix order; ``cis_v8_igs.json``: the Implementation Group each cited CIS v8
safeguard first appears in; ``csf2.json``: CSF 2.0 functions). A profile "stops" a threat when it
holds at least the threat's ``controls_required`` countermeasures that list it (§Carte Controllo,
§Regole Speciali); Logiquo and Pentaqo cards are game help, not controls an organisation buys,
so a profile never counts them. No words: codes, ids and numbers only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from gamelib.logiquo.cards import _json, attack_tactics, by_kind, csf_functions
from gamelib.logiquo.odds import hand_size_for, p_random_threat

IGS = (1, 2, 3)


def kill_chain() -> list[str]:
    """ATT&CK tactic names in the Enterprise matrix order (reconnaissance to impact), the
    order an intrusion usually unfolds in."""
    return [t["name"] for t in attack_tactics()]


def threats_by_tactic() -> list[tuple[str, str, tuple[int, ...]]]:
    """``(tactic id, tactic name, threat numbers)`` for every ATT&CK tactic in kill-chain order;
    a threat that cites two tactics is counted under both, a tactic with no threat is kept
    (empty) so the gaps of the deck show."""
    threats = by_kind("threat")
    return [
        (t["id"], t["name"], tuple(c.number for c in threats if t["name"] in c.tactics))
        for t in attack_tactics()
    ]


def _countermeasures() -> dict[str, tuple[int, ...]]:
    return {c.code: c.mitigates for c in by_kind("countermeasure")}


def _required() -> dict[int, int]:
    return {t.number: int(t.special.get("controls_required", 1)) for t in by_kind("threat")}


@cache
def first_ig() -> dict[str, int]:
    """Countermeasure code -> the CIS Implementation Group (1, 2, 3) its safeguard first
    appears in (``cis_v8_igs.json``)."""
    table = _json("cis_v8_igs.json")["first_ig"]
    return {c.code: int(table[c.cis_safeguard]) for c in by_kind("countermeasure")}


def ig_profile(group: int) -> frozenset[str]:
    """The deck's countermeasures an organisation implementing CIS IG ``group`` has (the IGs
    are cumulative: IG2 holds IG1's safeguards, IG3 all of them)."""
    if group not in IGS:
        raise ValueError("group must be 1, 2 or 3")
    return frozenset(code for code, ig in first_ig().items() if ig <= group)


def csf_function(code: str) -> str:
    """The CSF 2.0 function (GV, ID, PR, DE, RS, RC) of a countermeasure's cited subcategory."""
    c = next(c for c in by_kind("countermeasure") if c.code == code)
    return str(c.csf).split(".")[0]


def by_csf_function() -> list[tuple[str, tuple[str, ...], tuple[int, ...]]]:
    """``(function id, countermeasure codes, threat numbers they list)`` for the six CSF 2.0
    functions in the framework's order; a function no card cites is kept, empty."""
    controls = _countermeasures()
    out = []
    for fid in csf_functions():
        codes = tuple(code for code in controls if csf_function(code) == fid)
        threats = tuple(sorted({n for code in codes for n in controls[code]}))
        out.append((fid, codes, threats))
    return out


@dataclass(frozen=True)
class ProfileReport:
    """What a set of controls does against the threat deck."""

    controls: frozenset[str]
    stopped: tuple[int, ...]  # threat numbers the profile stops on its own
    remaining: tuple[int, ...]  # threat numbers it does not
    short: dict[int, int]  # remaining threat -> how many more listed controls it needs

    @property
    def share(self) -> Fraction:
        """The share of threat draws stopped (every threat card is drawn equally often)."""
        total = len(self.stopped) + len(self.remaining)
        return Fraction(len(self.stopped), total)


def profile(controls: Iterable[str]) -> ProfileReport:
    """Which threats an organisation holding ``controls`` (countermeasure codes) stops."""
    held = frozenset(controls)
    table = _countermeasures()
    unknown = held - table.keys()
    if unknown:
        raise ValueError(f"not countermeasure codes: {sorted(unknown)}")
    need = _required()
    have = {n: sum(1 for code in held if n in table[code]) for n in need}
    stopped = tuple(n for n in sorted(need) if have[n] >= need[n])
    remaining = tuple(n for n in sorted(need) if have[n] < need[n])
    return ProfileReport(held, stopped, remaining, {n: need[n] - have[n] for n in remaining})


def best_additions(controls: Iterable[str]) -> tuple[frozenset[str], int]:
    """The countermeasures that, added to ``controls``, stop the most further threats, and how
    many they add (several may tie: each is a right answer)."""
    held = frozenset(controls)
    base = len(profile(held).stopped)
    gains = {
        code: len(profile(held | {code}).stopped) - base
        for code in _countermeasures()
        if code not in held
    }
    best = max(gains.values())
    return frozenset(code for code, g in gains.items() if g == best), best


def ig_coverage() -> dict[int, ProfileReport]:
    """The report of each Implementation Group's profile."""
    return {g: profile(ig_profile(g)) for g in IGS}


def dealt_hand_share(players: int) -> Fraction:
    """The game's own odds, to compare a profile with: the chance that a freshly dealt hand
    (§Preparazione.2) stops a random threat alone (``odds.p_random_threat``)."""
    return p_random_threat(hand_size_for(players))
