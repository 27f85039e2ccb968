// cardrules inside Pyodide, under Node: install the built wheel and replay every example record.
//
//   node tests/pyodide/replay_examples.mjs <wheel> <records...>
//
// Loads Pyodide from node_modules (the npm package the site serves, the same CPython as in the
// reader's browser), installs the wheel, and for each record prints what cardrules computes:
// the replay summary (cardrules.summary: every trick, its labels and the result) and the widget's
// answer (cardrules.web.deal_steps: the open account in English and Spanish, every step with the
// narration's words, the hands, the score table, the auction, the talon; and seat 1's view in
// Spanish: its words, the hands and the points as it sees them). It also deals a new deal of
// each auction game (cardrules.web.new_deal: the bots bid, call, discard and name trumps inside
// Pyodide). One JSON object on stdout:
//   {"pyodide": version, "python": version,
//    "records": {path: {summary, steps_en, steps_es, seat_es}},
//    "new_deals": {"game/players/seed": answer}}
// tests/test_web.py runs this script and compares every value with CPython's.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const runtime = resolve(here, "..", "..", "node_modules", "pyodide") + "/";
const [wheel, ...records] = process.argv.slice(2);
if (!wheel || records.length === 0) {
  console.error("usage: node tests/pyodide/replay_examples.mjs <wheel> <records...>");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: runtime });
const sitePackages = pyodide.runPython(
  "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))"
);
// A Node Buffer is not a TypedArray that unpackArchive accepts as is: wrap it.
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });

const replayOne = pyodide.runPython(`
import json
import cardrules
from cardrules import web

def replay_one(text):
    game = cardrules.replay(text)
    return json.dumps({
        "summary": cardrules.summary(game),
        "steps_en": json.loads(web.deal_steps(text, "en")),
        "steps_es": json.loads(web.deal_steps(text, "es")),
        "seat_es": json.loads(web.deal_steps(text, "es", "1")),
    })

replay_one
`);
const newDeal = pyodide.runPython(`
from cardrules import web
web.new_deal
`);
const NEW_DEALS = [["chiamata", 5, 7], ["rematada", 3, 7]];

const out = {
  pyodide: pyodide.version,
  python: pyodide.runPython("import sys; sys.version.split()[0]"),
  module: pyodide.runPython("import cardrules; cardrules.__file__"),
  records: {},
  new_deals: {},
};
for (const path of records) {
  out.records[path] = JSON.parse(replayOne(readFileSync(path, "utf8")));
}
for (const [game, players, seed] of NEW_DEALS) {
  out.new_deals[`${game}/${players}/${seed}`] = JSON.parse(newDeal(game, players, seed, "es"));
}
replayOne.destroy();
newDeal.destroy();
process.stdout.write(JSON.stringify(out));
