/* cardrules widget: the Python runtime, one Web Worker per page visit shared by every widget
 * (worker.js runs Pyodide and cardrules.web in it), and the messages to and from it.
 *
 *   Runtime.start()            starts the worker once (or adopts the one the "Try it" page
 *                              started from its <head>: window.__crEarly) -> a promise
 *   Runtime.call(cmd, args)    calls a function of cardrules.web, or of cardrules.web.play as
 *                              "play_<name>" (play mode) -> its parsed JSON answer
 *   Runtime.onStart(listener)  hears of the start (the listener gets the promise)
 *   problem(error)             what went wrong with a call, in words for the reader
 *
 * A runtime that neither starts nor fails (a stalled download) counts as failed after
 * STARTUP_LIMIT_MS. */

import { url } from "./dom.js";
import { page, t } from "./text.js";

const STARTUP_LIMIT_MS = 180000;

/* The "Try it" page holds back its theme script and diagram pictures while Python starts
 * (docs/hooks/widget.py): they come back once Python is ready or has failed. */
export function releaseHeld() {
  if (window.__crHold) window.__crHold.release();
}

export const Runtime = {
  worker: null,
  ready: null,
  seq: 0,
  pending: {},
  failed: false,
  listeners: [],
  info: null,
  marks: {},

  start() {
    if (this.ready) return this.ready;
    const config = page.config;
    // The "Try it" page starts the worker from its <head> (docs/hooks/widget.py): adopt it.
    const early = window.__crEarly || null;
    this.marks.start = early ? early.start : performance.now();
    this.ready = new Promise((resolve, reject) => {
      const started = (answer) => {
        this.info = JSON.parse(answer);
        this.marks.runtime = performance.now();
        resolve(this.info);
      };
      try {
        this.worker = early ? early.worker : new Worker(url(config.worker), { type: "module" });
      } catch (error) {
        reject(error);
        return;
      }
      this.worker.onmessage = (event) => { this.receive(event.data || {}); };
      this.worker.onerror = (event) => {
        event.preventDefault();
        this.failAll(new Error(event.message || "worker error"));
      };
      if (early) {
        this.pending[0] = { resolve: started, reject };
        early.messages.forEach((message) => { this.receive(message); });
        if (early.error) this.failAll(new Error(early.error));
      } else {
        this.send("init", [{ runtime: url(config.runtime), wheel: url(config.wheel),
          bytecode: config.bytecode ? url(config.bytecode) : null,
          snapshot: config.snapshot ? url(config.snapshot) : null }]).then(started, reject);
      }
    });
    const watchdog = setTimeout(() => {
      this.failAll(new Error(t("slowStart")));
    }, STARTUP_LIMIT_MS);
    this.ready.then(() => { clearTimeout(watchdog); }, () => {
      clearTimeout(watchdog);
      releaseHeld();
      this.failed = true;
      if (this.worker) this.worker.terminate();
    });
    this.listeners.forEach((listener) => { listener(this.ready); });
    return this.ready;
  },

  receive(message) {
    const waiting = this.pending[message.id];
    if (!waiting) return;
    delete this.pending[message.id];
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(new Error(message.error));
  },

  failAll(error) {
    const pending = this.pending;
    this.pending = {};
    Object.keys(pending).forEach((id) => { pending[id].reject(error); });
  },

  send(cmd, args) {
    return new Promise((resolve, reject) => {
      const id = ++this.seq;
      this.pending[id] = { resolve, reject };
      this.worker.postMessage({ id, cmd, args });
    });
  },

  /* Call a function of cardrules.web (or of cardrules.web.play: "play_start"...); resolves with its
   * parsed JSON answer. Calls are answered in the order they were made (one worker). */
  call(cmd, args) {
    return this.start().then(() => this.send(cmd, args)).then((text) => JSON.parse(text));
  },

  onStart(listener) {
    this.listeners.push(listener);
    if (this.ready) listener(this.ready);
  }
};

let readyMarked = false;

/* The first deal is on the board: mark the time (benchmarks/widget_startup.py reads it) and
 * release what the "Try it" page holds back. */
export function markReady() {
  if (readyMarked) return;
  readyMarked = true;
  Runtime.marks.ready = performance.now();
  window.__crWidgetReady = performance.now();
  try { performance.mark("cr-widget-ready"); } catch (error) { /* old browsers */ }
  document.documentElement.setAttribute("data-cr-widget", "ready");
  releaseHeld();
}

/* What went wrong with a call to Python, for the reader: the page's own words if Python could
 * not start; else the error's last line (a Python exception's type and message: the console gets
 * the whole of it). Python's own answers ({ok: false, error}) are already in the page's
 * language. */
export function problem(error) {
  if (Runtime.failed) return t("failed");
  console.error(error);
  const lines = String((error && error.message) || error).trim().split("\n");
  return lines[lines.length - 1];
}
