"""The learner's identity as the browser keeps it (issue #24), on the kernel's side and, in Node,
the page's script itself with a stand-in localStorage and model (no browser: that is
tests/browser/test_browser_store.py).

A page's message is what ipywidgets hands the widget (``set_state``, as ``_handle_msg`` does for
an ``update``); what the widget sends is read off its comm."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest
import traitlets

from widgets.kit import browser_store as bs
from widgets.kit.browser_store import BrowserStore

STORED = {"key": "k-1", "code": "ABCD-2345", "nickname": "Volpe"}


class Sent(list):
    """Every message the widget sends its page, as data."""

    def states(self) -> list[dict]:
        return [m["state"] for m in self if m.get("method") == "update"]


def watched() -> tuple[BrowserStore, Sent]:
    store = BrowserStore()
    sent = Sent()
    store.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
    return store, sent


def page_loads(store: BrowserStore, **values: Any) -> None:
    """What the page's first view sends: the stored values and ``loaded``."""
    state = {"key": "", "code": "", "nickname": "", "records": "", "problem": "", **values}
    store.set_state({**state, "loaded": True})


def test_the_synced_traits_and_their_defaults():
    store = BrowserStore()
    for name in ("key", "code", "nickname", "records", "problem"):
        assert getattr(store, name) == "" and store.trait_metadata(name, "sync"), name
    assert store.loaded is False and store.trait_metadata("loaded", "sync")


def test_it_takes_no_room_and_its_script_asks_nothing_of_the_network():
    store = BrowserStore()
    assert store.layout.display == "none" and "kit-browser-store" in store._dom_classes
    esm = store._esm
    assert json.dumps(bs.LEARNER_ITEM) in esm and json.dumps(bs.RECORDS_ITEM) in esm
    assert f"RECORDS_LIMIT = {bs.RECORDS_LIMIT};" in esm and "__" not in esm
    for outward in ("http", "import ", "import(", "fetch(", "XMLHttpRequest", "tabindex"):
        assert outward not in esm, outward
    assert 'setAttribute("aria-hidden", "true")' in esm


def test_on_loaded_waits_for_the_page_then_calls_once_with_the_values_in():
    store, _ = watched()
    seen = []
    store.on_loaded(lambda s: seen.append((s.key, s.code, s.nickname, s.loaded)))
    assert seen == []
    page_loads(store, **STORED)
    assert seen == [("k-1", "ABCD-2345", "Volpe", True)]
    store.set_state({"key": "k-1"})  # any later message calls nothing again
    assert len(seen) == 1


def test_a_late_callback_is_called_at_once_and_each_callback_once():
    store, _ = watched()
    early = []
    store.on_loaded(early.append)
    page_loads(store, **STORED)
    late = []
    store.on_loaded(late.append)
    assert early == [store] and late == [store]
    store.loaded = False
    store.loaded = True  # the waiting list was emptied: nobody is called twice
    assert early == [store] and late == [store]


def test_a_failing_callback_does_not_keep_the_others_from_the_values():
    store, _ = watched()
    called = []

    def broken(_: BrowserStore) -> None:
        raise RuntimeError("a lesson's bug")

    store.on_loaded(broken)
    store.on_loaded(called.append)
    page_loads(store, **STORED)
    assert called == [store]


def test_a_second_view_only_reads_what_the_first_loaded():
    """Two views (the store displayed twice, a second tab in JupyterLab): only the first load
    counts, even when the other's values differ (Python changed the key in between)."""
    store, sent = watched()
    calls = []
    store.on_loaded(calls.append)
    page_loads(store, **STORED)
    store.remember("k-2", "WXYZ-6789", "Lince")
    sent.clear()
    page_loads(store, **STORED)  # the second view read the old item before the write landed
    assert (store.key, store.code, store.nickname) == ("k-2", "WXYZ-6789", "Lince")
    assert len(calls) == 1
    assert sent.states()[-1]["key"] == "k-2", "that page is put back in step"


def test_remember_and_forget_are_one_message_each():
    store, sent = watched()
    page_loads(store)
    sent.clear()
    store.remember("k-9", "CODE-0001", "Gufo")
    assert sent.states() == [{"key": "k-9", "code": "CODE-0001", "nickname": "Gufo"}]
    store.records = '{"records": []}'
    sent.clear()
    store.forget()
    assert sent.states() == [{"key": "", "code": "", "nickname": "", "records": ""}]


def test_a_field_over_the_limit_is_refused_before_anything_changes():
    store, sent = watched()
    page_loads(store, **STORED)
    sent.clear()
    with pytest.raises(traitlets.TraitError):
        store.remember("k-2", nickname="x" * (bs.FIELD_LIMIT + 1))
    with pytest.raises(traitlets.TraitError):
        store.nickname = "🦊" * (bs.FIELD_LIMIT // 2 + 1)  # two UTF-16 units each
    assert (store.key, store.nickname) == ("k-1", "Volpe") and sent.states() == []


def test_records_too_large_for_the_browser_are_not_sent_and_problem_says_so():
    store, sent = watched()
    page_loads(store)
    store.records = '"' + "x" * (bs.RECORDS_LIMIT - 2) + '"'  # exactly the limit: kept
    assert len(store.records) == bs.RECORDS_LIMIT and store.problem == ""
    fits = store.records
    sent.clear()
    store.records = '"' + "😀" * (bs.RECORDS_LIMIT // 2) + '"'  # fewer characters, more units
    assert store.records == fits and store.problem == bs.TOO_LARGE
    assert sent.states() == [{"problem": bs.TOO_LARGE}]


def test_the_utf16_count_is_the_browsers():
    assert bs.utf16_units("abc") == 3 and bs.utf16_units("è") == 1 and bs.utf16_units("😀") == 2


@pytest.mark.parametrize(
    "sent_by_page",
    [
        {"key": 42},
        {"key": "k", "nickname": "n" * (bs.FIELD_LIMIT + 1)},
        {"key": "k", "code": None},
        {"key": ["k"]},
    ],
)
def test_an_unsound_learner_from_the_page_counts_as_absent(sent_by_page):
    store, sent = watched()
    calls = []
    store.on_loaded(calls.append)
    page_loads(store, **sent_by_page)
    assert (store.key, store.code, store.nickname) == ("", "", "")
    assert store.problem == bs.CORRUPT and calls == [store]
    assert sent.states()[-1]["key"] == "" and sent.states()[-1]["problem"] == bs.CORRUPT


@pytest.mark.parametrize("records", [7, "x" * (bs.RECORDS_LIMIT + 1)])
def test_unsound_records_from_the_page_count_as_absent(records):
    store, _ = watched()
    page_loads(store, **STORED, records=records)
    assert store.records == "" and store.problem == bs.CORRUPT
    assert store.key == "k-1", "the learner item is another item"


def test_a_problem_the_page_cannot_have_said_is_corrupt():
    store, _ = watched()
    page_loads(store, problem="<b>hello</b>")
    assert store.problem == bs.CORRUPT


def test_what_the_page_said_is_kept_as_it_said_it():
    store, _ = watched()
    page_loads(store, **STORED, records='{"a": 1}', problem=bs.UNAVAILABLE)
    assert (store.key, store.records, store.problem) == ("k-1", '{"a": 1}', bs.UNAVAILABLE)


# ------------------------------------------------------------------ the page's script, in Node
DRIVER = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const scenario = JSON.parse(readFileSync(process.argv[3], "utf-8"));
const items = new Map(Object.entries(scenario.stored || {}));
const storage = {
  getItem: (k) => (items.has(k) ? items.get(k) : null),
  setItem: (k, v) => {
    if (scenario.quota !== undefined && v.length > scenario.quota) {
      throw new DOMException("full", "QuotaExceededError");
    }
    items.set(k, String(v));
  },
  removeItem: (k) => items.delete(k),
};
const listeners = {};
globalThis.window = { addEventListener: (name, h) => (listeners[name] ||= []).push(h) };
Object.defineProperty(globalThis.window, "localStorage", {
  get() {
    if (scenario.off) throw new DOMException("denied", "SecurityError");
    return storage;
  },
});
class Model {  // Backbone's order: every attribute set, then each one's change event
  constructor(state) { this.state = { ...state }; this.handlers = {}; this.saves = 0; }
  get(k) { return this.state[k]; }
  set(k, v) {
    const changes = typeof k === "object" ? k : { [k]: v };
    const changed = Object.keys(changes).filter((a) => this.state[a] !== changes[a]);
    Object.assign(this.state, changes);
    for (const a of changed) for (const h of this.handlers["change:" + a] || []) h();
  }
  on(name, h) { (this.handlers[name] ||= []).push(h); }
  save_changes() { this.saves += 1; }
}
const widget = (await import(pathToFileURL(process.argv[2]).href)).default;
const model = new Model(scenario.state);
widget.initialize({ model });
const el = { hidden: false, attributes: {}, setAttribute(n, v) { this.attributes[n] = v; } };
for (let i = 0; i < (scenario.views || 1); i++) widget.render({ model, el });
for (const event of scenario.storage_events || []) {  // what another tab's write fires here
  for (const h of listeners.storage || []) h(event);
}
const after = model.saves;
for (const change of scenario.then || []) model.set(change);
console.log(JSON.stringify({
  state: model.state, saves: after, el, items: Object.fromEntries(items),
}));
"""

NODE = shutil.which("node")
START = {"key": "", "code": "", "nickname": "", "records": "", "loaded": False, "problem": ""}
START = {**START, "incoming": ""}


def in_node(tmp_path, **scenario: Any) -> dict:
    script = tmp_path / "store.mjs"
    script.write_text(bs.ESM, encoding="utf-8")
    driver = tmp_path / "driver.mjs"
    driver.write_text(DRIVER, encoding="utf-8")
    scenario.setdefault("state", START)
    told = tmp_path / "scenario.json"
    told.write_text(json.dumps(scenario), encoding="utf-8")
    out = subprocess.run(
        [NODE, str(driver), str(script), str(told)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


needs_node = pytest.mark.skipif(NODE is None, reason="no node on this machine")
LEARNER = bs.LEARNER_ITEM
RECORDS = bs.RECORDS_ITEM


@needs_node
def test_in_node_a_first_visit_sends_empty_values_and_loaded(tmp_path):
    got = in_node(tmp_path)
    assert got["state"] == {**START, "loaded": True} and got["saves"] == 1
    assert got["el"]["hidden"] is True and got["el"]["attributes"] == {"aria-hidden": "true"}
    assert got["items"] == {}


@needs_node
def test_in_node_the_stored_learner_and_records_arrive(tmp_path):
    stored = {LEARNER: json.dumps(STORED), RECORDS: '{"r": [1, 2]}'}
    got = in_node(tmp_path, stored=stored)
    assert {k: got["state"][k] for k in STORED} == STORED
    assert got["state"]["records"] == '{"r": [1, 2]}' and got["state"]["problem"] == ""
    assert got["items"] == stored, "loading writes nothing back"


@needs_node
@pytest.mark.parametrize(
    "garbage",
    ["{not json", "null", "[1, 2]", '"k-1"', '{"key": ""}', '{"key": 5}', '{"code": "X"}',
     json.dumps({"key": "k", "nickname": "n" * (bs.FIELD_LIMIT + 1)})],
)  # fmt: skip
def test_in_node_a_corrupt_learner_is_absent_and_reported(tmp_path, garbage):
    got = in_node(tmp_path, stored={LEARNER: garbage})
    assert (got["state"]["key"], got["state"]["problem"], got["state"]["loaded"]) == (
        "",
        bs.CORRUPT,
        True,
    )
    assert got["items"] == {LEARNER: garbage}, "left as it was until Python writes a learner"


@needs_node
def test_in_node_corrupt_records_are_absent_and_the_learner_still_arrives(tmp_path):
    got = in_node(tmp_path, stored={LEARNER: json.dumps(STORED), RECORDS: "{oops"})
    assert got["state"]["key"] == "k-1" and got["state"]["records"] == ""
    assert got["state"]["problem"] == bs.CORRUPT


@needs_node
def test_in_node_storage_switched_off_is_unavailable_but_loaded(tmp_path):
    got = in_node(tmp_path, off=True, then=[{"key": "k-new"}])
    assert got["state"]["loaded"] is True and got["state"]["problem"] == bs.UNAVAILABLE


@needs_node
def test_in_node_python_writes_a_learner_and_forgets_it(tmp_path):
    new = {"key": "k-2", "code": "C-2", "nickname": "Orso"}
    got = in_node(tmp_path, then=[new])
    assert json.loads(got["items"][LEARNER]) == new
    got = in_node(tmp_path, stored={LEARNER: json.dumps(STORED), RECORDS: "[]"},
                  then=[{"key": "", "code": "", "nickname": "", "records": ""}])  # fmt: skip
    assert got["items"] == {}


@needs_node
def test_in_node_records_are_mirrored_with_a_size_guard(tmp_path):
    got = in_node(tmp_path, then=[{"records": '{"r": 1}'}])
    assert got["items"] == {RECORDS: '{"r": 1}'} and got["state"]["problem"] == ""
    big = "x" * (bs.RECORDS_LIMIT + 1)
    got = in_node(tmp_path, stored={RECORDS: "[]"}, then=[{"records": big}])
    assert got["items"] == {RECORDS: "[]"} and got["state"]["problem"] == bs.TOO_LARGE


@needs_node
def test_in_node_a_full_storage_is_unavailable_and_keeps_the_old_item(tmp_path):
    got = in_node(tmp_path, stored={RECORDS: "[]"}, quota=10, then=[{"records": '"' + "y" * 20}])
    assert got["items"] == {RECORDS: "[]"} and got["state"]["problem"] == bs.UNAVAILABLE


@needs_node
def test_in_node_nothing_is_written_before_the_page_loaded_or_while_it_loads(tmp_path):
    """A model whose kernel set a key before any view rendered: the stored learner wins."""
    early = {**START, "key": "k-early"}
    got = in_node(tmp_path, state=early, stored={LEARNER: json.dumps(STORED)}, views=2)
    assert got["state"]["key"] == "k-1" and got["saves"] == 1, "two views, one load"
    assert json.loads(got["items"][LEARNER]) == STORED


@needs_node
def test_in_node_a_page_whose_kernel_has_loaded_only_reads(tmp_path):
    """JupyterLab reloaded: the kernel already holds the values; the page sends nothing."""
    done = {**START, "key": "k-kernel", "loaded": True}
    got = in_node(tmp_path, state=done, stored={LEARNER: json.dumps(STORED)})
    assert got["saves"] == 0 and got["state"]["key"] == "k-kernel"
    assert got["el"]["attributes"] == {"aria-hidden": "true"}


@needs_node
def test_in_node_another_tabs_records_reach_the_kernel_as_incoming(tmp_path):
    """A ``storage`` event for the records item (another tab wrote them) is sent to the kernel
    as ``incoming``; another item, an unreadable value or a removal is not."""
    events = [
        {"key": "other", "newValue": '{"x": 1}'},
        {"key": RECORDS, "newValue": "{not json"},
        {"key": RECORDS, "newValue": None},
        {"key": RECORDS, "newValue": '{"events": [1]}'},
    ]
    got = in_node(tmp_path, storage_events=events)
    assert got["state"]["incoming"] == '{"events": [1]}'
    assert got["state"]["records"] == "" and got["items"] == {}  # nothing written here
    quiet = in_node(tmp_path, storage_events=events[:3])
    assert quiet["state"]["incoming"] == ""
