/* cardrules widget: the analysis of a deal on the stepper ("Analyse my play").
 *
 * Python weighs one seat's decisions (cardrules.web.analysis: one account of the analysis,
 * worded by the catalogue) a decision per call, so the first marks show while the rest are
 * weighed; a decision in doubt after its first imagined deals comes first as it stands
 * ("still being weighed", its mark so far), then again after each batch of deals more, settled
 * last (the list entry and the note follow it: the same deals the package's whole analysis
 * weighs it in); then the summary, the graph of the chance to win (an SVG the package draws, parsed
 * as SVG and checked element by element: never inserted as HTML) with the same figures as a
 * table, and the bot in the seat (its deal played a slice per call). Dealing again, loading
 * another deal or pressing Stop stops it: the page simply stops calling (the worker runs one
 * call at a time, so nothing is left running). The page draws what it is sent and derives
 * nothing.
 *
 *   new Analysis(stepper)        the panel under the stepper's board, and the note at each
 *                                marked step (the better play said, its card marked in the hand)
 *   analysis.start(seat, extra)  analyse `seat` of the deal on the board (`extra.level`: the
 *                                bots the deal was played against; `extra.daily`: the date of
 *                                a deal of the day, for its result line; `extra.from`: the
 *                                actions played before the reader took the seat, whose
 *                                decisions are not rated)
 *   analysis.stop()              stop, keeping what was shown
 *
 * window.crAnalysisWorlds (imagined deals a decision) and window.crAnalysisBotLevel (the bot
 * in the seat's level), if set, replace the package's defaults (the tests set them low). */

import { button, cardImage, el } from "./dom.js";
import { Runtime, problem } from "./runtime.js";
import { page, t } from "./text.js";

const SVG = "http://www.w3.org/2000/svg";
/* What the package's graph is made of (cardrules.render.analysis): nothing else is kept. */
const SVG_ELEMENTS = new Set(["svg", "title", "line", "text", "polyline", "circle"]);
const SVG_ATTRIBUTES = new Set(["class", "viewBox", "role", "aria-labelledby", "id", "x", "y",
  "x1", "y1", "x2", "y2", "cx", "cy", "r", "points", "fill", "stroke", "stroke-width",
  "stroke-opacity", "text-anchor", "font-size"]);

/* The package's SVG text as an element of this page: parsed as XML, every element and
 * attribute checked against what the graph uses (text stays text). Null if it is not that. */
export function svgElement(text) {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = parsed.documentElement;
  if (!root || root.namespaceURI !== SVG || root.localName !== "svg") return null;
  const clean = (node) => {
    const made = document.createElementNS(SVG, node.localName);
    Array.from(node.attributes).forEach((attribute) => {
      if (SVG_ATTRIBUTES.has(attribute.name)) made.setAttribute(attribute.name, attribute.value);
    });
    node.childNodes.forEach((child) => {
      if (child.nodeType === Node.TEXT_NODE) made.append(child.textContent);
      else if (child.nodeType === Node.ELEMENT_NODE && child.namespaceURI === SVG &&
               SVG_ELEMENTS.has(child.localName)) made.append(clean(child));
    });
    return made;
  };
  return clean(root);
}

/* The reader's date, as the deal of the day takes it (YYYY-MM-DD, the local calendar). */
export function today() {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return now.getFullYear() + "-" + two(now.getMonth() + 1) + "-" + two(now.getDate());
}

export class Analysis {
  constructor(stepper) {
    this.stepper = stepper;
    this.run = 0; // each start (or stop) takes a new number: older answers are dropped
    this.session = null;
    this.record = null; // the record text analysed (another deal on the board stops it)
    this.bySteps = {}; // the decisions by the stepper's step that shows them
    this.entries = {}; // the marks list's buttons by step: marked, or still being weighed
    this.running = false;
    this.build();
    stepper.onRender(() => { this.sync(); });
    stepper.analysis = this;
  }

  build() {
    const stepper = this.stepper;
    this.seatSelect = el("select", { class: "cr-analysis__seat", "aria-label": t("analysis.seat") });
    this.seatSelect.addEventListener("change", () => { this.seatChosen = true; });
    this.startButton = button(t("analysis.start"), t("analysis.startTitle"),
      () => { this.start(Number(this.seatSelect.value) || 0, {}); }, "cr-analysis__start");
    this.stopButton = button(t("analysis.stop"), t("analysis.stop"), () => { this.stop(); },
      "cr-analysis__stop");
    this.stopButton.hidden = true;
    this.progress = el("progress", { class: "cr-analysis__progress", max: 1, value: 0,
      "aria-label": t("analysis.progress"), hidden: true });
    this.status = el("p", { class: "cr-analysis__status", role: "status", "aria-live": "polite" });
    // What a screen reader hears besides the progress: each mark as it is found, and at the
    // end the summary and the bot in the seat (shown on the page in their own places).
    this.announcer = el("p", { class: "cr-sr-only", "aria-live": "polite" });
    this.heading = el("p", { class: "cr-board__heading cr-analysis__title" });
    this.takenText = el("p", { class: "cr-analysis__taken", hidden: true });
    this.summary = el("p", { class: "cr-analysis__summary", hidden: true });
    this.botText = el("p", { class: "cr-analysis__bot", hidden: true });
    this.lineText = el("p", { class: "cr-analysis__line" });
    this.copyButton = button(t("analysis.copy"), t("analysis.copyTitle"), () => { this.copy(); },
      "cr-analysis__copy");
    this.copyStatus = el("span", { class: "cr-analysis__copied", role: "status" });
    this.lineBox = el("div", { class: "cr-analysis__daily", hidden: true },
      this.lineText, el("div", { class: "cr-source__row" }, this.copyButton, this.copyStatus));
    this.marks = el("ol", { class: "cr-analysis__marks" });
    this.marksBox = el("div", { hidden: true },
      el("p", { class: "cr-board__small", text: t("analysis.marks") }), this.marks);
    this.graph = el("div", { class: "cr-analysis__graph" });
    this.tableBox = el("div", { class: "cr-analysis__table" });
    this.figure = el("div", { class: "cr-analysis__figure", hidden: true }, this.graph,
      this.tableBox);
    // The note at a marked step, under the board: the mark and the better play. It comes after
    // the panel's buttons, so that showing or hiding it (at each step, or as a decision at the
    // step shown is weighed) never moves Stop from under the reader's pointer.
    this.noteCard = el("span", { class: "cr-analysis__note-card" });
    this.noteText = el("span", { class: "cr-analysis__note-text" });
    this.note = el("p", { class: "cr-analysis__note", hidden: true }, this.noteCard,
      this.noteText);
    this.root = el("div", { class: "cr-analysis", hidden: true, lang: page.lang },
      el("div", { class: "cr-source__row" },
        el("label", null, t("analysis.seat") + " ", this.seatSelect), this.startButton,
        this.stopButton, this.progress),
      this.note, this.status, this.announcer, this.heading, this.takenText, this.summary, this.botText,
      this.lineBox, this.marksBox, this.figure);
    stepper.board.after(this.root);
    // What a screen reader hears at a step: the step's words, then the note.
    stepper.announcing.push(() => (this.note.hidden ? "" : this.noteText.textContent));
    window.addEventListener("pagehide", () => { this.stop(); });
  }

  /* After each step is drawn: the panel follows the deal, the note the step. */
  sync() {
    const stepper = this.stepper;
    const data = stepper.data;
    this.root.hidden = !data;
    if (!data) return;
    if (this.record !== null && this.record !== data.record_text) this.reset();
    if (this.seatsFor !== data.record_text) {
      this.seatsFor = data.record_text;
      this.seatSelect.replaceChildren(...data.seats.map((seat, i) =>
        el("option", { value: String(i), text: seat.name })));
      this.seatChosen = false;
    }
    // The seat whose view the board shows, unless the reader chose one.
    if (!this.seatChosen && !this.running) {
      this.seatSelect.value = stepper.view === "all" ? "0" : String(stepper.view);
    }
    this.startButton.disabled = !data.result;
    this.startButton.setAttribute("aria-description", data.result ? t("analysis.startTitle")
      : t("analysis.notOver"));
    this.drawNote(stepper.index);
  }

  /* The note at step `index`: the mark, the better play in words and its card; the card is
   * marked in the hand on the board too. */
  drawNote(index) {
    const board = this.stepper.board;
    board.querySelectorAll(".cr-card--better").forEach((card) => {
      card.classList.remove("cr-card--better");
    });
    const decision = this.bySteps[index];
    const marked = !!decision && decision.mark !== "none";
    const weighing = !!decision && !decision.settled;
    this.note.hidden = !marked && !weighing;
    if (this.note.hidden) return;
    this.note.setAttribute("data-mark", weighing ? "weighing" : decision.mark);
    this.noteText.textContent = [marked ? t("analysis.noteMark", { mark: decision.mark_text })
      : "", decision.better, decision.weighing].filter(Boolean).join(" ");
    const data = this.stepper.data;
    const code = marked ? decision.best_card : null;
    this.noteCard.replaceChildren(code && data.cards[code]
      ? cardImage(data.style, code, data.cards[code], "cr-card--small") : "");
    if (code) {
      const inHand = board.querySelector('.cr-board__hand img[data-card="' + code + '"]');
      if (inHand) inHand.classList.add("cr-card--better");
    }
  }

  reset() {
    this.stop();
    this.record = null;
    this.bySteps = {};
    this.entries = {};
    this.note.hidden = true;
    this.status.textContent = this.announcer.textContent = "";
    this.heading.textContent = "";
    this.summary.hidden = this.botText.hidden = this.lineBox.hidden = true;
    this.takenText.hidden = true;
    this.marksBox.hidden = this.figure.hidden = this.progress.hidden = true;
    this.marks.replaceChildren();
  }

  /* Not running: Analyse comes back in place of Stop (and takes the keyboard's focus if Stop
   * had it). */
  idle() {
    const focused = document.activeElement === this.stopButton;
    this.running = false;
    this.stopButton.hidden = true;
    this.startButton.hidden = false;
    this.progress.hidden = true;
    if (focused) this.startButton.focus();
  }

  /* Stop: no more calls (the answers on their way are dropped). */
  stop() {
    const was = this.running;
    this.run++;
    this.idle();
    if (this.session !== null) {
      Runtime.call("analysis_close", [this.session]).catch(() => {});
      this.session = null;
    }
    if (was) this.status.textContent = t("analysis.stopped");
  }

  /* Analyse `seat` of the deal on the board. */
  async start(seat, extra) {
    const stepper = this.stepper;
    const data = stepper.data;
    if (!data || !data.result) return;
    this.reset();
    const run = ++this.run;
    this.record = data.record_text;
    this.seatSelect.value = String(seat);
    this.running = true;
    this.startButton.hidden = true;
    this.stopButton.hidden = false;
    this.progress.hidden = false;
    this.progress.value = 0;
    this.progress.setAttribute("aria-label", t("analysis.progress"));
    this.status.textContent = t("analysis.starting");
    const settings = { record: data.record_text, seat, level: extra.level || "normal" };
    if (extra.daily) settings.daily = extra.daily;
    if (extra.from) settings.from = extra.from;
    // The tests ask for fewer imagined deals and a quicker bot in the seat.
    if (typeof window.crAnalysisWorlds === "number") settings.worlds = window.crAnalysisWorlds;
    if (window.crAnalysisBotLevel) settings.bot_level = window.crAnalysisBotLevel;
    const live = () => run === this.run;
    try {
      const started = await Runtime.call("analysis_start", [JSON.stringify(settings), page.lang]);
      if (!live()) {
        // Stopped while Python was opening the session: close it, or it would be kept.
        if (started.ok) Runtime.call("analysis_close", [started.session]).catch(() => {});
        return;
      }
      if (!started.ok) throw new Error(started.error);
      this.session = started.session;
      this.heading.textContent = started.title;
      this.takenText.textContent = started.taken;
      this.takenText.hidden = !started.taken;
      this.progress.max = Math.max(1, started.total);
      this.status.textContent = t("analysis.weighing", { n: 0, total: started.total });
      let count = 0;
      for (;;) {
        const answer = await Runtime.call("analysis_step", [started.session]);
        if (!live()) return;
        if (!answer.ok) throw new Error(answer.error);
        if (answer.done) break;
        count = answer.count;
        this.add(answer.decision);
        this.progress.value = count;
        this.status.textContent = t("analysis.weighing", { n: count, total: started.total });
      }
      const finished = await Runtime.call("analysis_finish", [started.session]);
      if (!live()) return;
      if (!finished.ok) throw new Error(finished.error);
      this.showFinish(finished);
      // The marks are all in: heard now, while the bot in the seat plays on (a slice a call,
      // its progress shown; Stop still stops it).
      this.announcer.textContent = [started.taken, finished.summary].filter(Boolean).join(" ");
      this.status.textContent = t("analysis.botPlaying");
      this.progress.value = 0;
      this.progress.setAttribute("aria-label", t("analysis.botProgressLabel"));
      let bot;
      for (;;) {
        bot = await Runtime.call("analysis_seat_bot", [started.session]);
        if (!live()) return;
        if (!bot.ok) throw new Error(bot.error);
        if (bot.done) break;
        this.progress.max = Math.max(1, bot.actions, bot.played);
        this.progress.value = bot.played;
        this.status.textContent = t("analysis.botProgress", { n: bot.played,
          total: Math.max(bot.actions, bot.played) });
      }
      this.showBot(bot);
      this.idle();
      this.status.textContent = t("analysis.done");
      this.announcer.textContent = [bot.text, bot.line].filter(Boolean).join(" ");
    } catch (error) {
      if (!live()) return;
      this.idle();
      this.status.textContent = t("play.failed", { error: problem(error) });
    }
  }

  /* A decision weighed: kept by step, and listed (as a way to go to its step) while it is
   * still being weighed or once it is marked. Heard: the first word on it (still being
   * weighed, or its mark), and its mark once settled if it was in doubt ("no mark" too: its
   * entry goes). An entry is updated in place, so the keyboard's focus stays on it. */
  add(decision) {
    const step = decision.step;
    const doubted = step in this.entries;
    this.bySteps[step] = decision;
    const said = t("analysis.markAt", { n: step + 1, mark: decision.mark_text });
    let go = this.entries[step];
    if (!decision.settled || decision.mark !== "none") {
      if (!go) {
        go = button(said, "", () => { this.stepper.move(step); this.stepper.board.focus(); });
        this.entries[step] = go;
        this.marks.append(el("li", null, go));
      }
      go.textContent = said;
      go.className = "cr-w-button cr-analysis__go cr-analysis__go--" +
        (decision.settled ? decision.mark : "weighing");
      const more = decision.settled ? decision.better : decision.weighing;
      if (more) go.setAttribute("aria-description", more);
      else go.removeAttribute("aria-description");
    } else if (go) {
      // In doubt, then settled with no mark: its entry goes (the keyboard to Stop, if there).
      if (document.activeElement === go) this.stopButton.focus();
      go.parentElement.remove();
      delete this.entries[step];
    }
    this.marksBox.hidden = !this.marks.childElementCount;
    if (!doubted ? go : decision.settled) this.announcer.textContent = said + ".";
    if (this.stepper.index === step) this.drawNote(step);
  }

  showFinish(finished) {
    this.summary.textContent = finished.summary;
    this.summary.hidden = false;
    const svg = svgElement(finished.svg);
    this.graph.replaceChildren(svg || "");
    const head = el("tr", null, ...finished.headers.map((text) =>
      el("th", { scope: "col", text })));
    const rows = finished.rows.map((row) => el("tr", null, ...row.map((text) =>
      el("td", { text }))));
    this.tableBox.replaceChildren(el("table", { class: "cr-chance-table" },
      el("caption", { text: finished.caption }), el("thead", null, head),
      el("tbody", null, ...rows)));
    this.figure.hidden = false;
  }

  showBot(bot) {
    this.botText.textContent = bot.text;
    this.botText.hidden = false;
    this.lineBox.hidden = !bot.line;
    this.lineText.textContent = bot.line || "";
    this.copyStatus.textContent = "";
  }

  /* The deal of the day's result line to the clipboard; if the browser refuses, the line is
   * selected on the page, to copy by hand. */
  copy() {
    const text = this.lineText.textContent;
    const failed = () => {
      const range = document.createRange();
      range.selectNodeContents(this.lineText);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      this.copyStatus.textContent = t("analysis.copyFailed");
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(() => {
        this.copyStatus.textContent = t("analysis.copied");
      }, failed);
    } else {
      failed();
    }
  }
}
