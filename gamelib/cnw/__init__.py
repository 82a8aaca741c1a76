"""CNW: The Game, time-critical logistics conquest on 42 airport gateways (rulebook
``cnw-the-game.it.txt``). The board lives in :mod:`gamelib.cnw.board`."""

NAME = "cnw"
