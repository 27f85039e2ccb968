/* cardrules widget: the Web Worker that runs Python (Pyodide) off the page's main thread.
 *
 * Messages in:  {id, cmd: "init", args: [{runtime, wheel, bytecode, snapshot}]}  loads Pyodide
 *               (from the memory snapshot made at build time, with cardrules already imported, or
 *               else the usual way) and the cardrules wheel
 *               {id, cmd: <a function of cardrules.web>, args: [...]}   e.g. "deal_steps"
 *               {id, cmd: "play_<f>", args: [...]}   a function f of cardrules.web.play (play mode:
 *               the deal being played stays here, in the worker; imported at its first call)
 * Messages out: {id, ok: true, result}  (result: the JSON text the Python function returned)
 *               {id, ok: false, error}  (the runtime could not load, or the call failed)
 *
 * Everything is fetched from the URLs the page passes in (the site's own copy of the runtime):
 * nothing comes from another origin. The wheel is fetched while Pyodide starts. */

const CALLS = new Set(["deal_steps", "link_steps", "new_deal", "lookup", "run_example",
  "catalog"]);
const PLAY_CALLS = {
  play_start: "start", play_act: "act", play_advance: "advance", play_undo: "undo",
  play_hint: "hint", play_close: "close", play_options: "options", play_go_on: "go_on"
};
/* The practice page: "practice_exercise" is cardrules.learn.practice.exercise and "practice_pictures"
 * cardrules.learn.practice.pictures (the module imported at its first call). */
const PRACTICE_CALLS = { practice_exercise: "exercise", practice_pictures: "pictures" };
/* The score pad page (scorepad.js): "scorepad_tally" is cardrules.web.scorepad.tally. */
/* The analysis of a deal (analysis.js): "analysis_<f>" is f of cardrules.web.analysis. */
const MODULE_CALLS = { scorepad_tally: ["cardrules.web.scorepad", "tally"],
  analysis_start: ["cardrules.web.analysis", "start"],
  analysis_step: ["cardrules.web.analysis", "step"],
  analysis_finish: ["cardrules.web.analysis", "finish"],
  analysis_seat_bot: ["cardrules.web.analysis", "seat_bot"],
  analysis_close: ["cardrules.web.analysis", "close"],
  analysis_daily: ["cardrules.web.analysis", "daily"] };

let booting = null;

// If the WebAssembly module cannot be fetched or compiled, Emscripten only logs a warning and
// loadPyodide never settles: watch the log (and unhandled rejections) to fail at once instead.
// (Armed again before the usual start when the snapshot failed.)
let bootFailed = null;
let failure = null;
function armFailure() {
  failure = new Promise((resolve, reject) => {
    bootFailed = reject;
  });
  failure.catch(() => {});
}
armFailure();
for (const level of ["warn", "error"]) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    original(...args);
    const text = args.map(String).join(" ");
    if (/instantiation failed|Aborted\(/.test(text)) {
      bootFailed(new Error(text));
    }
  };
}
self.addEventListener("unhandledrejection", (event) => {
  bootFailed(event.reason instanceof Error ? event.reason : new Error(String(event.reason)));
});

/* On a slow connection (as the browser reports it: data saving, or a 2G/3G estimate), the
 * snapshot's megabytes take longer to download than starting Python takes: start the usual way.
 * (Not the reported downlink: with no measurement yet, Chromium reports a default of a few
 * Mbit/s.) Browsers that do not report the connection get the snapshot. */
function slowNetwork() {
  const connection = self.navigator && self.navigator.connection;
  if (!connection) return false;
  return Boolean(connection.saveData) ||
    ["slow-2g", "2g", "3g"].includes(connection.effectiveType);
}

/* The memory snapshot (gzip), decompressed: Python with cardrules already imported. */
async function snapshotBytes(snapshot) {
  const response = await fetch(snapshot);
  if (!response.ok || !response.body) throw new Error(`${snapshot}: HTTP ${response.status}`);
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

async function boot({ runtime, wheel, bytecode, snapshot }) {
  const times = { start: performance.now() };
  const wheelBytes = fetch(wheel).then((response) => {
    if (!response.ok) throw new Error(`${wheel}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  wheelBytes.catch(() => {}); // reported below, once Pyodide has started (or failed)
  // Fetched while the runtime's own files are: Pyodide waits for it when it needs it.
  const memory = snapshot && typeof DecompressionStream !== "undefined" && !slowNetwork()
    ? snapshotBytes(snapshot) : null;
  if (memory) memory.catch(() => {}); // reported below, when Pyodide asks for it
  if (snapshot && !memory) times.snapshot = null;
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  times.module = performance.now();
  const settings = { indexURL: runtime, fullStdLib: false, convertNullToNone: true };
  let pyodide = null;
  if (memory) {
    try {
      pyodide = await Promise.race([loadPyodide({ ...settings, _loadSnapshot: memory }), failure]);
      times.snapshot = true;
    } catch (error) {
      // Measured and said once: the page still works, it only starts more slowly.
      // For developers (the page says nothing: it only starts a little later): the error, kept
      // with the times and logged once; the usual start follows.
      times.snapshot = false;
      times.snapshotError = String(error.message || error);
      console.info("[cardrules.snapshot]", times.snapshotError);
    }
  }
  // Without the snapshot: the wheel's modules compiled for this very Pyodide (optional: without
  // them Python compiles the sources, a little more slowly).
  const bytecodeBytes = !pyodide && bytecode
    ? fetch(bytecode).then((response) => (response.ok ? response.arrayBuffer() : null), () => null)
    : Promise.resolve(null);
  if (!pyodide) {
    if (times.snapshot === false) armFailure();
    pyodide = await Promise.race([loadPyodide(settings), failure]);
  }
  times.pyodide = performance.now();
  if (times.snapshot) {
    // The snapshot was made once, at build time: draw fresh seeds for this reader.
    pyodide.runPython("import random\nrandom.seed()");
  }
  const sitePackages = pyodide.runPython(
    "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))"
  );
  const bytes = new Uint8Array(await wheelBytes);
  times.wheel = performance.now();
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  const compiled = await bytecodeBytes;
  if (compiled) {
    try {
      pyodide.unpackArchive(new Uint8Array(compiled), "zip", { extractDir: sitePackages });
      times.bytecode = true;
    } catch (error) {
      times.bytecode = false;
    }
  }
  times.unpack = performance.now();
  const web = pyodide.pyimport("cardrules.web");
  times.imported = performance.now();
  return { pyodide, web, version: pyodide.version, times };
}

self.onmessage = async (event) => {
  const { id, cmd, args } = event.data || {};
  try {
    if (cmd === "init") {
      if (!booting) booting = boot(args[0]);
      const { version, times } = await booting;
      self.postMessage({ id, ok: true, result: JSON.stringify({ version, times }) });
      return;
    }
    const playing = Object.prototype.hasOwnProperty.call(PLAY_CALLS, cmd);
    const practising = Object.prototype.hasOwnProperty.call(PRACTICE_CALLS, cmd);
    const module = Object.prototype.hasOwnProperty.call(MODULE_CALLS, cmd) ? MODULE_CALLS[cmd] : null;
    if (!CALLS.has(cmd) && !playing && !practising && !module) throw new Error(`unknown call ${cmd}`);
    if (!booting) throw new Error("the runtime is not started");
    const runtime = await booting;
    let result;
    if (module) {
      result = runtime.pyodide.pyimport(module[0])[module[1]](...args);
    } else if (practising) {
      if (!runtime.practice) runtime.practice = runtime.pyodide.pyimport("cardrules.learn.practice");
      result = runtime.practice[PRACTICE_CALLS[cmd]](...args);
    } else if (playing) {
      if (!runtime.play) runtime.play = runtime.pyodide.pyimport("cardrules.web.play");
      result = runtime.play[PLAY_CALLS[cmd]](...args);
    } else {
      result = runtime.web[cmd](...args);
    }
    self.postMessage({ id, ok: true, result: String(result) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String((error && error.message) || error) });
  }
};
