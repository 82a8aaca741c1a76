"""What every game table shares, written once: seats and bots, the turn header, the action
buttons, the notice, the log with back/forward, play to the end, save and a guarded load.

A game table (``widgets/<game>/table.py``) subclasses :class:`TableBase` and says what is its own:
``game`` (the gamelib package), ``texts`` (its catalog prefix, e.g. ``"rails.table"``), ``css``
(its CSS class prefix), its seats (``seat_kinds``, ``default_seats``, ``default_seat``,
``make_bot``, the player range), and the hooks below: ``build()`` (its board and decision
controls, laid out between the seats and the log), ``draw(p, human)`` (draw them for the state
shown), ``turn_html(p)`` and ``over_html()`` (the turn header), ``seat_name`` and ``describe``
(words for the log and notices).

The catalog prefix holds the keys ``players``, ``seat``, ``seat_<kind>``, ``name_<kind>``,
``new_game``, ``setup``, ``started``, ``not_human``, ``illegal``, ``done``, ``back``, ``forward``,
``bots_move``, ``finish``, ``finished``, ``history``, ``save``, ``load``,
``bad_save`` and ``loaded``. Why a save was refused is said once for every game
(``common.save.<code>``). Guided prompts, a bots' recap, announcements, languages and layout
belong here too, so each is written once for the four games. Nothing here knows a rule.

Guided turns (issue #13), hooks with a default a game overrides:

- ``prompt_html(p)``: one sentence telling the human to move what to do now; shown in
  ``self.prompt`` (class ``<css>-prompt``) above the game's parts whenever a human must act,
  and announced in the page's polite live region.
- ``recap_html(start, end)``: what the bots did in the log entries ``start..end`` (after the
  human's last decision, ``self.mark``); shown in ``self.recap`` (class ``<css>-recap``) and
  announced.
- ``auto_answer(p)``: an action to play for a human seat asked during the bots' turns when the
  choice cannot matter or the player set a standing choice (``widgets.kit.standing``).
- ``offers()``: the controls the human can use now, each with what pressing it does
  (:class:`Offer`); the base offers the action buttons, a game adds its own controls.
  ``tests/widgets/test_next_step.py`` plays seeded games through them.
- ``announce(text)``: the polite live region (dice, refusals, recaps).
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as w

from gamelib.core import IllegalAction
from widgets.common import Notice, button, card, progress_bar, run_with_progress, seed_box, tagged
from widgets.i18n import t
from widgets.kit.memory import memory
from widgets.kit.refusals import refusal, save_problem
from widgets.kit.regions import ScrollRegions
from widgets.session import MAX_SAVE_BYTES, SaveRefused, Session

LOG_LINES = 300  # the newest moves the log shows; a long game would slow every redraw
RECAP_LINES = 6  # the moves a recap lists per bot before "... and N more"
# in the accessibility tree, not on screen (display:none would hide it from readers too); the
# layout's settings, not a Layout: a module-level widget is closed by a kernel that closes all
# widgets between pages (the notebook test's shared kernel), and the next table would use it
SCREEN_READER_ONLY = dict(
    width="1px", height="1px", overflow="hidden", margin="0", padding="0", border="0"
)


@dataclass(frozen=True)
class Offer:
    """A control the human can use now and what using it does (click, choose then press), so
    a scripted human (tests/widgets/test_next_step.py) plays exactly what the page offers."""

    control: w.Widget  # the control the human sees; it must be shown and enabled
    press: Callable[[], Any]  # does what the human does with it
    label: str = ""


def counted(key: str, n: int) -> str:
    """``key`` or its ``_one`` form: "1 move", never "1 moves"."""
    return f"{key}_one" if n == 1 else key


def plain_text(markup: str) -> str:
    """HTML as the words a screen reader says (tags out, entities decoded, spaces folded)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def size_text(n: int) -> str:
    """A byte count as people say it (``"2.0 MB"``, ``"512 KB"``)."""
    if n >= 1 << 20:
        return f"{n / (1 << 20):.1f} MB"
    return f"{max(1, round(n / 1024))} KB"


def refusal_text(refused: SaveRefused) -> str:
    """Why a save was refused, in the learner's language (HTML-safe)."""
    values = dict(refused.values)
    if refused.code == "too_big":
        values = {"size": size_text(values["size"]), "limit": size_text(values["limit"])}
    if refused.code == "invalid":  # gamelib's coded reason, worded (already HTML-safe)
        return t("common.save.invalid", reason=save_problem(values["game"], values["error"]))
    safe = {k: html.escape(str(v)) for k, v in values.items()}
    return t(f"common.save.{refused.code}", **safe)


def recap_head_key(table: Any, start: int, end: int) -> str:
    """The recap's head: "while you waited" when the turn went round to the human again, and
    "meanwhile" when the bots answered inside the human's own turn (issue #26: "Mentre
    aspettavi" stood over a defender's answer in the middle of the human's attack)."""
    history = table.session.history
    if start > 0 and end < len(history):
        before, after = history[start - 1], history[end]
        mover = table.game.current_player(before)
        same_turn = getattr(before, "turn", None) == getattr(after, "turn", None)
        if mover is not None and mover == table.game.current_player(after) and same_turn:
            return "common.table.recap_meanwhile"
    return "common.table.recap_head"


class TableBase(w.VBox):
    """A whole game for humans and bots; the subclass adds its board and decision controls."""

    game: Any
    texts: str
    css: str
    seat_kinds: ClassVar[tuple[str, ...]]
    default_seats: ClassVar[tuple[str, ...]]  # a new table's seats
    default_seat: str  # the bot for extra seats, and for human seats when bots finish the game
    min_players: int = 2
    max_players: int = 2
    seat_width: str = "260px"
    seat_style: ClassVar[dict[str, str]] = {}
    log_height: str = "240px"
    action_styles: ClassVar[dict[type, str]] = {}  # button colours by action class
    max_moves: int = 20_000  # a guard: every game ends long before this
    save_limit: int = MAX_SAVE_BYTES
    _new_turn = False  # the bots' recap spans a new turn: the human's "Done:" line is stale

    @staticmethod
    def make_bot(kind: str, seed: int) -> Any:
        raise NotImplementedError  # each game names its bots

    def __init__(self, seats: Sequence[str] | None = None, seed: int = 1, **kwargs: Any) -> None:
        """``seats``: a kind per seat (``"human"`` or a bot), ``default_seats`` if None."""
        seats = self.default_seats if seats is None else seats
        self.notice = Notice()
        self.status = tagged(w.HTML(), f"{self.css}-status")
        self.hand = tagged(w.HTML(), f"{self.css}-hand")  # only the human to move sees theirs
        self.actions = tagged(
            w.Box(layout=w.Layout(flex_flow="row wrap")), f"{self.css}-actions", "kit-actions"
        )
        self.mark = 0  # the log index before the human's last decision (what bots did since)
        # what the human must do now (a game may put self.prompt among its parts itself)
        self.prompt = tagged(w.HTML(), f"{self.css}-prompt", "kit-prompt")
        # what the bots did since the human's last decision
        self.recap = tagged(
            w.HTML(layout=w.Layout(max_height="12em", overflow="auto")),
            f"{self.css}-recap",
            "kit-recap",
        )
        self.live = tagged(
            w.HTML(layout=w.Layout(**SCREEN_READER_ONLY)), f"{self.css}-live", "kit-live"
        )
        self._recap_span: tuple[int, int] | None = None
        self._said = ""
        setup = self._setup_panel(seats, seed)
        history = self._history_panel()
        middle = self.build()
        # "continue your game": offered when the learner's record holds a game of this table
        self.resume_button = button(t("common.table.resume", n=0), f"{self.css}-resume", "play")
        self.resume_button.on_click(lambda _b: self.resume())
        self.resume_button.button_style = "success"
        self.resume_button.layout.width = "auto"  # a button, not a bar across the page
        self.resume_button.layout.display = "none"
        self._kept: str | None = None  # the record's game, until continued or replaced
        self._untouched = 0  # moves of a fresh game (the bots' opening); -1: the learner's game
        self._keeping = False  # nothing is kept before the learner's record has spoken
        self.new_game()
        # the recap and the log scroll: reachable by keyboard, named (issue #26)
        regions = ScrollRegions(
            {
                "kit-recap": t("common.table.recap_region"),
                "kit-log": t("common.table.log_region"),
            }
        )
        parts = [self.resume_button, setup, *middle, history, self.live, regions]
        super().__init__(parts, **kwargs)
        self.add_class(f"{self.css}-table")
        self.add_class("kit-table")
        memory().track(f"table:{self.css}", self._offer_resume)

    # ------------------------------------------------------------------ hooks of a game
    def build(self) -> list[w.Widget]:
        """The game's own board and decision controls, between the seats and the log."""
        raise NotImplementedError

    def draw(self, p: int | None, human: bool) -> None:
        """Draw the game's own widgets for the state shown (``p`` decides; ``human`` if a
        person does)."""
        raise NotImplementedError

    def turn_html(self, p: int) -> str:
        raise NotImplementedError

    def over_html(self) -> str:
        raise NotImplementedError

    def note_new_turn(self, start: int) -> None:
        """For a game's recap: whether a turn went by since log entry ``start`` (the human's
        last decision), which makes the notice of that decision stale."""
        self._new_turn = self.session.history[start].turn != self.state.turn

    def clear_stale_notice(self, human: bool) -> None:
        """For a game's draw: a turn went by since the human's last move, so its "Done: ..."
        line is stale (the recap tells what happened) and goes."""
        if human and self._new_turn:
            self.notice.clear()
        self._new_turn = False

    def prompt_html(self, p: int) -> str:
        """One sentence telling the human seat ``p`` what to do now (HTML-safe, from the
        catalog); "" shows no prompt. Each game writes its own."""
        return ""

    def recap_html(self, start: int, end: int) -> str:
        """What the bots did in log entries ``start..end`` (HTML-safe): each bot's moves in the
        order they were made, read as a story (issue #26; the log keeps the newest first), the
        latest :data:`RECAP_LINES` of them after a line counting the earlier ones. A game adds
        what the human lost and won."""
        s = self.session
        by_seat: dict[int, list[str]] = {}
        for i in range(start, end):
            who = self.game.current_player(s.history[i])
            if who is None or self.kinds[who] == "human":
                continue
            by_seat.setdefault(who, []).append(self.describe(s.log[i], s.history[i]))
        if not by_seat:
            return ""
        items = []
        for who, moves in by_seat.items():
            shown = moves[-RECAP_LINES:]
            more = len(moves) - len(shown)
            lines = "".join(f"<li>{m}</li>" for m in shown)
            if more:
                lines = f"<li>{t(counted('common.table.recap_earlier', more), n=more)}</li>" + lines
            name = html.escape(self.seat_name(s.history[start], who))
            seat = t(counted("common.table.recap_seat", len(moves)), name=name, n=len(moves))
            items.append(f"<li>{seat}<ul style='margin:0'>{lines}</ul></li>")
        total = sum(len(m) for m in by_seat.values())
        return (
            f"<div>{t(counted(recap_head_key(self, start, end), total), n=total)}</div>"
            f"<ul style='margin:0;padding-left:1.5em'>{''.join(items)}</ul>"
        )

    def auto_answer(self, p: int) -> Any | None:
        """An action to play for the human seat ``p`` without asking (a defender's re-roll that
        cannot change the outcome, or the player's standing choice), or None to ask."""
        return None

    def offers(self) -> list[Offer]:
        """The controls the human to move can use now: the base offers the action buttons;
        a game adds its own (map alternatives, drop-downs with a "go" button, ...)."""
        return [
            Offer(b, b.click, b.description)
            for b in self.actions.children
            if isinstance(b, w.Button) and not b.disabled
        ]

    def announce(self, text: str) -> None:
        """Say ``text`` (plain or HTML) in the page's polite live region; the same words said
        twice are said again (a zero-width space makes the value change)."""
        words = plain_text(text)
        if not words:
            return
        if words == self._said.rstrip("\u200b"):
            words = self._said + "\u200b"
        self._said = words
        self.live.value = html.escape(words)

    def seat_name(self, state: Any, p: int) -> str:
        """Plain text naming seat ``p`` (the log escapes it)."""
        return str(state.names[p])

    def seat_count(self, state: Any) -> int:
        return int(state.players)

    def seat_label(self, i: int) -> str:
        return t(f"{self.texts}.seat", n=i + 1)

    def refusal(self, error: IllegalAction) -> str:
        """A refused move in words (``<game>.illegal.<code>``), values through
        :meth:`refusal_value`."""
        return refusal(self.game.NAME, error, self.refusal_value)

    def refusal_value(self, name: str, value: Any) -> Any:
        """A refusal's value as the learner reads it (a game turns ids into names)."""
        return value

    def describe(self, action: Any, state: Any) -> str:
        """An action in words for the notice and the log (HTML-safe)."""
        return html.escape(str(action))

    def action_label(self, action: Any) -> str:
        """The text on an action's button (plain text: buttons do not read HTML)."""
        return str(action)

    def button_actions(self) -> list[Any]:
        """The decisions offered as buttons to the human to move."""
        return self.game.legal_actions(self.state)

    def log_line(self, before: Any, action: Any, after: Any) -> str:
        """One line of the log (HTML-safe): who did what."""
        who = self.game.current_player(before)
        return f"{html.escape(self.seat_name(before, who))}: {self.describe(action, before)}"

    def new_state(self, kinds: list[str], seed: int) -> Any:
        names = [t(f"{self.texts}.name_{k}", n=i + 1) for i, k in enumerate(kinds)]
        return self.game.new_game(names, seed=seed)

    def finish_estimate(self) -> int:
        """About how many moves are left, for the progress bar only."""
        return 500

    def _moved(self) -> None:
        """Hook: the state shown changed by a jump (back, forward, finish, load)."""

    def _loaded_message(self, state: Any) -> str:
        return t(f"{self.texts}.loaded", n=self.seat_count(state))

    # ------------------------------------------------------------------ panels
    def _button(self, key: str, icon: str, callback: Callable[[], Any], **kw: Any) -> w.Button:
        """A button labelled ``<texts>.<key>`` with the class ``<css>-<key>``."""
        css_class = f"{self.css}-{key.replace('_', '-')}"
        new = button(t(f"{self.texts}.{key}"), css_class, icon, **kw)
        new.on_click(lambda _b: callback())
        return new

    def _setup_panel(self, seats: Sequence[str], seed: int) -> w.VBox:
        """Seat pickers (human or a bot), the number of players, the seed, "new game"."""
        self.seat_pickers = []
        for i in range(self.max_players):
            picker = w.Dropdown(
                options=[(t(f"{self.texts}.seat_{k}"), k) for k in self.seat_kinds],
                value=seats[i] if i < len(seats) else self.default_seat,
                description=self.seat_label(i),
                style=self.seat_style,
                layout=w.Layout(width=self.seat_width, max_width="100%"),
            )
            self.seat_pickers.append(tagged(picker, f"{self.css}-seat-{i}"))
        self.seed = seed_box(seed)
        self.new_button = self._button("new_game", "refresh", self.new_game)
        wrap = w.Layout(flex_flow="row wrap")
        self.players: w.IntSlider | None = None
        if self.min_players == self.max_players:  # fixed seats: one row
            rows = [w.HBox([*self.seat_pickers, self.seed, self.new_button], layout=wrap)]
        else:
            self.players = w.IntSlider(
                value=len(seats),
                min=self.min_players,
                max=self.max_players,
                description=t(f"{self.texts}.players"),
                layout=w.Layout(width="100%", max_width="360px"),
            )
            self.players.observe(lambda _: self._show_pickers(), "value")
            rows = [
                w.HBox([self.players, self.seed, self.new_button], layout=wrap),
                w.HBox(self.seat_pickers, layout=wrap),
            ]
        return card(rows, t(f"{self.texts}.setup"))

    def _turn_panel(self, parts: list[w.Widget], title_key: str) -> w.VBox:
        """The turn header, the bots' recap, the prompt (unless a game placed it among its
        parts), then the game's parts (which place ``self.notice``)."""
        guide = [self.recap] + ([] if any(p is self.prompt for p in parts) else [self.prompt])
        return card([self.status, *guide, *parts], t(f"{self.texts}.{title_key}"))

    def _history_panel(self) -> w.VBox:
        """The log with back/forward, bots and finish buttons, progress bar, save and load."""
        self.log_view = tagged(
            w.HTML(layout=w.Layout(max_height=self.log_height, overflow="auto")),
            f"{self.css}-log",
            "kit-log",
        )
        self.back_button = self._button("back", "step-backward", self.back)
        self.forward_button = self._button("forward", "step-forward", self.forward)
        self.bots_button = self._button("bots_move", "android", self.run_bots)
        self.finish_button = self._button("finish", "forward", self.finish)
        buttons = [self.back_button, self.forward_button, self.bots_button, self.finish_button]
        self.bar = progress_bar()
        self.save_link = tagged(w.HTML(), f"{self.css}-save")
        self.upload = tagged(
            w.FileUpload(
                accept=".json",
                multiple=False,
                description=t(f"{self.texts}.load"),
                layout=w.Layout(width="auto"),  # ipywidgets' fixed width cut "Carica una partit…"
            ),
            f"{self.css}-load",
        )
        self.upload.observe(self._on_upload, "value")
        wrap = w.Layout(flex_flow="row wrap")
        return card(
            [
                w.HBox(buttons, layout=wrap),
                self.bar,
                self.log_view,
                w.HBox([self.save_link, self.upload], layout=wrap),
            ],
            t(f"{self.texts}.history"),
        )

    # ------------------------------------------------------------------ seats and games
    @property
    def state(self) -> Any:
        return self.session.state

    def to_move(self) -> int | None:
        return self.game.current_player(self.state)

    def human_to_move(self) -> bool:
        p = self.to_move()
        return p is not None and self.kinds[p] == "human"

    def _seats_chosen(self) -> int:
        return self.players.value if self.players is not None else self.max_players

    def _show_pickers(self) -> None:
        n = self._seats_chosen()
        for i, picker in enumerate(self.seat_pickers):
            picker.layout.display = "" if i < n else "none"

    def new_game(self) -> None:
        n = self._seats_chosen()
        kinds = [p.value for p in self.seat_pickers[:n]]
        state = self.new_state(kinds, self.seed.value)
        self._untouched = 0
        self._start(Session.start(self.game, state), kinds)
        self.notice.info(t(f"{self.texts}.started", n=n, seed=self.seed.value))
        self.run_bots()
        # the bots' opening moves do not make it the learner's game: it replaces no kept one
        self._untouched = len(self.session.log)

    def _start(self, session: Session, kinds: list[str]) -> None:
        self.session = session
        self.kinds = kinds
        self.mark = 0
        self._recap_span = None
        stand_in = self.default_seat
        self.bots = {
            p: self.make_bot(stand_in if kind == "human" else kind, self.seed.value * 10 + p)
            for p, kind in enumerate(kinds)
        }
        self._moved()
        self._show_pickers()
        self.refresh()

    def act(self, action: Any, auto: bool = True) -> bool:
        """Apply a move of the human to move; a refused move is explained and changes nothing.
        ``auto=False``: any seat's move, and the bots do not answer (for lessons and tests)."""
        if auto and not self.human_to_move():
            self.notice.error(t(f"{self.texts}.not_human"))
            return False
        before = self.state
        self.mark = self.session.index
        self._recap_span = None
        try:
            self.session.apply(action)
        except IllegalAction as e:
            said = t(f"{self.texts}.illegal", rule=e.rule, reason=self.refusal(e))
            self.notice.error(said)
            self.announce(said)
            return False
        self.notice.info(t(f"{self.texts}.done", action=self.describe(action, before)))
        self._moved()
        if auto:
            self.run_bots(refresh=False)
        self.refresh()
        return True

    # ------------------------------------------------------------------ bots
    def _play_bots(self, everyone: bool, progress: Any = None) -> int:
        """Bots decide for their seats (for every seat if ``everyone``) until a human must decide
        or the game ends; returns how many moves they made."""
        moves = 0
        while not self.game.is_over(self.state) and moves < self.max_moves:
            p = self.to_move()
            if not everyone and self.kinds[p] == "human":
                answer = self.auto_answer(p)
                if answer is None:
                    break
                self.session.apply(answer)
            else:
                self.session.apply(self.bots[p].choose(self.state))
            moves += 1
            if progress is not None:
                progress(moves)
        return moves

    def run_bots(self, refresh: bool = True) -> int:
        """Let the bot seats decide until a human must (or the game ends); their moves are
        recapped."""
        start = self.session.index
        moves = self._play_bots(everyone=False)
        self._recap_span = (start, self.session.index) if moves else None
        if refresh:
            self.refresh()
        return moves

    def finish(self) -> int:
        """Every seat, humans included, played by a bot to the end, with a progress bar."""
        estimate = max(1, self.finish_estimate())

        def work(progress: Any) -> int:
            return self._play_bots(everyone=True, progress=lambda m: progress(min(m, estimate)))

        self.finish_button.disabled = True
        try:
            moves = run_with_progress(self.bar, estimate, work)
        finally:
            self.finish_button.disabled = False
        self._moved()
        self._recap_span = None
        self.notice.info(t(counted(f"{self.texts}.finished", moves), moves=moves))  # "1 move"
        self.refresh()
        return moves

    # ------------------------------------------------------------------ the log
    def back(self) -> None:
        self.session.back()
        self._recap_span = None
        self._moved()
        self.refresh()

    def forward(self) -> None:
        self.session.forward()
        self._recap_span = None
        self._moved()
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Draw the state shown: header, the game's widgets, buttons, log, history controls."""
        p = self.to_move()
        human = p is not None and self.kinds[p] == "human"
        self.status.value = self.over_html() if p is None else self.turn_html(p)
        prompt = self.prompt_html(p) if human else ""
        self.prompt.value = prompt  # before draw: a game may still write its own there
        span = self._recap_span
        recap = self.recap_html(*span) if span is not None else ""
        self.recap.value = recap
        self.recap.layout.display = "" if recap else "none"
        self.draw(p, human)
        self._draw_actions(self.button_actions() if human else [])
        self._draw_log()
        self.back_button.disabled = not self.session.can_back()
        self.forward_button.disabled = not self.session.can_forward()
        self.bots_button.disabled = human or p is None
        self.finish_button.disabled = p is None
        said = " ".join(plain_text(x) for x in (recap, prompt) if x)
        if said:
            self.announce(said)
        encoded = base64.b64encode(self.save_text().encode()).decode()
        self.save_link.value = (
            f"<a class='{self.css}-save-link' download='{self.css}-save.json' "
            f"href='data:application/json;base64,{encoded}'>⬇ {t(f'{self.texts}.save')}</a>"
        )
        self._keep()

    # ------------------------------------------------------------------ the learner's record
    def _keep(self) -> None:
        """The game so far into the learner's record, after every change: a reload, a closed
        lid or a restarted server offers to continue at this move. A game not yet begun (no
        move) replaces nothing, so the offer survives a look at a fresh table."""
        if self._keeping and self.session.log and len(self.session.log) != self._untouched:
            self._untouched = -1
            self._kept = None
            self.resume_button.layout.display = "none"
            memory().save_game(self.css, self.session.history_save(self.kinds))

    def _offer_resume(self, _events: Any) -> None:
        """The record has spoken: offer its game of this table, if it holds one."""
        self._keeping = True
        text = memory().saved_game(self.css)
        if not text or len(self.session.log) != self._untouched:
            return
        try:
            moves = json.loads(text).get("index", 0)
        except (ValueError, AttributeError):
            return
        self._kept = text
        self.resume_button.description = t("common.table.resume", n=moves)
        self.resume_button.tooltip = self.resume_button.description
        self.resume_button.layout.display = ""

    def resume(self) -> bool:
        """Continue the game the record keeps, at the move it was left, history included; a
        game the rules no longer accept is refused with its reason and nothing changes."""
        if self._kept is None:
            return False
        try:
            session, seats = Session.from_history(self.game, self._kept)
        except SaveRefused as refused:
            self.notice.error(t(f"{self.texts}.bad_save", reason=refusal_text(refused)))
            return False
        kinds = self._seat_kinds_after_load(session.state)
        for i, kind in enumerate(seats[: len(kinds)]):
            if kind in self.seat_kinds:
                kinds[i] = kind
                self.seat_pickers[i].value = kind
        self._untouched = -1
        self._start(session, kinds)
        self.notice.info(t("common.table.resumed", n=session.index, total=len(session.log)))
        return True

    def _draw_actions(self, actions: list[Any]) -> None:
        """One button per decision, coloured by its kind; a click plays it. The old buttons are
        closed, and a click that was already on its way from one of them is ignored: a double
        click must not play the same decision again in the next state."""
        self._drawn = getattr(self, "_drawn", 0) + 1
        drawn = self._drawn
        for old in self.actions.children:
            old.close()
        buttons = []
        for action in actions:
            label = self.action_label(action)
            button = w.Button(
                description=label,
                tooltip=label,
                button_style=self.action_styles.get(type(action), ""),
                layout=w.Layout(width="auto", max_width="100%", margin="2px"),
            )
            button.add_class(f"{self.css}-action")
            button.add_class(f"{self.css}-action-{type(action).__name__.lower()}")
            button.action = action
            button.on_click(lambda _b, a=action, d=drawn: self._press(a, d))
            buttons.append(button)
        self.actions.children = buttons

    def _press(self, action: Any, drawn: int) -> None:
        """A click on an action button, played only if the button belongs to the state shown."""
        if drawn == self._drawn:
            self.act(action)

    def _draw_log(self) -> None:
        """The newest move first (the box scrolls), numbered from the start; undone moves grey."""
        s = self.session
        lines = []
        first = max(0, len(s.log) - LOG_LINES)
        for i in range(first, len(s.log)):
            text = self.log_line(s.history[i], s.log[i], s.history[i + 1])
            style = " style='color:#aaa'" if i >= s.index else ""
            lines.append(f"<li{style}>{text}</li>")
        self.log_view.value = (
            f"<div>{t('common.table.log_head', n=s.index, total=len(s.log))}</div>"
            f"<ol reversed start='{len(s.log)}' style='margin:0;padding-left:2.5em'>"
            f"{''.join(reversed(lines))}</ol>"
        )

    # ------------------------------------------------------------------ saves
    def save_text(self) -> str:
        return self.session.save()

    def _seat_kinds_after_load(self, state: Any) -> list[str]:
        """Seat kinds for a loaded game: the current ones, the default seat for extra seats."""
        n = self.seat_count(state)
        if self.players is not None:
            self.players.value = n
        return [self.kinds[i] if i < len(self.kinds) else self.default_seat for i in range(n)]

    def load_text(self, data: str | bytes | memoryview) -> bool:
        """Load a save; a refused file is explained and nothing changes (state, log, history)."""
        try:
            session = Session.load(self.game, data, self.save_limit)
        except SaveRefused as refused:
            self.notice.error(t(f"{self.texts}.bad_save", reason=refusal_text(refused)))
            return False
        self._untouched = -1
        self._start(session, self._seat_kinds_after_load(session.state))
        self.notice.info(self._loaded_message(session.state))
        return True

    def _on_upload(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        self.load_text(content)  # a memoryview: its size is checked before it is copied
        self.upload.value = ()  # the same file may be chosen again after a fix
