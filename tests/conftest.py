"""Settings for the whole test session.

The labs share results through an on-disk cache (``widgets/kit/cache.py``). Tests must neither
read what an earlier run or a teacher's machine left there nor write into the user's cache, so
the session gets a fresh cache folder of its own; kernels started by the notebook and browser
tests inherit it through the environment. A test that needs another setting monkeypatches it.
"""

from __future__ import annotations

import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="lessons-test-cache-")
os.environ["CNW_LESSONS_CACHE"] = _CACHE


def pytest_unconfigure(config: object) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)
