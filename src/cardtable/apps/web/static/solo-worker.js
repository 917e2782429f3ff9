// The static site's engine (a module Web Worker): Pyodide from the site's own folder, the cardtable package
// unpacked from cardtable.zip, and one SoloDesk (cardtable.apps.web.solo) that answers the table's messages
// as the server would. The computer thinks here, so the page never freezes: after each message of the page
// the computers move one at a time, each state posted as it comes, and the game is saved (IndexedDB) after
// every move.
//
// Page -> worker: {rid, op, ...}: "send" {table, msg} (a table message; answers come as pushes), "create"
// {spec}, "import" {text}, "replay" {id, hand}. Worker -> page: {ready} or {failed}, {rid, ok, result | code,
// error}, and {push: tableId, msg}.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { getGame, putGame } from "./solo-store.js";

const GLUE = `
import json
from cardtable.apps.web.solo import SoloDesk
from cardtable.apps.web.table import WebError

desk = SoloDesk()

def _step(table):
    moved = desk.to_move(table)
    return {"moved": moved, "msgs": desk.step(table) if moved else []}

def _loaded(table):
    return table in desk.tables

OPS = {
    "create": lambda a: desk.create(a["spec"]),
    "receive": lambda a: desk.receive(a["table"], a["msg"]),
    "step": lambda a: _step(a["table"]),
    "save": lambda a: desk.save(a["table"]),
    "restore": lambda a: desk.restore(a["saved"]),
    "loaded": lambda a: _loaded(a["table"]),
    "import": lambda a: desk.import_record(a["text"]),
    "replay": lambda a: desk.replay(a["saved"], a.get("hand")),
}

def call(op, args):
    try:
        return json.dumps({"ok": True, "result": OPS[op](json.loads(args))})
    except WebError as exc:
        return json.dumps({"ok": False, "code": exc.code, "error": str(exc)})
    except Exception as exc:
        return json.dumps({"ok": False, "code": "error", "error": f"{type(exc).__name__}: {exc}"})
`;

let py = null;
const started = (async () => {
  const t0 = performance.now();
  const here = new URL("../pyodide/", import.meta.url).href;  // packages too: never Pyodide's CDN
  py = await loadPyodide({ indexURL: here, packageBaseUrl: here });
  const zip = await fetch(new URL("../cardtable.zip", import.meta.url));
  if (!zip.ok) throw new Error(`cardtable.zip: ${zip.status}`);
  py.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/home/pyodide/site" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/site')");
  py.runPython(GLUE);
  return Math.round(performance.now() - t0);
})();
started.then((ms) => postMessage({ ready: true, ms }), (e) => postMessage({ failed: String(e && e.message || e) }));

function call(op, args) {
  const out = JSON.parse(py.globals.get("call")(op, JSON.stringify(args)));
  if (!out.ok) { const e = new Error(out.error); e.code = out.code; throw e; }
  return out.result;
}

// one thing at a time: the page's messages and the computers' moves take turns, in order
let chain = Promise.resolve();
const later = (work) => { chain = chain.then(work).catch((e) => console.error(e)); return chain; };
const tick = () => new Promise((r) => setTimeout(r, 0));

async function save(table) {
  await putGame(call("save", { table }));
}

async function open(table) {
  if (call("loaded", { table })) return true;
  const saved = await getGame(table);
  if (!saved) { postMessage({ push: table, msg: { t: "error", code: "no-table", say: "not-saved", msg: "This table is not saved in this browser." } }); return false; }
  try { call("restore", { saved }); } catch (e) {
    postMessage({ push: table, msg: { t: "error", code: "no-table", say: "cannot-open", error: String(e.message), msg: `This saved game cannot be opened: ${e.message}` } });
    return false;
  }
  return true;
}

function computers(table) {
  later(async () => {
    await tick();
    const r = call("step", { table });
    for (const msg of r.msgs) postMessage({ push: table, msg });
    if (r.moved) { await save(table); computers(table); }
  });
}

async function send(table, msg) {
  if (!(await open(table))) return;
  const out = call("receive", { table, msg });
  for (const m of out) postMessage({ push: table, msg: m });
  if (msg.t === "act" || msg.t === "undo") await save(table);
  if (["join", "act", "undo", "state"].includes(msg.t)) computers(table);
}

self.onmessage = (ev) => {
  const { rid, op } = ev.data;
  later(async () => {
    try {
      await started;
      let result = null;
      if (op === "send") await send(ev.data.table, ev.data.msg);
      else if (op === "create") { result = call("create", { spec: ev.data.spec }); await save(result.id); }
      else if (op === "import") { result = call("import", { text: ev.data.text }); await putGame(result); }
      else if (op === "replay") {
        const saved = await getGame(ev.data.id);
        if (!saved) { const e = new Error("This match is not saved in this browser."); e.code = "no-table"; throw e; }
        result = call("replay", { saved, hand: ev.data.hand });
      } else throw new Error(`unknown operation ${op}`);
      if (rid !== undefined) postMessage({ rid, ok: true, result });
    } catch (e) {
      if (rid !== undefined) postMessage({ rid, ok: false, error: String(e.message || e), code: e.code || "error" });
    }
  });
};
