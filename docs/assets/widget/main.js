/* cardrules widget: step through a deal, with Python (Pyodide) running in a Web Worker.
 *
 * Progressive enhancement of the deal diagrams that docs/hooks/deals.py writes
 * (<figure class="cr-deal" data-record="examples/...">): the static diagram is the page's content
 * and stays as it is until the board is ready; if Python cannot load when it is needed, it
 * simply stays. A board is made ready when its diagram scrolls into view or at the first click
 * on the widget, from the answer made at build time for its deal (stepper.js): no Python for
 * stepping. Pyodide starts, once per page visit, at the first thing that needs it (another
 * view, a term, play mode...); on the "Try it" page it has already started from the page's
 * <head> (window.__crEarly), and the page holds back its theme until Python is ready
 * (window.__crHold, released by runtime.js).
 *
 * The modules: text.js (the page's settings and its words, from the catalogue), dom.js (elements, data
 * always as text), runtime.js (the worker and its messages), stepper.js (a steppable deal,
 * drawn by deal-view.js), picker.js (the "Try it" page's deal picker), lookup.js (the term lookup), play.js (play mode:
 * a deal played against the bots, beside each stepper; play-setup.js, play-table.js,
 * play-choices.js); the table, a seat's hand, the score and the auction are drawn by
 * table.js, hands.js, score.js and auction.js for both, and this one, which finds the diagrams
 * and starts the rest. docs/hooks/widget.py loads it as <script type="module">
 * on the pages that need it, with the settings in
 * <script type="application/json" id="cr-widget-config">. */

import { Analysis } from "./analysis.js";
import { Stepper } from "./stepper.js";
import { Play } from "./play.js";
import { Practice } from "./practice.js";
import { Runtime } from "./runtime.js";
import { configure } from "./text.js";

function init() {
  const holder = document.getElementById("cr-widget-config");
  if (!holder) return;
  let config;
  try {
    config = JSON.parse(holder.textContent);
  } catch (error) {
    return;
  }
  configure(config);
  // The practice page (<div id="cr-practice">): exercises from Python, started at once.
  const practice = document.getElementById("cr-practice");
  if (practice) window.crPractice = new Practice(practice);
  const figures = Array.from(document.querySelectorAll("figure.cr-deal[data-record]"));
  if (!figures.length) return;
  const tryPage = !!document.getElementById("cr-try");
  const steppers = figures.map((figure, i) => {
    const first = tryPage && i === 0;
    return new Stepper(figure, { trySource: first, openLookup: first });
  });
  window.crWidgets = steppers;
  // Each stepper gets the analysis of its deal ("Analyse my play", under the board).
  window.crAnalyses = steppers.map((stepper) => new Analysis(stepper));
  // Each stepper gets its play mode (the "Play" choice beside stepping through).
  window.crPlays = steppers.map((stepper) => new Play(stepper, { tryPage }));
  if (steppers.length) steppers[0].address.noBoard(steppers.length);
  window.crRuntime = Runtime;
  Runtime.onStart((ready) => {
    ready.catch(() => { steppers.forEach((stepper) => stepper.fail()); });
  });
  // A board is made ready when its diagram comes into view (or at the first click on a widget);
  // on the "Try it" page Python is already loading, and the first deal is shown as soon as it
  // can be.
  const start = (stepper) => { stepper.activate(); };
  if (window.__crEarly) start(steppers[0]);
  if ("IntersectionObserver" in window) {
    const observer = new IntersectionObserver((entries) => {
      entries.forEach((entry) => {
        if (!entry.isIntersecting) return;
        observer.unobserve(entry.target);
        const stepper = steppers[figures.indexOf(entry.target)];
        if (stepper) start(stepper);
      });
    }, { rootMargin: "200px 0px" });
    figures.forEach((figure) => observer.observe(figure));
  }
  steppers.forEach((stepper) => {
    stepper.root.addEventListener("focusin", () => start(stepper), { once: true });
    stepper.root.addEventListener("pointerdown", () => start(stepper), { once: true });
  });
}

// Once: the "Try it" page sends DOMContentLoaded again for the theme's late script. A module
// runs after the page is parsed, so the page is usually ready by now.
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", init, { once: true });
} else {
  init();
}
