"""CNW battle mathematics: the dice of §7.2, the OBC re-roll of §8.1 and the HUB bonus of §8.3.

Pure, exact probability (``fractions.Fraction``) plus seeded Monte Carlo, so a lesson can show the
same number three ways: by enumerating dice, by the Markov chain of a whole battle, by simulation.
The dice rules themselves (how many dice, the bonus, the tokens) are data in ``data/battle.json``.

Conventions used throughout:

* ``attackers`` counts the pawns that may roll: the source gateway holds one more, which stays
  behind as garrison (§7.1). So ``attackers=1`` rolls 1 die, and the attack stops at 0.
* A battle goes on, with the most dice each side may roll (§7.2), until the defender is out
  (conquest) or the attacker has no pawn left that may roll.
* Losses are reported as ``(attacker_losses, defender_losses)``.
* Errors in arguments raise ``ValueError`` (this is mathematics; the game engine turns illegal
  moves into ``IllegalAction``).
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from pathlib import Path
from statistics import NormalDist
from typing import Any, Literal

DATA_FILE = Path(__file__).with_name("data") / "battle.json"

ObcUse = Literal["attacker", "defender", "both"]
OBC_CHOICES: tuple[str, ...] = ("attacker", "defender", "both")


@dataclass(frozen=True)
class DiceRules:
    """The dice constants of the rulebook, read from ``data/battle.json``."""

    die_faces: int
    max_attack_dice: int  # §7.2
    max_defend_dice: int  # §7.2 (CNW: 3, not classic Risk's 2)
    classic_risk_max_defend_dice: int  # only for comparison with the published Risk tables
    attack_pawns_left_behind: int  # §7.1: one pawn always stays on the source
    hub_bonus: int  # §8.3: added to the defender's highest die
    obc_tokens_per_game: int  # §8.1
    obc_uses_per_turn: int  # §8.1


def load_rules(path: Path = DATA_FILE) -> DiceRules:
    """Read the dice rules; unknown or missing keys are an error so data and code stay in step."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    names = [f for f in DiceRules.__dataclass_fields__]
    missing = [n for n in names if n not in raw]
    if missing:
        raise ValueError(f"{path.name} lacks the dice rules {missing}")
    values = {n: raw[n] for n in names}
    for name, value in values.items():
        if type(value) is not int or value < 0:
            raise ValueError(f"{path.name}: {name} must be a non-negative integer, got {value!r}")
    return DiceRules(**values)


RULES = load_rules()


# --------------------------------------------------------------------------------------------
# Argument checks.


def _check_int(name: str, value: Any, low: int, high: int | None, rule: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r} ({rule})")
    if value < low or (high is not None and value > high):
        bound = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {bound}, got {value} ({rule})")
    return value


def _check_dice(attack_dice: int, defend_dice: int) -> None:
    _check_int("attack_dice", attack_dice, 1, RULES.max_attack_dice, "§7.2")
    _check_int("defend_dice", defend_dice, 1, RULES.max_defend_dice, "§7.2")


def _check_battle(attackers: int, defenders: int, max_defender_dice: int) -> None:
    _check_int("attackers (pawns that may roll, source minus one)", attackers, 1, None, "§7.1")
    _check_int("defenders", defenders, 1, None, "§7.2")
    _check_int("max_defender_dice", max_defender_dice, 1, RULES.max_defend_dice, "§7.2")


def _check_obc(obc: Any) -> str | None:
    if obc is not None and obc not in OBC_CHOICES:
        raise ValueError(f"obc must be None or one of {OBC_CHOICES}, got {obc!r} (§8.1)")
    return obc


def attack_dice_for(attackers: int) -> int:
    """Dice the attacker rolls: up to 3, never more than the pawns that may roll (§7.2)."""
    return min(RULES.max_attack_dice, attackers)


def defend_dice_for(defenders: int, max_defender_dice: int = RULES.max_defend_dice) -> int:
    """Dice the defender rolls: up to 3 in CNW (2 in classic Risk), never more than pawns (§7.2)."""
    return min(max_defender_dice, defenders)


# --------------------------------------------------------------------------------------------
# One roll.


def _defender_losses(attack: Sequence[int], defend: Sequence[int], hub: bool) -> int:
    """Pairs sorted dice high with high (§7.2); ties go to the defender; a hub adds its bonus
    to the defender's highest die only (§8.3). Both sequences are sorted high to low."""
    lost = 0
    for i in range(min(len(attack), len(defend))):
        top = defend[i] + (RULES.hub_bonus if hub and i == 0 else 0)
        if attack[i] > top:
            lost += 1
    return lost


def _check_values(name: str, values: Sequence[int], most: int) -> tuple[int, ...]:
    values = tuple(values)
    if not 1 <= len(values) <= most:
        raise ValueError(f"{name} must hold 1 to {most} dice, got {len(values)} (§7.2)")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= RULES.die_faces:
            raise ValueError(
                f"{name} holds {v!r}, not a face of a {RULES.die_faces}-sided die (§7.2)"
            )
    return tuple(sorted(values, reverse=True))


def resolve_roll(
    attack_values: Sequence[int], defend_values: Sequence[int], hub: bool = False
) -> tuple[int, int]:
    """Losses ``(attacker, defender)`` for dice already rolled, in any order (§7.2, §8.3).

    Highest attacker die meets highest defender die, second meets second, and so on for
    ``min(len(attack), len(defend))`` comparisons; the attacker must be strictly higher to win a
    comparison. With ``hub`` the defender's highest die counts one more (§8.3).
    """
    attack = _check_values("attack_values", attack_values, RULES.max_attack_dice)
    defend = _check_values("defend_values", defend_values, RULES.max_defend_dice)
    lost = _defender_losses(attack, defend, hub)
    return min(len(attack), len(defend)) - lost, lost


@cache
def _multisets(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every sorted (high to low) result of ``n`` dice with how many ordered rolls give it:
    56 multisets instead of 216 rolls for 3 dice, the same exact probabilities."""
    out = []
    for combo in combinations_with_replacement(range(RULES.die_faces, 0, -1), n):
        ways = math.factorial(n)
        for count in Counter(combo).values():
            ways //= math.factorial(count)
        out.append((combo, ways))
    return tuple(out)


def _replace(values: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    """The dice after one die showing ``old`` is re-rolled to ``new`` (§8.1), sorted again."""
    rest = list(values)
    rest.remove(old)
    rest.append(new)
    return tuple(sorted(rest, reverse=True))


# A roll, grouped by what matters to an OBC decision (§8.1):
#   dsig = (defender losses if the defender keeps its dice,
#           for each distinct defender face v (ascending): counts over defender losses 0..k of
#           re-rolling one die showing v)
#   asig = (dsig of the dice as rolled,
#           for each distinct attacker face v (ascending): the multiset of dsig reached by
#           re-rolling one attacker die showing v, as sorted (dsig, count) pairs)
# Rolls with equal signatures are decided alike, so each is evaluated once per battle state.
DSig = tuple[int, tuple[tuple[int, ...], ...]]
ASig = tuple[DSig, tuple[tuple[tuple[DSig, int], ...], ...]]


class _RollModel:
    """Every way one roll of ``attack_dice`` vs ``defend_dice`` can go, enumerated once."""

    def __init__(self, attack_dice: int, defend_dice: int, hub: bool) -> None:
        self.attack_dice = attack_dice
        self.defend_dice = defend_dice
        self.hub = hub
        self.k = min(attack_dice, defend_dice)
        self.total = RULES.die_faces ** (attack_dice + defend_dice)
        self._dsig: dict[tuple[tuple[int, ...], tuple[int, ...]], DSig] = {}
        self._asig: dict[tuple[tuple[int, ...], tuple[int, ...]], ASig] = {}
        plain: Counter[int] = Counter()
        for a, wa in _multisets(attack_dice):
            for d, wd in _multisets(defend_dice):
                plain[_defender_losses(a, d, hub)] += wa * wd
        self.plain: dict[int, int] = dict(sorted(plain.items()))
        self._by_dsig: dict[DSig, int] | None = None
        self._by_asig: dict[ASig, int] | None = None
        # OBC decisions of the single-roll policy, filled as rolls meet them (roll_dice)
        self.roll_choices: dict[tuple[Any, ...], int] = {}

    def dsig(self, attack: tuple[int, ...], defend: tuple[int, ...]) -> DSig:
        key = (attack, defend)
        sig = self._dsig.get(key)
        if sig is None:
            options = []
            for v in sorted(set(defend)):
                counts = [0] * (self.k + 1)
                for x in range(1, RULES.die_faces + 1):
                    counts[_defender_losses(attack, _replace(defend, v, x), self.hub)] += 1
                options.append(tuple(counts))
            sig = (_defender_losses(attack, defend, self.hub), tuple(options))
            self._dsig[key] = sig
        return sig

    def asig(self, attack: tuple[int, ...], defend: tuple[int, ...]) -> ASig:
        key = (attack, defend)
        sig = self._asig.get(key)
        if sig is None:
            options = []
            for v in sorted(set(attack)):
                reached = Counter(
                    self.dsig(_replace(attack, v, x), defend) for x in range(1, RULES.die_faces + 1)
                )
                options.append(tuple(sorted(reached.items())))
            sig = (self.dsig(attack, defend), tuple(options))
            self._asig[key] = sig
        return sig

    def _count(self, sig: Callable[[Any, Any], Any]) -> dict[Any, int]:
        """How many of the equally likely rolls (attack and defence multisets, weighted) give
        each value of ``sig(attack, defend)``: one enumeration for both signatures."""
        counts: Counter[Any] = Counter()
        for a, wa in _multisets(self.attack_dice):
            for d, wd in _multisets(self.defend_dice):
                counts[sig(a, d)] += wa * wd
        return dict(counts)

    @property
    def by_dsig(self) -> dict[DSig, int]:
        if self._by_dsig is None:
            self._by_dsig = self._count(self.dsig)
        return self._by_dsig

    @property
    def by_asig(self) -> dict[ASig, int]:
        if self._by_asig is None:
            self._by_asig = self._count(self.asig)
        return self._by_asig


@cache
def _model(attack_dice: int, defend_dice: int, hub: bool) -> _RollModel:
    return _RollModel(attack_dice, defend_dice, hub)


@dataclass(frozen=True)
class _FastTables:
    """The same roll as :class:`_RollModel`, reduced to what decides the *value* of a state
    (the face a side re-rolls and the order of its options no longer matter), with integer ids
    so the battle dynamic programme runs in tight loops. Used only for values; the concrete
    choices (which die) come from the model."""

    k: int
    total: int
    defender: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]  # (keep, options) by id
    defender_only: tuple[tuple[int, int], ...]  # (defender id, weight): attacker has no token
    attacker_only: tuple[tuple[int, tuple[tuple[int, ...], ...], int], ...]  # (keep, opts, w)
    rerolled: tuple[tuple[tuple[int, int], ...], ...]  # by id: (defender id, count) over faces
    both: tuple[tuple[int, tuple[int, ...], int], ...]  # (defender id, rerolled ids, weight)


@cache
def _fast(attack_dice: int, defend_dice: int, hub: bool) -> _FastTables:
    model = _model(attack_dice, defend_dice, hub)
    ids: dict[tuple[int, tuple[tuple[int, ...], ...]], int] = {}

    def did(attack: tuple[int, ...], defend: tuple[int, ...]) -> int:
        keep, options = model.dsig(attack, defend)
        return ids.setdefault((keep, tuple(sorted(set(options)))), len(ids))

    rerolled_ids: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    rerolled: list[tuple[tuple[int, int], ...]] = []
    defender_only: Counter[int] = Counter()
    attacker_only: Counter[tuple[int, tuple[tuple[int, ...], ...]]] = Counter()
    both: Counter[tuple[int, tuple[int, ...]]] = Counter()
    faces = range(1, RULES.die_faces + 1)
    for a, wa in _multisets(attack_dice):
        for d, wd in _multisets(defend_dice):
            w = wa * wd
            here = did(a, d)
            defender_only[here] += w
            opts0 = set()
            rest_ids = set()
            for v in set(a):
                rest = list(a)
                rest.remove(v)
                key = (tuple(rest), d)
                rid = rerolled_ids.get(key)
                if rid is None:
                    rid = rerolled_ids[key] = len(rerolled)
                    reached = Counter(did(_replace(a, v, x), d) for x in faces)
                    rerolled.append(tuple(sorted(reached.items())))
                rest_ids.add(rid)
                counts = [0] * (model.k + 1)
                for x in faces:
                    counts[_defender_losses(_replace(a, v, x), d, hub)] += 1
                opts0.add(tuple(counts))
            attacker_only[(_defender_losses(a, d, hub), tuple(sorted(opts0)))] += w
            both[(here, tuple(sorted(rest_ids)))] += w
    return _FastTables(
        k=model.k,
        total=model.total,
        defender=tuple(sorted(ids, key=ids.__getitem__)),
        defender_only=tuple(defender_only.items()),
        attacker_only=tuple((keep, opts, w) for (keep, opts), w in attacker_only.items()),
        rerolled=tuple(rerolled),
        both=tuple((i, r, w) for (i, r), w in both.items()),
    )


def _fast_value(t: _FastTables, ta: int, td: int, s: list[list[list[Any]]]) -> Any:
    """Expected value of a state whose rolls end in ``s[ta_after][td_after][defender_losses]``,
    each side spending its token (if it holds one) only when that strictly helps it."""
    faces = RULES.die_faces
    if ta and td:
        dv = []
        for ta_after in (0, 1):
            keep_row, spent_row = s[ta_after][1], s[ta_after][0]
            row = []
            for keep, options in t.defender:
                best = keep_row[keep]
                for counts in options:
                    value = sum(c * spent_row[i] for i, c in enumerate(counts) if c) / faces
                    if value < best:
                        best = value
                row.append(best)
            dv.append(row)
        dv0, dv1 = dv
        after = [sum(n * dv0[i] for i, n in reached) / faces for reached in t.rerolled]
        total = 0
        for i, rests, w in t.both:
            best = dv1[i]
            for r in rests:
                if after[r] > best:
                    best = after[r]
            total += w * best
    elif ta:
        keep_row, spent_row = s[1][0], s[0][0]
        total = 0
        for keep, options, w in t.attacker_only:
            best = keep_row[keep]
            for counts in options:
                value = sum(c * spent_row[i] for i, c in enumerate(counts) if c) / faces
                if value > best:
                    best = value
            total += w * best
    else:
        keep_row, spent_row = s[0][td], s[0][0]
        total = 0
        for i, w in t.defender_only:
            keep, options = t.defender[i]
            best = keep_row[keep]
            if td:
                for counts in options:
                    value = sum(c * spent_row[j] for j, c in enumerate(counts) if c) / faces
                    if value < best:
                        best = value
            total += w * best
    return total / t.total


# Score of a roll's end: score(defender_losses, attacker_token_left, defender_token_left).
# The attacker maximises the expected score, the defender minimises it.
Score = Callable[[int, int, int], Any]


def _defender_choice(ds: DSig, ta_after: int, td: int, score: Score) -> tuple[int, Any]:
    """(option, value): -1 keeps the dice, i re-rolls a die showing the i-th distinct face.

    A re-roll is taken only if it strictly lowers the expected score (ties keep the token);
    among equally good re-rolls the lowest face wins, so the choice is deterministic."""
    keep, options = ds
    best_i, best = -1, score(keep, ta_after, td)
    if td:
        for i, counts in enumerate(options):
            value = sum(c * score(lost, ta_after, 0) for lost, c in enumerate(counts) if c)
            value = value / RULES.die_faces
            if value < best:
                best_i, best = i, value
    return best_i, best


def _attacker_choice(
    sig: ASig, ta: int, td: int, score: Score, memo: dict[tuple[DSig, int], Any]
) -> tuple[int, Any]:
    """(option, value) for the attacker, who decides first and foresees the defender's answer."""

    def answer(ds: DSig, ta_after: int) -> Any:
        key = (ds, ta_after)
        if key not in memo:
            memo[key] = _defender_choice(ds, ta_after, td, score)[1]
        return memo[key]

    ds, options = sig
    best_i, best = -1, answer(ds, ta)
    if ta:
        for i, reached in enumerate(options):
            value = sum(n * answer(d2, 0) for d2, n in reached) / RULES.die_faces
            if value > best:
                best_i, best = i, value
    return best_i, best


def _roll_outcomes(model: _RollModel, ta: int, td: int, score: Score) -> dict[int, Fraction]:
    """Exact distribution of defender losses under the re-roll choices ``score`` induces."""
    faces = RULES.die_faces
    out: Counter[int] = Counter()

    def defender_part(ds: DSig, ta_after: int, weight: Fraction) -> None:
        i, _ = _defender_choice(ds, ta_after, td, score)
        if i < 0:
            out[ds[0]] += weight
        else:
            for lost, c in enumerate(ds[1][i]):
                if c:
                    out[lost] += weight * Fraction(c, faces)

    if ta:
        memo: dict[tuple[DSig, int], Any] = {}
        for sig, w in model.by_asig.items():
            i, _ = _attacker_choice(sig, ta, td, score, memo)
            weight = Fraction(w, model.total)
            if i < 0:
                defender_part(sig[0], ta, weight)
            else:
                for ds, n in sig[1][i]:
                    defender_part(ds, 0, weight * Fraction(n, faces))
    elif td:
        for ds, w in model.by_dsig.items():
            defender_part(ds, 0, Fraction(w, model.total))
    else:
        for lost, w in model.plain.items():
            out[lost] += Fraction(w, model.total)
    return {lost: p for lost, p in sorted(out.items()) if p}


def _roll_score(lost: int, _ta: int, _td: int) -> Fraction:
    """Single-roll objective of the OBC policy: defender losses (attacker losses are k minus
    them), so maximising it maximises the attacker's net pawn exchange and vice versa."""
    return Fraction(lost)


@cache
def _roll_distribution(
    attack_dice: int, defend_dice: int, hub: bool, attacker_reroll: bool, defender_reroll: bool
) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    model = _model(attack_dice, defend_dice, hub)
    dist = _roll_outcomes(model, int(attacker_reroll), int(defender_reroll), _roll_score)
    return tuple(((model.k - lost, lost), p) for lost, p in dist.items())


def roll_distribution(
    attack_dice: int,
    defend_dice: int,
    hub: bool = False,
    attacker_reroll: bool = False,
    defender_reroll: bool = False,
) -> dict[tuple[int, int], Fraction]:
    """Exact law of one roll: ``(attacker_losses, defender_losses) -> probability`` (§7.2).

    Enumerates every roll (grouped by sorted faces, which gives the same exact fractions as the
    ``6**(a+d)`` ordered rolls). Only outcomes with positive probability are listed.

    ``hub``: the defender's highest die gets +1 (§8.3), counted on the final dice, after any
    re-roll.

    ``attacker_reroll`` / ``defender_reroll``: that side holds an OBC token it may spend on this
    roll (§8.1) and follows the *single-roll policy*: after seeing all dice it re-rolls the one die
    (of any face it shows) that maximises its expected pawn exchange in this roll (defender
    losses minus attacker losses for the attacker, the opposite for the defender), and keeps its
    dice when no re-roll is strictly better (the token is saved). Among equally good re-rolls it
    takes the die with the lowest face. The new face must be kept. When both may re-roll, the
    attacker (whose turn it is) decides first, foreseeing the defender's best answer; the defender
    then decides seeing the attacker's final dice.
    """
    _check_dice(attack_dice, defend_dice)
    dist = _roll_distribution(
        attack_dice, defend_dice, bool(hub), bool(attacker_reroll), bool(defender_reroll)
    )
    return dict(dist)


# The defender's best answers of the single-roll policy, by the defender's token (td): the memo
# _attacker_choice fills, a pure function of (signature, attacker's token left), kept between
# calls since a bot asks at every roll and the exact fractions are slow.
_ANSWERS: tuple[dict[tuple[DSig, int], Any], dict[tuple[DSig, int], Any]] = ({}, {})


def choose_reroll(
    side: Literal["attacker", "defender"],
    attack_values: Sequence[int],
    defend_values: Sequence[int],
    hub: bool = False,
    opponent_may_reroll: bool = False,
) -> int | None:
    """The face of the die ``side`` should re-roll with its OBC token (§8.1), or ``None`` to keep.

    Same single-roll policy as :func:`roll_distribution`: the best expected pawn exchange of this
    roll. ``opponent_may_reroll`` only matters for the attacker, who decides first (the defender
    always sees the attacker's final dice). For hints in the widget and for bots.
    """
    attack = _check_values("attack_values", attack_values, RULES.max_attack_dice)
    defend = _check_values("defend_values", defend_values, RULES.max_defend_dice)
    model = _model(len(attack), len(defend), bool(hub))
    if side == "attacker":
        td = int(bool(opponent_may_reroll))
        memo = _ANSWERS[td]
        i, _ = _attacker_choice(model.asig(attack, defend), 1, td, _roll_score, memo)
        return None if i < 0 else sorted(set(attack))[i]
    if side == "defender":
        i, _ = _defender_choice(model.dsig(attack, defend), 0, 1, _roll_score)
        return None if i < 0 else sorted(set(defend))[i]
    raise ValueError(f"side must be 'attacker' or 'defender', got {side!r} (§8.1)")


# --------------------------------------------------------------------------------------------
# A whole battle: the absorbing Markov chain over (attackers, defenders).

# Values of the chain, shared by every query with the same rules, keyed by
# (max_defender_dice, hub, obc, exact) -> {(attackers, defenders, ta, td): P(conquest)}.
# ta / td: 1 while the attacker / defender may still spend its one OBC token of this turn.
_VALUES: dict[tuple[int, bool, str | None, bool], dict[tuple[int, int, int, int], Any]] = {}


def _token_states(obc: str | None) -> list[tuple[int, int]]:
    ta = (0, 1) if obc in ("attacker", "both") else (0,)
    td = (0, 1) if obc in ("defender", "both") else (0,)
    return [(a, d) for a in ta for d in td]


def _solve(
    attackers: int, defenders: int, max_defender_dice: int, hub: bool, obc: str | None, exact: bool
) -> dict[tuple[int, int, int, int], Any]:
    """Fill the value table up to (attackers, defenders) by dynamic programming.

    Every roll removes at least one pawn, so each state only depends on states with fewer pawns:
    filling rows of attackers upwards and columns of defenders upwards needs no recursion and
    no linear solve. Values already known for these rules are reused.
    """
    values = _VALUES.setdefault((max_defender_dice, hub, obc, exact), {})
    tokens = _token_states(obc)
    if all((attackers, defenders, x, y) in values for x, y in tokens):
        return values  # filled by an earlier, larger query: skip the scan of the rectangle
    one, zero = (Fraction(1), Fraction(0)) if exact else (1.0, 0.0)
    transitions: dict[tuple[int, int], tuple[tuple[int, int, Any], ...]] = {}
    for a in range(attackers + 1):
        for d in range(defenders + 1):
            if (a, d, 0, 0) in values and all((a, d, x, y) in values for x, y in tokens):
                continue
            if d == 0 or a == 0:
                for x, y in tokens:
                    values[(a, d, x, y)] = one if d == 0 and a > 0 else zero
                continue
            na, nd = attack_dice_for(a), defend_dice_for(d, max_defender_dice)
            model = _model(na, nd, hub)
            k = model.k
            for x, y in tokens:
                if x == 0 and y == 0:
                    steps = transitions.get((na, nd))
                    if steps is None:
                        steps = tuple(
                            (k - lost, lost, Fraction(w, model.total) if exact else w / model.total)
                            for lost, w in model.plain.items()
                        )
                        transitions[(na, nd)] = steps
                    values[(a, d, 0, 0)] = sum(
                        p * values[(a - la, d - ld, 0, 0)] for la, ld, p in steps
                    )
                else:
                    s = [
                        [
                            [values.get((a - (k - lost), d - lost, p, q)) for lost in range(k + 1)]
                            for q in (0, 1)
                        ]
                        for p in (0, 1)
                    ]
                    values[(a, d, x, y)] = _fast_value(_fast(na, nd, hub), x, y, s)
    return values


def clear_caches() -> None:
    """Forget every memoised table (for cold-start benchmarks, or to free memory)."""
    _VALUES.clear()
    for answers in _ANSWERS:
        answers.clear()
    for cached in (_multisets, _model, _fast, _roll_distribution, _survivors):
        cached.cache_clear()


def _start_tokens(obc: str | None) -> tuple[int, int]:
    return int(obc in ("attacker", "both")), int(obc in ("defender", "both"))


def conquest_probability_exact(
    attackers: int,
    defenders: int,
    *,
    max_defender_dice: int = RULES.max_defend_dice,
    hub: bool = False,
    obc: ObcUse | None = None,
) -> Fraction:
    """Exact chance (a Fraction) that the attack, pressed to the end, takes the gateway.

    See :func:`conquest_probability` for the conventions and the OBC model.
    """
    _check_battle(attackers, defenders, max_defender_dice)
    obc = _check_obc(obc)
    values = _solve(attackers, defenders, max_defender_dice, bool(hub), obc, True)
    return values[(attackers, defenders, *_start_tokens(obc))]


def conquest_probability(
    attackers: int,
    defenders: int,
    *,
    max_defender_dice: int = RULES.max_defend_dice,
    hub: bool = False,
    obc: ObcUse | None = None,
) -> float:
    """Chance that the attack takes the gateway when pressed until one side can roll no more.

    ``attackers`` are the pawns that may roll (the source holds one more, §7.1): each roll the
    attacker uses ``min(3, attackers)`` dice and the defender ``min(max_defender_dice, defenders)``
    (§7.2). ``max_defender_dice=2, hub=False`` is classic Risk (Osborne 2003); CNW's default is 3.
    ``hub``: the defended gateway is a HUB (§8.3).

    ``obc`` (§8.1): which side holds an OBC token usable in this battle ("attacker", "defender"
    or "both"). Each side may spend at most one token in the battle (once per turn), on whichever
    roll it likes, after seeing the dice, to re-roll one of its own dice. The model assumes both
    sides play the token optimally for this battle: the attacker maximises the chance of
    conquest, the defender minimises it, the attacker decides first on each roll and the
    defender answers having seen the attacker's final dice. A token is spent only when it
    strictly improves that side's chance (otherwise it is kept for a later turn). So the option
    can never hurt the side holding it.
    """
    _check_battle(attackers, defenders, max_defender_dice)
    obc = _check_obc(obc)
    values = _solve(attackers, defenders, max_defender_dice, bool(hub), obc, False)
    return float(values[(attackers, defenders, *_start_tokens(obc))])


def conquest_table(
    max_attackers: int,
    max_defenders: int,
    *,
    max_defender_dice: int = RULES.max_defend_dice,
    hub: bool = False,
) -> list[list[float]]:
    """Conquest chances, rows ``attackers = 1..max_attackers``, columns ``defenders =
    1..max_defenders``: one dynamic programme fills them all (shared with later queries)."""
    _check_battle(max_attackers, max_defenders, max_defender_dice)
    values = _solve(max_attackers, max_defenders, max_defender_dice, bool(hub), None, False)
    return [
        [float(values[(a, d, 0, 0)]) for d in range(1, max_defenders + 1)]
        for a in range(1, max_attackers + 1)
    ]


def survivor_distribution(
    attackers: int,
    defenders: int,
    *,
    max_defender_dice: int = RULES.max_defend_dice,
    hub: bool = False,
    exact: bool = False,
) -> dict[tuple[int, int], Any]:
    """Law of the end of the battle: ``(attackers_left, defenders_left) -> probability``.

    Exactly one of the two is 0 in every outcome. Floats by default; ``exact=True`` gives
    Fractions. Computed by pushing probability mass forward through the chain, state by state
    in decreasing number of pawns.
    """
    _check_battle(attackers, defenders, max_defender_dice)
    return dict(_survivors(attackers, defenders, max_defender_dice, bool(hub), bool(exact)))


@lru_cache(maxsize=256)
def _survivors(
    attackers: int, defenders: int, max_defender_dice: int, hub: bool, exact: bool
) -> tuple[tuple[tuple[int, int], Any], ...]:
    mass: dict[tuple[int, int], Any] = {(attackers, defenders): Fraction(1) if exact else 1.0}
    end: Counter[tuple[int, int]] = Counter()
    for pawns in range(attackers + defenders, 0, -1):
        for a in range(max(0, pawns - defenders), min(attackers, pawns) + 1):
            d = pawns - a
            p = mass.pop((a, d), None)
            if p is None:
                continue
            if a == 0 or d == 0:
                end[(a, d)] += p
                continue
            model = _model(attack_dice_for(a), defend_dice_for(d, max_defender_dice), hub)
            for lost, w in model.plain.items():
                q = Fraction(w, model.total) if exact else w / model.total
                nxt = (a - (model.k - lost), d - lost)
                mass[nxt] = mass.get(nxt, 0) + p * q
    return tuple(sorted(end.items()))


def survivor_marginals(
    attackers: int,
    defenders: int,
    *,
    max_defender_dice: int = RULES.max_defend_dice,
    hub: bool = False,
) -> tuple[dict[int, float], dict[int, float]]:
    """(law of attackers left, law of defenders left) at the end of the battle."""
    dist = survivor_distribution(attackers, defenders, max_defender_dice=max_defender_dice, hub=hub)
    left_a: Counter[int] = Counter()
    left_d: Counter[int] = Counter()
    for (a, d), p in dist.items():
        left_a[a] += p
        left_d[d] += p
    return dict(sorted(left_a.items())), dict(sorted(left_d.items()))


def expected_losses(
    attackers: int,
    defenders: int,
    *,
    max_defender_dice: int = RULES.max_defend_dice,
    hub: bool = False,
) -> tuple[float, float]:
    """(expected attacker losses, expected defender losses) of a battle pressed to the end."""
    dist = survivor_distribution(attackers, defenders, max_defender_dice=max_defender_dice, hub=hub)
    lost_a = sum(p * (attackers - a) for (a, _), p in dist.items())
    lost_d = sum(p * (defenders - d) for (_, d), p in dist.items())
    return float(lost_a), float(lost_d)


# --------------------------------------------------------------------------------------------
# Rolling real dice: the engine, the widget's Roll button and Monte Carlo.


@dataclass(frozen=True)
class RollResult:
    """One roll as it happened. Dice are listed high to low, the order they are compared in."""

    attack: tuple[int, ...]  # final attacker dice (after any re-roll)
    defend: tuple[int, ...]  # final defender dice, without the hub bonus
    attacker_losses: int
    defender_losses: int
    hub: bool = False
    attack_rolled: tuple[int, ...] = ()  # before any OBC re-roll
    defend_rolled: tuple[int, ...] = ()
    attacker_reroll: tuple[int, int] | None = None  # (old face, new face), §8.1
    defender_reroll: tuple[int, int] | None = None

    @property
    def defend_effective(self) -> tuple[int, ...]:
        """Defender dice as compared: the highest counts +1 on a hub (§8.3), so may show 7."""
        if not self.hub:
            return self.defend
        return (self.defend[0] + RULES.hub_bonus, *self.defend[1:])


def _roll(rng: random.Random, n: int) -> tuple[int, ...]:
    faces = RULES.die_faces
    return tuple(sorted((rng.randrange(faces) + 1 for _ in range(n)), reverse=True))


def _play_roll(
    rng: random.Random,
    model: _RollModel,
    ta: int,
    td: int,
    score: Score,
    choices: dict[tuple[Any, ...], int],
) -> tuple[RollResult, int, int]:
    """Roll, let each side with a token decide as the model says, re-roll; draw order:
    attacker dice, defender dice, attacker re-roll, defender re-roll (so seeds reproduce).
    ``choices`` remembers decisions already taken for the same ``score`` (they only depend on
    the roll's signature and the tokens)."""
    attack0 = attack = _roll(rng, model.attack_dice)
    defend0 = defend = _roll(rng, model.defend_dice)
    a_re = d_re = None
    ta_after, td_after = ta, td
    if ta:
        key = ("attacker", model.asig(attack, defend), td)
        i = choices.get(key)
        if i is None:
            i = choices[key] = _attacker_choice(key[1], ta, td, score, {})[0]
        if i >= 0:
            old = sorted(set(attack))[i]
            new = rng.randrange(RULES.die_faces) + 1
            attack, a_re, ta_after = _replace(attack, old, new), (old, new), 0
    if td:
        key = ("defender", model.dsig(attack, defend), ta_after)
        i = choices.get(key)
        if i is None:
            i = choices[key] = _defender_choice(key[1], ta_after, td, score)[0]
        if i >= 0:
            old = sorted(set(defend))[i]
            new = rng.randrange(RULES.die_faces) + 1
            defend, d_re, td_after = _replace(defend, old, new), (old, new), 0
    lost = _defender_losses(attack, defend, model.hub)
    result = RollResult(
        attack=attack,
        defend=defend,
        attacker_losses=model.k - lost,
        defender_losses=lost,
        hub=model.hub,
        attack_rolled=attack0,
        defend_rolled=defend0,
        attacker_reroll=a_re,
        defender_reroll=d_re,
    )
    return result, ta_after, td_after


def roll_dice(
    rng: random.Random,
    attack_dice: int,
    defend_dice: int,
    hub: bool = False,
    *,
    attacker_reroll: bool = False,
    defender_reroll: bool = False,
) -> RollResult:
    """Roll the dice of one attack with ``rng`` and resolve it (§7.2, §8.3).

    ``attacker_reroll`` / ``defender_reroll`` let that side spend an OBC token (§8.1) following
    the single-roll policy of :func:`roll_distribution` (see there); whether it did is in the
    result. Draws, in order: attacker dice, defender dice, attacker re-roll, defender re-roll.
    """
    _check_dice(attack_dice, defend_dice)
    model = _model(attack_dice, defend_dice, bool(hub))
    ta, td = int(bool(attacker_reroll)), int(bool(defender_reroll))
    result, _, _ = _play_roll(rng, model, ta, td, _roll_score, model.roll_choices)
    return result


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion: sound even near 0 and 1, unlike the
    normal ``p ± z·se`` interval, which matters for lopsided battles."""
    _check_int("n", n, 1, None, "Monte Carlo")
    _check_int("successes", successes, 0, n, "Monte Carlo")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence!r}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the bounds at 0 and n are exactly 0 and 1; say so instead of trusting rounding
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class MonteCarloResult:
    """Outcome of :func:`simulate_battles`: conquests, their share and where battles ended."""

    attackers: int
    defenders: int
    n: int
    seed: int | str
    wins: int
    survivors: dict[tuple[int, int], int] = field(hash=False)  # (attackers, defenders) left

    @property
    def estimate(self) -> float:
        return self.wins / self.n

    @property
    def ci95(self) -> tuple[float, float]:
        """95 % Wilson confidence interval of the conquest probability."""
        return wilson_interval(self.wins, self.n, 0.95)

    def interval(self, confidence: float) -> tuple[float, float]:
        """Wilson interval at any confidence (the tests use 99 %)."""
        return wilson_interval(self.wins, self.n, confidence)


def simulate_battles(
    attackers: int,
    defenders: int,
    n: int,
    seed: int | str,
    *,
    max_defender_dice: int = RULES.max_defend_dice,
    hub: bool = False,
    obc: ObcUse | None = None,
) -> MonteCarloResult:
    """Roll ``n`` whole battles with real dice from ``random.Random(seed)``.

    Same conventions as :func:`conquest_probability`; with ``obc`` each token holder follows the
    optimal policy computed there (so simulation and exact value can be compared).
    """
    _check_battle(attackers, defenders, max_defender_dice)
    _check_int("n", n, 1, None, "Monte Carlo")
    obc = _check_obc(obc)
    hub = bool(hub)
    rng = random.Random(seed)
    values = _solve(attackers, defenders, max_defender_dice, hub, obc, False) if obc else {}
    ta0, td0 = _start_tokens(obc)
    faces = RULES.die_faces
    randrange = rng.randrange
    policy: dict[tuple[int, int], dict[tuple[Any, ...], int]] = {}
    wins = 0
    survivors: Counter[tuple[int, int]] = Counter()
    for _ in range(n):
        a, d, ta, td = attackers, defenders, ta0, td0
        while a and d:
            na, nd = attack_dice_for(a), defend_dice_for(d, max_defender_dice)
            if ta or td:
                model = _model(na, nd, hub)
                k = model.k

                def score(lost: int, x: int, y: int, a: int = a, d: int = d, k: int = k) -> Any:
                    return values[(a - (k - lost), d - lost, x, y)]

                choices = policy.setdefault((a, d), {})
                result, ta, td = _play_roll(rng, model, ta, td, score, choices)
                a -= result.attacker_losses
                d -= result.defender_losses
                continue
            att = sorted((randrange(faces) + 1 for _ in range(na)), reverse=True)
            dfn = sorted((randrange(faces) + 1 for _ in range(nd)), reverse=True)
            lost = _defender_losses(att, dfn, hub)
            a -= min(na, nd) - lost
            d -= lost
        wins += d == 0
        survivors[(a, d)] += 1
    return MonteCarloResult(
        attackers=attackers,
        defenders=defenders,
        n=n,
        seed=seed,
        wins=wins,
        survivors=dict(sorted(survivors.items())),
    )
