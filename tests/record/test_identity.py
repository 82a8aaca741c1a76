"""Keys, resume codes and nicknames: what is accepted, what is refused, what is stored."""

from __future__ import annotations

import pytest

from record import RecordError, identity


def test_keys_are_256_random_bits():
    keys = {identity.new_key() for _ in range(100)}
    assert len(keys) == 100
    assert all(len(k) == 43 and identity.key_hash(k) for k in keys)


def test_codes_use_no_look_alike_letters():
    alphabet = set(identity.CODE_ALPHABET)
    assert not alphabet & set("01ILOU") and len(alphabet) == 30
    codes = [identity.new_code() for _ in range(200)]
    assert all(len(c) == 8 and set(c) <= alphabet for c in codes)
    assert identity.show_code("ABCDEFGH") == "ABCD-EFGH"


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("ABCD-EFGH", "ABCDEFGH"),
        ("abcd-efgh", "ABCDEFGH"),
        ("abcdefgh", "ABCDEFGH"),
        (" ABCD EFGH ", "ABCDEFGH"),
        ("ABCD-EFG0", None),  # 0 is not in the alphabet: refused, not read as O or D
        ("ABCD-EFGI", None),
        ("ABCD-EFGO", None),
        ("ABCD-EFG", None),
        ("ABCD-EFGHJ", None),
        ("ABCD-ÉFGH", None),
        ("A" * 1000, None),
        (None, None),
    ],
)
def test_a_code_is_read_exactly(written, meant):
    assert identity.normalise_code(written) == meant


def test_the_code_hash_is_fixed_and_not_the_code():
    digest = identity.code_hash("ABCDEFGH")
    assert digest == identity.code_hash("ABCDEFGH") != identity.code_hash("ABCDEFGJ")
    assert "ABCDEFGH" not in digest and len(digest) == 64


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("Zoë", "Zoë"),
        ("  Luca  ", "Luca"),
        ("Anna-Maria", "Anna-Maria"),
        ("D'Angelo", "D'Angelo"),
        ("D\u2019Angelo", "D'Angelo"),  # a phone's apostrophe
        ("Zoe\u0308", "Zoë"),  # decomposed: stored composed
        ("李小龙", "李小龙"),
        ("Ἀλέξανδρος", "Ἀλέξανδρος"),
        ("अनु", "अनु"),
        ("x_1.2", "x_1.2"),
        ("a" * 24, "a" * 24),
    ],
)
def test_nicknames_of_any_script_are_accepted(given, stored):
    assert identity.clean_nickname(given) == stored


@pytest.mark.parametrize(
    ("given", "reason"),
    [
        ("", "length"),
        ("   ", "length"),
        ("a" * 25, "length"),
        ("<b>", "character"),
        ("a&b", "character"),
        ('say "hi"', "character"),
        ("a\tb", "character"),
        ("a\u200bb", "character"),  # zero-width space
        ("a\u202eb", "character"),  # right-to-left override
        ("😀", "character"),
        ("me@mail", "character"),
        (42, "type"),
    ],
)
def test_nicknames_with_markup_or_controls_are_refused(given, reason):
    with pytest.raises(RecordError) as caught:
        identity.clean_nickname(given)
    assert caught.value.code == "record.nickname_invalid"
    assert caught.value.details["reason"] == reason
