"""Regenerate the golden playthrough of Rails across the USA.

Run from the repository root: ``python tests/rails/make_golden.py``. It plays the seeded game of
:func:`gamelib.rails.simulate.golden_game` (a planner against two random bots) and stores its
full action log, final scores and state digest in ``tests/rails/golden/rails_golden.json``.
Regenerate only when a rule change is meant to change the game, and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden" / "rails_golden.json"


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from gamelib.rails.simulate import golden_game

    record = golden_game()
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(record, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(record['actions'])} actions, scores {record['final_scores']})")


if __name__ == "__main__":
    main()
