"""The Rails recap tells the truth (issue #26), checked against the game itself over many seeded
games: a scripted human (tests/widgets/test_next_step.py's seeded presses of what the table
offers) plays a few decisions against bots, and at every recap what happened is derived from the
gamelib states before the human's last decision and now, and from the log:

- every gain and loss of the human appears: cards into the hand and paid out (by kind and count),
  trains put on the board, route points, tickets kept, tickets newly connected, the routes the
  human could pay that a bot took;
- every bot move in the span appears, as the log writes it, oldest first, and no other;
- nothing that did not happen is said (no "scored" without points, no "now taken" without a
  loss, and so on), and the count of routes lit up is the number claimed.

Bounded: 120 games, a few decisions each, a time budget of a few seconds (the games are cut
short, never skipped below a floor)."""

from __future__ import annotations

import copy
import random
import time
from collections import deque

import gamelib.rails as rails
from gamelib.rails.cards import CARD_NAMES
from tests.widgets.test_next_step import decision_point, press_a_move
from widgets.kit.table import plain_text
from widgets.rails import words
from widgets.rails.table import RailsTable
from widgets.session import Session

GAMES = 120
DECISIONS = 6  # human decisions per game
BUDGET = 12.0  # seconds at most
FLOOR = 40  # games that must be checked whatever the machine's load


def bot_lines(table: RailsTable, start: int, end: int) -> list[str]:
    """The log's lines of the bots' moves in the span (the log view's own words)."""
    s = table.session
    out = []
    for i in range(start, end):
        who = rails.current_player(s.history[i])
        if who is not None and table.kinds[who] != "human":
            out.append(plain_text(table.log_line(s.history[i], s.log[i], s.history[i + 1])))
    return out


def completed(state, p) -> set[int]:
    return {tk["id"] for tk in rails.observation(state, p)["tickets"] if tk["completed"]}


def check_recap(table: RailsTable, where: str) -> int:
    """Compare the recap shown with what the states and log say; returns 1 if one was shown."""
    span = table._recap_span
    text = plain_text(table.recap.value)
    p = table.to_move()
    if span is None or not table.human_to_move():
        assert not text, f"{where}: a recap with no bots' moves to tell"
        return 0
    start, end = span
    s = table.session
    lines = bot_lines(table, start, end)
    if not lines:
        assert not text, f"{where}: a recap with no bots' moves"
        return 0
    before, after = s.history[min(table.mark, start)], s.history[end]
    # the bots' moves: all of them, oldest first, as the log says them, and no other
    at = 0
    for line in lines:
        found = text.find(line, at)
        assert found >= 0, f"{where}: the bots' move {line!r} is missing or out of order"
        at = found + len(line)
    body = table.recap.value.split("<ul", 1)[1].split("</ul>", 1)[0]
    said = sum(len(plain_text(li).split("; ")) for li in body.split("<li>")[1:])
    assert said == len(lines), f"{where}: {said} bot moves told, {len(lines)} played"
    log = plain_text(table.log_view.value)
    assert all(line in log for line in lines), f"{where}: a recap line the log does not hold"
    # the human's own gains and payments (a comparison of the two states)
    diff = [b - a for a, b in zip(before.hands[p], after.hands[p], strict=True)]
    mine = text.split("While you waited:", 1)[0]
    for k, d in enumerate(diff):
        if d:
            card_words = plain_text(words.cards(CARD_NAMES[k], abs(d)))
            assert card_words in mine, f"{where}: {d:+d} {CARD_NAMES[k]} not told ({mine!r})"
    assert ("came into your hand" in mine) == any(d > 0 for d in diff), where
    trains = before.trains[p] - after.trains[p]
    assert ("you paid" in mine) == (trains > 0 or any(d < 0 for d in diff)), where
    if trains:
        noun = "1 train" if trains == 1 else f"{trains} trains"
        assert f"put {noun} on the board" in mine, f"{where}: {trains} trains not told"
    points = after.route_points[p] - before.route_points[p]
    if points:
        noun = "1 route point" if points == 1 else f"{points} route points"
        assert f"scored {noun}" in mine, f"{where}: {points} points not told"
    else:
        assert "scored" not in text, f"{where}: points told that were not scored"
    kept = len(after.tickets[p]) - len(before.tickets[p])
    assert ("you kept" in mine) == (kept > 0), f"{where}: tickets kept {kept}"
    if kept:
        assert f"kept {kept} new" in mine, where
    done = completed(after, p) - completed(before, p)
    assert ("you connected" in mine) == bool(done), f"{where}: tickets connected {done}"
    for tid in done:
        tk = table.board.tickets[tid]
        assert f"{tk.a} – {tk.b}" in mine, where
    # the routes the bots took, and those of them the human could pay: the loss
    claims = [
        s.log[i].route
        for i in range(start, end)
        if isinstance(s.log[i], rails.ClaimRoute) and table.kinds[s.history[i].current] != "human"
    ]
    could = {a.route for a in rails.claim_actions(s.history[start], p)}
    lost = [r for r in claims if r in could]
    if claims:
        lit = "The route just claimed" if len(claims) == 1 else f"The {len(claims)} routes"
        assert lit in text, f"{where}: {len(claims)} claims, not lit as such"
    else:
        assert "just claimed" not in text, f"{where}: a claim lit that was not made"
    if lost:
        sentence = text.split("now taken:", 1)[1]
        for r in lost:
            route = table.board.routes[r]
            assert f"{route.a} – {route.b}" in sentence, f"{where}: lost route {r} not told"
        named = sentence.count("–")
        assert named == len(lost), f"{where}: {named} routes told lost, {len(lost)} lost"
    else:
        assert "now taken" not in text, f"{where}: a loss told that did not happen"
    return 1


def test_the_recap_tells_every_gain_and_loss_and_nothing_else() -> None:
    deadline = time.monotonic() + BUDGET
    table = RailsTable(seats=("human", "planner"), seed=1)
    recaps = games = 0
    for seed in range(1, GAMES + 1):
        if time.monotonic() > deadline and games >= FLOOR:
            break
        # two and three players, the other seats planner or random bots
        n = 2 + seed % 2
        table.players.value = n
        table.seat_pickers[0].value = "human"
        for i in range(1, n):
            table.seat_pickers[i].value = ("planner", "random")[(seed + i) % 2]
        table.seed.value = seed
        table.new_game()
        rng = random.Random(seed)
        for d in range(DECISIONS):
            where = f"seed {seed}, decision {d} (move {table.session.index})"
            if table.to_move() is None:
                break
            recaps += check_recap(table, where)
            assert press_a_move(table, decision_point(table, where), rng), where
        recaps += check_recap(table, f"seed {seed}, end")
        games += 1
    assert games >= FLOOR and recaps >= games, (games, recaps)


def test_a_claim_that_connects_a_ticket_is_told_with_its_points() -> None:
    """A ticket one route short of connected: the human claims that route; the recap (checked
    as above) tells the points, the cards and trains paid, and the ticket connected, by name."""
    table = RailsTable(seats=("human", "planner"), seed=4)
    table.keep()
    state = copy.deepcopy(table.state)
    board = table.board
    tid = state.tickets[0][0]
    tk = board.tickets[tid]
    # a path of routes between the ticket's cities (breadth first over the board)
    links: dict[str, list] = {}
    for r in board.routes:
        links.setdefault(r.a, []).append((r.b, r))
        links.setdefault(r.b, []).append((r.a, r))
    came: dict[str, tuple] = {tk.a: (None, None)}
    queue = deque([tk.a])
    while queue:
        city = queue.popleft()
        for nxt, r in links[city]:
            if nxt not in came and state.owner[r.id] == -1:
                came[nxt] = (city, r)
                queue.append(nxt)
    path, city = [], tk.b
    while came[city][0] is not None:
        city, r = came[city]
        path.append(r)
    *owned, last = path
    for r in owned:
        state.owner[r.id] = 0
    state.hands[0] = [0] * len(CARD_NAMES)
    state.hands[0][CARD_NAMES.index("locomotive")] = last.length
    table._start(Session.start(rails, state), ["human", "planner"])
    table.route.value = last.id
    assert table.claim()
    where = f"ticket {tk.a} – {tk.b} by route {last.id}"
    assert check_recap(table, where) == 1
    text = plain_text(table.recap.value)
    assert f"you connected the cities of the destination ticket {tk.a} – {tk.b}" in text
