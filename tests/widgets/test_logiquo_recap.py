"""The Logiquo recap tells the truth (issue #26), checked against the game itself over many
seeded games: bots and one scripted human seat that presses what the table offers. After each
human decision, "what happened" is derived here from the states before and after every move
since that decision (the human's hand, Data cards, the stats gamelib keeps), never from the
recap's own code, and compared with what the recap says:

- every card the human lost or got is named in the story and in the human's own line, and no
  card is named there that did not move (the C47 of the issue: a human's own neutralise); a
  card told played or discarded went to the discard pile;
- the Data cards the human lost are told, and their count before → after is the game's;
- as many threats are told neutralised and suffered as gamelib counted, and as the log lists.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from typing import Any

from gamelib import logiquo as game
from gamelib.logiquo.cards import label
from tests.widgets.test_next_step import decision_point, press_a_move
from widgets.kit.table import plain_text
from widgets.logiquo.table import LogiquoTable

GAMES = 60
BUDGET = 12.0  # seconds, on a busy 2-core machine; it takes about 4 alone
DECISIONS = 25
SEATINGS = (
    ("human", "cooperative", "cooperative"),
    ("human", "selfish", "random"),
    ("cooperative", "human", "random", "selfish"),
    ("human", "cooperative"),
    ("random", "cooperative", "selfish", "cooperative", "human"),
)
LABEL = re.compile(r"\b[CLP]\d\d?(?:#\d)?\b")  # control, Logiquo and Pentaqo cards


def labels(text: str) -> Counter[str]:
    return Counter(LABEL.findall(text))


def spans(markup: str, css: str) -> Counter[str]:
    found: Counter[str] = Counter()
    for inner in re.findall(rf"<span class='{css}'>(.*?)</span>", markup):
        found += labels(plain_text(inner))
    return found


def what_happened(table: LogiquoTable, first: int, end: int, q: int) -> dict[str, Any]:
    """Seat ``q``'s losses and gains over log entries first..end, from the states alone."""
    hist = table.session.history
    lost: Counter[str] = Counter()
    got: Counter[str] = Counter()
    for i in range(first, end):
        b, a = Counter(hist[i].hands[q]), Counter(hist[i + 1].hands[q])
        lost += Counter({label(c): n for c, n in (b - a).items()})
        got += Counter({label(c): n for c, n in (a - b).items()})
    s0, s1 = hist[first], hist[end]
    discarded = Counter(label(c) for c in s1.control_discard[len(s0.control_discard) :])
    moves = table.session.log[first:end]
    return {
        "lost": lost,
        "got": got,
        "data": (len(s0.data[q]), len(s1.data[q])),
        "hand": (len(s0.hands[q]), len(s1.hands[q])),
        "discarded": discarded,  # played or discarded by anyone: the public pile grew
        "out": s0.alive[q] and not s1.alive[q],
        "stopped": sum(s1.stats["neutralised"]) - sum(s0.stats["neutralised"]),
        "suffered": sum(s1.stats["suffered"]) - sum(s0.stats["suffered"]),
        "logged_stops": sum(isinstance(m, game.Neutralise) for m in moves),
        "logged_impacts": sum(isinstance(m, game.TakeImpact) for m in moves),
    }


def data_told(story: str, name: str) -> tuple[int, int]:
    """The Data cards the story says seat ``name`` lost and got."""
    lost = sum(int(n) for n in re.findall(rf"{re.escape(name)} lost (\d+) Data card", story))
    got = 0
    for giver, taker, gave, paid in re.findall(
        r"(\w[\w ]*?\d) and (\w[\w ]*?\d) traded: \S.*? gave (.*?), \S.*? paid (.*?)\.", story
    ):
        for payer, receiver, what in ((giver, taker, gave), (taker, giver, paid)):
            if what == "one Data card":
                lost += payer == name
                got += receiver == name
    return lost, got


def check_recap(table: LogiquoTable, first: int, where: str) -> bool:
    """The recap shown now against what happened to the human since log entry ``first``;
    returns whether a recap was shown."""
    end = table.session.index
    q = table.kinds.index("human")
    truth = what_happened(table, first, end, q)
    changed = truth["lost"] or truth["got"] or truth["data"][0] != truth["data"][1]
    shown = table.recap.layout.display != "none" and table.recap.value
    if not shown:
        assert not changed, f"{where}: {truth} happened and no recap says it"
        return False
    markup = table.recap.value
    mine, _, story_markup = markup.partition("<ol")  # the human's own line, then the story
    story, name = plain_text(story_markup), table.state.players[q]
    if changed:
        assert spans(mine, "logiquo-lost") == truth["lost"], (where, truth, plain_text(markup))
        assert spans(mine, "logiquo-got") == truth["got"], (where, truth, plain_text(markup))
        line = f"Data cards {truth['data'][0]} → {truth['data'][1]}"
        assert line in plain_text(mine), (where, truth, plain_text(mine))
        hand = f"control cards {truth['hand'][0]} → {truth['hand'][1]}"
        assert hand in plain_text(mine), (where, truth, plain_text(mine))
    told = labels(story)
    for card in truth["lost"] + truth["got"]:
        assert told[card] > 0, f"{where}: {card} moved and the story does not say so: {story}"
    lost, got = data_told(story, name)
    assert lost - got == truth["data"][0] - truth["data"][1], (where, truth, story)
    assert ("lost their last Data card" in story) >= truth["out"], (where, story)
    assert story.count(" neutralised T") == truth["stopped"] == truth["logged_stops"], story
    assert story.count("was not neutralised") == truth["suffered"] == truth["logged_impacts"]
    for sentence in re.findall(rf"{re.escape(name)} (?:neutralised|discarded) (.*?)\.", story):
        for card in labels(sentence.split(" with ")[-1]):
            assert truth["discarded"][card], f"{where}: {card} told spent, never was: {story}"
    return True


def test_the_recap_tells_every_loss_and_gain_of_the_human_and_nothing_else() -> None:
    deadline = time.monotonic() + BUDGET
    games = recaps = 0
    for seed in range(1, GAMES + 1):
        if time.monotonic() > deadline:
            break
        seats = SEATINGS[seed % len(SEATINGS)]
        table = LogiquoTable(seats=seats, seed=seed)
        rng = random.Random(seed)
        check_recap(table, 0, f"seed {seed}, opening")
        for decision in range(DECISIONS):
            if table.to_move() is None:
                break
            where = f"seed {seed} {seats}, decision {decision + 1}"
            offers = decision_point(table, where)
            first = table.session.index
            assert press_a_move(table, offers, rng), where
            recaps += check_recap(table, first, where)
        games += 1
    assert games >= 50, f"only {games} seeded games in {BUDGET} s"
    assert recaps >= 10 * games, (recaps, games)


def test_the_italian_recap_tells_the_same_cards_in_the_rulebook_words(italian: None) -> None:
    """The same walk in Italian, fewer games: the human's own line names the same cards as the
    states say, no placeholder is left, and the story speaks the rulebook's words."""
    said = ""
    for seed in range(1, 9):
        table = LogiquoTable(seats=SEATINGS[seed % len(SEATINGS)], seed=seed)
        rng = random.Random(seed)
        for decision in range(12):
            if table.to_move() is None:
                break
            where = f"seed {seed}, decision {decision + 1}"
            first = table.session.index
            assert press_a_move(table, decision_point(table, where), rng), where
            markup = table.recap.value
            if not markup or table.recap.layout.display == "none":
                continue
            truth = what_happened(table, first, table.session.index, table.kinds.index("human"))
            mine, _, _ = markup.partition("<ol")
            assert spans(mine, "logiquo-lost") == truth["lost"], (where, plain_text(markup))
            assert spans(mine, "logiquo-got") == truth["got"], (where, plain_text(markup))
            assert "{" not in markup and "Turn " not in markup, markup
            said += plain_text(markup)
    for words in ("Che cosa è successo", "Turno", "ha pescato la minaccia", "neutralizzat"):
        assert words in said, words
