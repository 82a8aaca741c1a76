"""The learner's identity as the browser keeps it (issue #24): no account and no personal data,
only a random key in the browser's own ``localStorage``.

A Voilà page's kernel may have run the notebook before the page connected (a preheated kernel),
so what the browser holds cannot be read at start: :class:`BrowserStore` renders nothing, reads
the stored values when its view first renders and sends them to the kernel as a state change;
:meth:`BrowserStore.on_loaded` is where a lesson learns them. Values Python sets afterwards are
written back. On the static site (no server) it also mirrors the learner's records, the export
of the kernel's in-memory store, in a second item.

The browser is not trusted: whatever it sends is checked here again (types, lengths), and a
value that fails is treated as absent, as the page's JavaScript treats an unreadable item.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

LEARNER_ITEM = "game-lessons.learner"  # JSON {"key": ..., "code": ..., "nickname": ...}
RECORDS_ITEM = "game-lessons.records"  # the records' JSON export (static site)
# localStorage holds about 5 million UTF-16 code units per site in every browser: the records
# keep to 2 million, counted the way the browser counts (a character beyond U+FFFF is two)
RECORDS_LIMIT = 2_000_000
FIELD_LIMIT = 256  # key, code and nickname, each
LEARNER_FIELDS = ("key", "code", "nickname")
# problem: what storage could not do, "" when nothing went wrong
CORRUPT = "corrupt"  # a stored value was unreadable when loaded: treated as absent
TOO_LARGE = "too_large"  # records over RECORDS_LIMIT: not written, the previous ones kept
UNAVAILABLE = "unavailable"  # storage refused (off, private mode, quota)
PROBLEMS = ("", CORRUPT, TOO_LARGE, UNAVAILABLE)

Callback = Callable[["BrowserStore"], Any]

# Runs in the page (Voilà, JupyterLab, Voici): no import, no request, nothing drawn.
_ESM_SOURCE = """
const LEARNER = __LEARNER__;
const RECORDS = __RECORDS__;
const RECORDS_LIMIT = __RECORDS_LIMIT__;
const FIELD_LIMIT = __FIELD_LIMIT__;
const FIELDS = ["key", "code", "nickname"];
let loading = false;  // the page's own load is not written back

// window.localStorage itself throws where storage is off (SecurityError)
const storage = () => window.localStorage;

function learnerFrom(raw) {
  let value;
  try { value = JSON.parse(raw); } catch (error) { return null; }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const learner = {};
  for (const field of FIELDS) {
    const text = value[field] === undefined ? "" : value[field];
    if (typeof text !== "string" || text.length > FIELD_LIMIT) return null;
    learner[field] = text;
  }
  return learner.key ? learner : null;
}

function recordsFrom(raw) {
  if (raw.length > RECORDS_LIMIT) return null;
  try { JSON.parse(raw); } catch (error) { return null; }
  return raw;
}

function report(model, problem) {
  model.set("problem", problem);
  model.save_changes();
}

function load(model) {
  const state = { key: "", code: "", nickname: "", records: "", problem: "" };
  try {
    const store = storage();
    const learner = store.getItem(LEARNER);
    if (learner !== null) {
      const found = learnerFrom(learner);
      if (found) Object.assign(state, found); else state.problem = "corrupt";
    }
    const records = store.getItem(RECORDS);
    if (records !== null) {
      const found = recordsFrom(records);
      if (found !== null) state.records = found; else state.problem = "corrupt";
    }
  } catch (error) {
    Object.assign(state, { key: "", code: "", nickname: "", records: "" });
    state.problem = "unavailable";
  }
  loading = true;
  try { model.set({ ...state, loaded: true }); } finally { loading = false; }
  model.save_changes();
}

function saveLearner(model) {
  if (loading || !model.get("loaded")) return;
  const learner = {};
  for (const field of FIELDS) learner[field] = model.get(field);
  try {
    const store = storage();
    if (!learner.key) {
      store.removeItem(LEARNER);
    } else {
      const text = JSON.stringify(learner);
      if (store.getItem(LEARNER) !== text) store.setItem(LEARNER, text);
    }
  } catch (error) {
    report(model, "unavailable");
  }
}

function saveRecords(model) {
  if (loading || !model.get("loaded")) return;
  const records = model.get("records");
  if (records.length > RECORDS_LIMIT) return report(model, "too_large");
  try {
    if (records === "") storage().removeItem(RECORDS);
    else storage().setItem(RECORDS, records);
  } catch (error) {
    report(model, "unavailable");
  }
}

export default {
  initialize({ model }) {
    // once a model, however many views: each change is written once
    for (const field of FIELDS) model.on("change:" + field, () => saveLearner(model));
    model.on("change:records", () => saveRecords(model));
    // another tab of the site wrote its records: the kernel merges them (two lessons open at
    // once must not overwrite each other's answers); the browser fires this in other tabs only
    if (typeof window.addEventListener !== "function") return;
    window.addEventListener("storage", (event) => {
      if (event.key !== RECORDS || event.newValue === null || !model.get("loaded")) return;
      const found = recordsFrom(event.newValue);
      if (found === null) return;
      model.set("incoming", found);
      model.save_changes();
    });
  },
  render({ model, el }) {
    el.hidden = true;
    el.setAttribute("aria-hidden", "true");
    // the first view loads; a later one (or a page whose kernel already has them) only reads
    if (!model.get("loaded")) load(model);
  },
};
"""


def _filled(source: str) -> str:
    """The page's script with this module's names and limits, so the two never disagree."""
    for name, value in {
        "__LEARNER__": json.dumps(LEARNER_ITEM),
        "__RECORDS__": json.dumps(RECORDS_ITEM),
        "__RECORDS_LIMIT__": str(RECORDS_LIMIT),
        "__FIELD_LIMIT__": str(FIELD_LIMIT),
    }.items():
        source = source.replace(name, value)
    return source


ESM = _filled(_ESM_SOURCE)


def utf16_units(text: str) -> int:
    """The length of ``text`` as JavaScript and localStorage count it."""
    return len(text.encode("utf-16-le")) // 2


def sound_field(value: object) -> bool:
    """Whether ``value`` may be a key, a code or a nickname (what the page's JS accepts too)."""
    return isinstance(value, str) and utf16_units(value) <= FIELD_LIMIT


class BrowserStore(anywidget.AnyWidget):
    """The learner's key, resume code and nickname, and (static site) records, as this browser
    stores them. Display it once in a page; it draws nothing.

    The browser's values arrive after the page connects: read them in :meth:`on_loaded`, and set
    them only after (:meth:`remember`, :meth:`forget`, or the traits), since the stored values
    replace whatever the kernel held at that moment. ``loaded`` stays False where the page runs
    no JavaScript; a caller that needs an answer waits for it as long as it sees fit.
    """

    _esm = ESM
    key = traitlets.Unicode("").tag(sync=True)
    code = traitlets.Unicode("").tag(sync=True)
    nickname = traitlets.Unicode("").tag(sync=True)
    records = traitlets.Unicode("").tag(sync=True)
    # records another tab of the site has just written (the static site merges them)
    incoming = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    problem = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(**kwargs)
        self.add_class("kit-browser-store")
        self._waiting: list[Callback] = []

    def on_loaded(self, callback: Callback) -> None:
        """Call ``callback(store)`` once, when the browser's values have arrived: now if they
        already have."""
        if self.loaded:
            callback(self)
        else:
            self._waiting.append(callback)

    def remember(self, key: str, code: str = "", nickname: str = "") -> None:
        """A learner (new, or resumed by a code) for this browser: stored in one message."""
        if not all(map(sound_field, (key, code, nickname))):
            raise traitlets.TraitError(f"a key, code or nickname over {FIELD_LIMIT} characters")
        with self.hold_sync():
            self.key, self.code, self.nickname = key, code, nickname

    def forget(self) -> None:
        """Forget me: the browser's learner item and records are removed."""
        with self.hold_sync():
            self.key = self.code = self.nickname = self.records = ""

    @traitlets.validate(*LEARNER_FIELDS)
    def _short(self, proposal: dict) -> str:
        if not sound_field(proposal["value"]):
            name = proposal["trait"].name
            raise traitlets.TraitError(f"{name} over {FIELD_LIMIT} characters")
        return proposal["value"]

    @traitlets.validate("records")
    def _fits(self, proposal: dict) -> str:
        """Records the browser could not hold are not sent: the previous ones stay, and
        ``problem`` says why (as the page would)."""
        if utf16_units(proposal["value"]) > RECORDS_LIMIT:
            self.problem = TOO_LARGE
            return self.records
        return proposal["value"]

    @traitlets.observe("loaded")
    def _arrived(self, change: dict) -> None:
        if change["new"]:
            waiting, self._waiting = self._waiting, []
            w.CallbackDispatcher(callbacks=waiting)(self)

    def set_state(self, sync_data: dict) -> None:
        """What the page sends, checked: an unsound learner or records count as corrupt, and
        once loaded a second load (another view, another page) changes nothing stored."""
        data = dict(sync_data)
        stored = (*LEARNER_FIELDS, "records", "problem")
        if self.loaded and data.get("loaded"):
            kept = {k: v for k, v in data.items() if k not in stored}
            super().set_state(kept)
            self.send_state([k for k in stored if k in data])  # that page back in step
            return
        corrected = []
        if data.get("problem", "") not in PROBLEMS:
            data["problem"] = CORRUPT  # a page that says something else is not ours
            corrected.append("problem")
        if any(f in data and not sound_field(data[f]) for f in LEARNER_FIELDS):
            data.update(key="", code="", nickname="", problem=CORRUPT)
            corrected = [*LEARNER_FIELDS, "problem"]
        if "records" in data and not (
            isinstance(data["records"], str) and utf16_units(data["records"]) <= RECORDS_LIMIT
        ):
            data.update(records="", problem=CORRUPT)
            corrected += ["records", "problem"]
        if "incoming" in data and not (
            isinstance(data["incoming"], str) and utf16_units(data["incoming"]) <= RECORDS_LIMIT
        ):
            data.pop("incoming")  # not what our page sends: nothing to merge
        super().set_state(data)
        if corrected:
            self.send_state(sorted(set(corrected)))
