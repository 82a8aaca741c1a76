"""Fixtures the widget tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from widgets import i18n


@pytest.fixture
def italian() -> Iterator[None]:
    """The test runs in Italian; English again afterwards, whatever happens."""
    i18n.set_language("it")
    yield
    i18n.set_language("en")
