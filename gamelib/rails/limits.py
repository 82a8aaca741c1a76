"""The numbers of Rails' rules (``data/rules.json``, each naming its rulebook section) and the
board, read once under the names every phase module uses."""

from __future__ import annotations

from gamelib.rails.board import load, rules

BOARD = load()
ROUTES = BOARD.routes
_R = rules()
MIN_PLAYERS = int(_R["players"]["min"])
MAX_PLAYERS = int(_R["players"]["max"])
TRAINS = int(_R["trains_per_player"]["value"])
HAND = int(_R["starting_hand"]["value"])
SLOTS = int(_R["face_up_slots"]["value"])
SETUP_DEALT = int(_R["setup_tickets"]["dealt"])
SETUP_KEEP = int(_R["setup_tickets"]["keep_at_least"])
DRAW_DEALT = int(_R["drawn_tickets"]["dealt"])
DRAW_KEEP = int(_R["drawn_tickets"]["keep_at_least"])
WIPE = int(_R["face_up_locomotive_wipe"]["value"])
DOUBLE_MIN = int(_R["double_routes_both_open_from_players"]["value"])
LAST_ROUND = int(_R["last_round_trains"]["value"])
