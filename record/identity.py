"""Who a learner is, without knowing who they are: a random key, a resume code, a nickname.

The key lives in the learner's browser and the code on a piece of paper; the database keeps only
hashes of both, so a copy of the database lets no one act as a learner. No name, e-mail or
address is ever asked for. A malformed key or code is simply "not found" (``None`` here), never
an error that tells a guesser something.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata

from record.errors import RecordError

# 32 random bytes (256 bits) as URL-safe base64: 43 characters, fit for browser storage.
KEY_BYTES = 32
_KEY = re.compile(r"[A-Za-z0-9_-]{43}")

# Crockford-style: digits and capitals without the look-alikes 0/O, 1/I/L and U.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8  # 30**8 = 6.6e11 codes (39 bits): safe behind the guess limit, short to copy

NICKNAME_MAX = 24
NICKNAME_PUNCTUATION = frozenset(" -_.'")
# A phone's keyboard types the typographic apostrophe for "'": D’Angelo is D'Angelo.
_NICKNAME_FOLD = str.maketrans({"\u2019": "'"})

# The code's hash is slow on purpose: the code has only 39 bits, so a fast hash of it in a
# stolen database could be reversed by trying every code. scrypt at this cost takes about
# 50 ms a code here (a lookup or a new learner), which makes that search take centuries.
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32, "salt": b"game-lessons/resume-code/v1"}


def new_key() -> str:
    """A fresh browser key (256 random bits)."""
    return secrets.token_urlsafe(KEY_BYTES)


def key_hash(key: object) -> str | None:
    """The stored form of a browser key, or None for anything that is not a well-formed key."""
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        return None
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def new_code() -> str:
    """A fresh resume code in its canonical form (8 characters, no dash)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def show_code(code: str) -> str:
    """The code as a learner writes it down: ``ABCD-EFGH``."""
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def normalise_code(text: object) -> str | None:
    """The canonical code a learner meant (any case, dash or spaces), None if it cannot be one.

    Letters left out of the alphabet are refused, not guessed at: a code is read back exactly.
    """
    if not isinstance(text, str) or len(text) > 4 * CODE_LENGTH:
        return None
    code = re.sub(r"[\s-]", "", text).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def code_hash(code: str) -> str:
    """The stored form of a canonical resume code (see ``_SCRYPT`` for why it is slow)."""
    return hashlib.scrypt(code.encode("ascii"), **_SCRYPT).hex()


def client_hash(client: str) -> str:
    """The stored form of whoever guesses codes (an address is personal data: never kept)."""
    return hashlib.sha256(f"game-lessons/client/{client}".encode()).hexdigest()


def clean_nickname(nickname: object) -> str:
    """The nickname to store (trimmed, NFC): 1-24 letters of any script, digits, spaces and
    ``-_.'``; no markup, no control characters. Raises ``record.nickname_invalid``."""
    if not isinstance(nickname, str):
        raise RecordError("record.nickname_invalid", reason="type")
    name = unicodedata.normalize("NFC", nickname.translate(_NICKNAME_FOLD)).strip()
    if not 1 <= len(name) <= NICKNAME_MAX:
        raise RecordError("record.nickname_invalid", reason="length", limit=NICKNAME_MAX)
    for char in name:
        category = unicodedata.category(char)
        # L*: letters; Mn/Mc: the marks that letters of many scripts are written with; Nd: digits
        if not (category[0] == "L" or category in ("Mn", "Mc", "Nd")) and (
            char not in NICKNAME_PUNCTUATION
        ):
            raise RecordError("record.nickname_invalid", reason="character", character=char)
    return name
