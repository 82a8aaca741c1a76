"""``python -m widgets.precomputed`` (``make precompute``): play every lab's default presses
again and ship their results."""

from widgets.precomputed import regenerate

if __name__ == "__main__":
    regenerate()
