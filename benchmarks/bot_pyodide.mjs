// How long a bot decision takes inside Pyodide: the site's own runtime (node_modules/pyodide,
// the CPython the reader's browser runs) with the built cardrules wheel.
//
//   node benchmarks/bot_pyodide.mjs <wheel> <settings JSON>
//
// settings: {"games": [["briscola", 2], ...], "deals": N, "level": "normal", "seed": S,
//            "warmup": W}
// Plays `deals` deals of each game with the search bot (make_bot("pimc", level=...)) at every
// seat, seeded, and times every decision of every seat inside Python (time.perf_counter around
// the seat's view and the bot's choice: what cardrules.web.play.advance costs the widget's worker,
// without its narration). The first `warmup` decisions of the run are not counted (imports,
// caches). One JSON object on stdout:
//   {"pyodide", "python", "level", "worlds", "games": {"briscola-2": {"all": [ms...],
//    "searched": [ms...] (decisions where the bot weighed two or more actions by search),
//    "advance": [ms...] (the whole cardrules.web.play.advance call: the decision, its narration
//    and the seat's state as JSON), "cpu", "cpu_searched": [ms...] (the same decisions timed by
//    the Node process's CPU time, which the other jobs of a shared machine do not inflate)}}}
// benchmarks/bot_pyodide.py runs this script and prints the percentiles;
// benchmarks/analysis_pyodide.py runs it to time the widget's analysis of a deal.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const runtime = resolve(here, "..", "node_modules", "pyodide") + "/";
const [wheel, settings] = process.argv.slice(2);
if (!wheel || !settings) {
  console.error("usage: node benchmarks/bot_pyodide.mjs <wheel> <settings JSON>");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: runtime });
const sitePackages = pyodide.runPython(
  "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))"
);
// A Node Buffer is not a TypedArray that unpackArchive accepts as is: wrap it.
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
// The bytecode the site serves beside the wheel, when it was built (as in the browser).
const bytecode = wheel.replace(/\.whl$/, ".pyodide-bytecode.zip");
if (existsSync(bytecode)) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(bytecode)), "zip",
    { extractDir: sitePackages });
}

const run = pyodide.runPython(`
import json
import time

import cardrules
from cardrules.web import play
from cardrules.bots import LEVELS, PimcBot, make_bot
from cardrules.bots.tactics import decide

import js


def cpu_ms():
    """The Node process's CPU time so far, in ms (user and system): on a shared machine the
    wall clock also counts the other jobs' time."""
    used = js.process.cpuUsage()
    return (used.user + used.system) / 1000


def run(settings_text):
    settings = json.loads(settings_text)
    level = settings["level"]
    warmup = settings.get("warmup", 5)
    out = {"level": level, "worlds": LEVELS[level], "games": {}}
    for game_id, players in settings["games"]:
        times, searched, advance, cpu, cpu_searched = [], [], [], [], []
        for deal in range(settings["deals"]):
            seed = settings["seed"] + deal
            game = cardrules.new_game(game_id, players=players, seed=seed)
            bots = [make_bot("pimc", seed=seed * 10 + s, level=level) for s in range(players)]
            while not game.is_over:
                seat = game.current_player
                began = time.perf_counter()
                began_cpu = cpu_ms()
                view = game.view(seat)
                action = bots[seat].choose(view)
                ms = (time.perf_counter() - began) * 1000
                cpu_used = cpu_ms() - began_cpu
                if warmup > 0:
                    warmup -= 1
                else:
                    times.append(ms)
                    cpu.append(cpu_used)
                    bot = bots[seat]
                    if (len(view.legal_actions) > 1 and decide(view) is None
                            and len(bot.candidates(view)) > 1):
                        searched.append(ms)
                        cpu_searched.append(cpu_used)
                game.play(action)
            # The widget's own call: a session where every seat but 0 is a bot, seat 0 playing
            # the bots' choice too (through play.act), timed around play.advance.
            answer = json.loads(play.start(json.dumps({
                "game": game_id, "players": players, "seat": 0, "seed": seed,
                "level": level}), "en"))
            session = answer["session"]
            state = answer["state"]
            mine = make_bot("pimc", seed=seed, level=level)
            while not state["over"]:
                if state["your_turn"]:
                    live = play._sessions[session].game
                    chosen = mine.choose(live.view(0))
                    state = json.loads(play.act(session, cardrules.format_action(chosen)))["state"]
                    continue
                if state["interject"]:  # the bots wait for seat 0's move out of turn
                    live = play._sessions[session].game
                    move = mine.interject(live.view(0))
                    state = json.loads(play.go_on(session) if move is None else play.act(
                        session, cardrules.format_action(move)))["state"]
                    continue
                began = time.perf_counter()
                state = json.loads(play.advance(session))["state"]
                advance.append((time.perf_counter() - began) * 1000)
            play.close(session)
        out["games"][f"{game_id}-{players}"] = {
            "all": times, "searched": searched, "advance": advance, "cpu": cpu,
            "cpu_searched": cpu_searched}
    return json.dumps(out)

run
`);

// benchmarks/analysis_pyodide.py: {"analysis": {...}} times the widget's analysis instead
// (cardrules.web.analysis, as the page calls it: see that script).
const analysis = pyodide.runPython(`
import hashlib
import json
import time

import cardrules
from cardrules.bots import make_bot
from cardrules.web import analysis as web


def analysis(settings_text):
    settings = json.loads(settings_text)["analysis"]
    out = {"games": {}}
    for game_id, players in settings["games"]:
        deals = []
        for deal in range(settings["deals"]):
            seed = settings["seed"] + deal
            game = cardrules.new_game(game_id, players=players, seed=seed)
            bots = [make_bot("pimc", seed=seed * 10 + s, level="normal") for s in range(players)]
            bot_ms = 0.0
            while not game.is_over:
                seat = game.current_player
                began = time.perf_counter()
                action = bots[seat].choose(game.view(seat))
                if seat == 0:
                    bot_ms += (time.perf_counter() - began) * 1000
                game.play(action)
            calls = []
            began = time.perf_counter()
            def call(function, *args):
                at = time.perf_counter()
                answer = json.loads(function(*args))
                calls.append((time.perf_counter() - at) * 1000)
                return answer
            started = call(web.start, json.dumps({"record": game.to_record(), "seat": 0}), "en")
            session = started["session"]
            first = settled = None
            marks = 0
            while True:
                answer = call(web.step, session)
                if answer["done"]:
                    break
                now = (time.perf_counter() - began) * 1000
                # A wheel whose answers say nothing of it gives settled decisions only.
                if answer["decision"].get("settled", True):
                    marks += answer["decision"]["mark"] != "none"
                    if settled is None:
                        settled = now
                if first is None:
                    first = now
            whole = call(web.finish, session)["analysis"]
            analysed = (time.perf_counter() - began) * 1000
            total = None
            if settings.get("bot", True):
                while not call(web.seat_bot, session)["done"]:
                    pass
                total = (time.perf_counter() - began) * 1000
            web.close(session)
            decided = whole["decisions"]
            deals.append({"decisions": started["total"], "first_ms": first,
                          "first_settled_ms": settled, "analysis_ms": analysed,
                          "with_bot_ms": total, "bot_ms": bot_ms,
                          "longest_call_ms": max(calls), "marks": marks,
                          # the first decision in doubt: weighed in more deals than asked
                          "first_in_doubt": bool(decided) and decided[0]["worlds"] > whole["worlds"],
                          "analysis": hashlib.sha256(json.dumps(
                              whole, sort_keys=True).encode()).hexdigest()[:16]})
        out["games"][f"{game_id}-{players}"] = deals
    return json.dumps(out)

analysis
`);

const chosen = JSON.parse(settings).analysis ? analysis : run;
const answer = JSON.parse(chosen(settings));
run.destroy();
analysis.destroy();
answer.pyodide = pyodide.version;
answer.python = pyodide.runPython("import sys; sys.version.split()[0]");
process.stdout.write(JSON.stringify(answer));
