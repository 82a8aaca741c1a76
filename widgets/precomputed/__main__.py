"""``python -m widgets.precomputed [--all]`` (``make precompute``): play the lab defaults whose
shipped result is missing or stale (``--all``: every one) and ship their results."""

import sys

from widgets.precomputed import regenerate

if __name__ == "__main__":
    regenerate(everything="--all" in sys.argv[1:])
