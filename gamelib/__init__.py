"""Rules, data, exact probabilities, bots and simulation for the four games.

Pure Python: nothing here imports ipywidgets, plotly, IPython or traitlets (tests enforce it).
"""

from gamelib.core import IllegalAction, SaveFormatError

__all__ = ["IllegalAction", "SaveFormatError"]
