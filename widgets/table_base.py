"""What every game table shares: bot seats, stepping through the log, saves.

A game table (``widgets/<game>/table.py``) mixes :class:`TableBase` in before its ipywidgets box
and provides ``game`` (the gamelib package), ``texts`` (its catalog prefix, e.g.
``"rails.table"``, with the keys ``back``, ``forward``, ``bots_move``, ``finish``, ``load``,
``history``, ``finished``, ``bad_save`` and ``loaded``), ``css`` (its CSS class prefix), and, as
attributes built in its ``__init__``: ``session`` (a :class:`widgets.session.Session`), ``kinds``
(the seat kinds, ``"human"`` for a person), ``bots`` (seat -> bot), ``notice`` and
``refresh()``. :meth:`_history_panel` builds the log, its buttons, the progress bar and the
save/load controls. Nothing here knows a rule.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib.core import SaveFormatError
from widgets.common import card, progress_bar, run_with_progress
from widgets.i18n import t
from widgets.session import Session


class TableBase:
    game: Any
    texts: str
    css: str
    max_moves: int = 20_000  # a guard: every game ends long before this

    def _history_panel(self, log_height: str = "240px") -> w.VBox:
        """The log with back/forward, bots and finish buttons, progress bar, save and load."""
        self.log_view = w.HTML(layout=w.Layout(max_height=log_height, overflow="auto"))
        self.log_view.add_class(f"{self.css}-log")
        buttons = []
        for key, icon, callback in (
            ("back", "step-backward", self.back),
            ("forward", "step-forward", self.forward),
            ("bots_move", "android", self.run_bots),
            ("finish", "forward", self.finish),
        ):
            button = w.Button(
                description=t(f"{self.texts}.{key}"), icon=icon, layout=w.Layout(width="auto")
            )
            button.add_class(f"{self.css}-{key.replace('_', '-')}")
            button.on_click(lambda _b, cb=callback: cb())
            buttons.append(button)
        self.back_button, self.forward_button, self.bots_button, self.finish_button = buttons
        self.bar = progress_bar()
        self.save_link = w.HTML()
        self.save_link.add_class(f"{self.css}-save")
        self.upload = w.FileUpload(
            accept=".json", multiple=False, description=t(f"{self.texts}.load")
        )
        self.upload.add_class(f"{self.css}-load")
        self.upload.observe(self._on_upload, "value")
        return card(
            [w.HBox(buttons), self.bar, self.log_view, w.HBox([self.save_link, self.upload])],
            t(f"{self.texts}.history"),
        )

    @property
    def state(self) -> Any:
        return self.session.state

    def to_move(self) -> int | None:
        return self.game.current_player(self.state)

    def human_to_move(self) -> bool:
        p = self.to_move()
        return p is not None and self.kinds[p] == "human"

    # ------------------------------------------------------------------ bots
    def _play_bots(self, everyone: bool, progress: Any = None) -> int:
        """Bots decide for their seats (for every seat if ``everyone``) until a human must decide
        or the game ends; returns how many moves they made."""
        moves = 0
        while not self.game.is_over(self.state) and moves < self.max_moves:
            p = self.to_move()
            if not everyone and self.kinds[p] == "human":
                break
            self.session.apply(self.bots[p].choose(self.state))
            moves += 1
            if progress is not None:
                progress(moves)
        return moves

    def run_bots(self, refresh: bool = True) -> int:
        """Let the bot seats decide until a human must (or the game ends)."""
        moves = self._play_bots(everyone=False)
        if refresh:
            self.refresh()
        return moves

    def finish_estimate(self) -> int:
        """About how many moves are left, for the progress bar only."""
        return 500

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
        self.notice.info(t(f"{self.texts}.finished", moves=moves))
        self.refresh()
        return moves

    # ------------------------------------------------------------------ the log
    def _moved(self) -> None:
        """Hook: the state shown changed by a jump (back, forward, finish, load)."""

    def back(self) -> None:
        self.session.back()
        self._moved()
        self.refresh()

    def forward(self) -> None:
        self.session.forward()
        self._moved()
        self.refresh()

    # ------------------------------------------------------------------ saves
    def save_text(self) -> str:
        return self.session.save()

    def _seat_kinds_after_load(self, state: Any) -> list[str]:
        """Seat kinds for a loaded game: the current ones, the game's default for extra seats."""
        return list(self.kinds)

    def _loaded_message(self, state: Any) -> str:
        raise NotImplementedError  # each table says what it loaded

    def load_text(self, text: str | bytes) -> bool:
        """Load a save; a damaged file is explained and the current game is kept."""
        try:
            session = Session.load(self.game, text)
        except SaveFormatError as e:
            self.notice.error(t(f"{self.texts}.bad_save", reason=html.escape(str(e))))
            return False
        self._start(session, self._seat_kinds_after_load(session.state))
        self._moved()
        self.notice.info(self._loaded_message(session.state))
        return True

    def _on_upload(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = bytes(item["content"]) if isinstance(item, dict) else bytes(item.content)
        self.load_text(content)
