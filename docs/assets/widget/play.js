/* cardrules widget: play mode. Play one seat of a deal against the package's bots, beside
 * stepping through it.
 *
 * The deal lives in Python, in the Web Worker (cardrules.web.play): the page sends the reader's
 * choices and receives only what the reader's seat may see (the account of the position for
 * that seat: its hand, the table, the score table as it counts it, the legal actions with the
 * reason each other card of the hand may not be played) and every step as the narration tells
 * it to that seat. The bots answer one at a time, a short pause apart (each answer is one call
 * to cardrules.web.play.advance): the page never waits on Python. Every string goes in as text.
 *
 *   new Play(stepper, {tryPage})   adds to a Stepper (stepper.js) the "Step through / Play"
 *                                  choice, the play panel (play-setup.js, play-table.js), and
 *                                  "Play from here" in the step controls' "More" menu.
 *
 * window.crPlayPause (ms), if set, replaces the pause between the bots' plays (the tests set
 * it low). */

import { button, el, labelClicks, loadStyle } from "./dom.js";
import { PlaySetup, labeled, option, seatOption, stepperRecord } from "./play-setup.js";
import { PlayTable } from "./play-table.js";
import { Runtime, problem } from "./runtime.js";
import { page, t } from "./text.js";

const PAUSE_MS = 700;
/* The pause before a bot plays after a trick is complete: time to see who took it. */
const TRICK_PAUSE_MS = 1400;

function sleep(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

function pauseFor(afterTrick) {
  const chosen = typeof window.crPlayPause === "number" ? window.crPlayPause : null;
  if (chosen !== null) return chosen;
  return afterTrick ? TRICK_PAUSE_MS : PAUSE_MS;
}

export class Play {
  constructor(stepper, options) {
    this.stepper = stepper;
    this.options = options || {};
    this.mode = "step";
    this.game = null; // the start answer: the deal's fixed parts
    this.state = null;
    this.log = [];
    this.hints = null;
    this.loop = 0;
    this.shownAt = 0;
    this.lastDone = false;
    this.pending = false; // a bot is to play, or a call is on its way: the hand waits
    this.busy = false; // the reader's action or undo is on its way
    this.thinking = false; // a hint is on its way
    this.engaged = false; // the keyboard's focus is in the play table (kept there on redraws)
    loadStyle("play.css");
    this.build();
  }

  build() {
    const stepper = this.stepper;
    this.stepMode = button(t("play.modeStep"), t("play.modeStep"), () => { this.setMode("step"); },
      "cr-play__mode cr-play__mode--step");
    this.playMode = button(t("play.modePlay"), t("play.modePlay"), () => { this.setMode("play"); },
      "cr-play__mode cr-play__mode--play");
    this.modes = el("div", { class: "cr-play__modes", role: "group",
      "aria-label": t("play.modes") },
      this.stepMode, this.playMode);
    // First in the board's row of controls; the play panel comes under that row.
    stepper.bar.prepend(this.modes);

    this.panel = el("div", { class: "cr-play", hidden: true, lang: page.lang });
    this.setup = new PlaySetup(stepper, this.options, (settings) => { this.begin(settings); });
    this.table = new PlayTable(this);
    this.panel.append(this.setup.root, this.table.root);
    stepper.bar.after(this.panel);
    this.buildTakeover();
    this.syncModes();
    // The home page's "Play a deal" opens the "Try it" page in play mode (try/#play).
    if (this.options.tryPage && window.location.hash === "#play") this.setMode("play");

    Runtime.onStart((ready) => {
      ready.catch(() => { this.fail(); });
    });
    // Labels explain themselves in the stepper's term lookup.
    labelClicks(this.panel, () => stepper.lookup);
  }

  /* "Play from here as [seat]" behind the step controls' "More": the stepper's deal, at its step. */
  buildTakeover() {
    const stepper = this.stepper;
    this.takeSeat = el("select", { class: "cr-play__take-seat", "aria-label": t("play.seat") });
    this.takeSeat.addEventListener("change", () => { this.takeChosen = true; });
    this.hereButton = button(t("play.here"), t("play.hereTitle"), () => { this.playFromHere(); },
      "cr-play__here");
    this.takeover = el("div", { class: "cr-play__takeover cr-source__row", hidden: true },
      labeled(t("play.takeover"), this.takeSeat), this.hereButton);
    stepper.more.panel.append(this.takeover);
    this.takeDeal = null;
    stepper.onRender(() => { this.syncTakeover(); });
  }

  syncTakeover() {
    const stepper = this.stepper;
    const data = stepper.data;
    this.takeover.hidden = !data || this.mode !== "step";
    if (!data) return;
    if (this.takeDeal !== data.record_text) {
      this.takeDeal = data.record_text;
      this.takeChosen = false;
      // The setup offers the stepper's deal, and its game by default.
      this.setup.syncSources();
      if (!this.game) this.setup.syncSetup();
      this.takeSeat.replaceChildren(...data.seats.map((seat, i) =>
        option(String(i), seatOption(seat.name, seat.dealer))));
    }
    const step = data.steps[stepper.index];
    if (!this.takeChosen) {
      const viewer = stepper.view === "all" ? null : Number(stepper.view);
      const seat = viewer !== null ? viewer
        : (step && typeof step.turn === "number" && step.turn >= 0 ? step.turn : 0);
      this.takeSeat.value = String(seat);
    }
    const over = stepper.index >= data.steps.length - 1 && !!data.result;
    this.hereButton.disabled = over;
    this.hereButton.setAttribute("aria-description", over ? t("play.overHere")
      : t("play.hereTitle"));
  }

  setMode(mode) {
    this.mode = mode;
    this.syncModes();
    if (mode === "play") {
      this.stepper.activate();
      this.setup.syncSources();
      if (!this.state) this.setup.syncSetup();
    }
  }

  syncModes() {
    const playing = this.mode === "play";
    this.stepMode.setAttribute("aria-pressed", String(!playing));
    this.playMode.setAttribute("aria-pressed", String(playing));
    this.panel.hidden = !playing;
    this.stepper.root.classList.toggle("cr-widget--playing", playing);
    this.stepper.figure.classList.toggle("cr-deal--playing", playing);
    this.syncTakeover();
  }

  fail() {
    this.modes.hidden = true;
    this.panel.hidden = true;
    this.takeover.hidden = true;
    this.stepper.root.classList.remove("cr-widget--playing");
    this.stepper.figure.classList.remove("cr-deal--playing");
  }

  /* Play the stepper's deal on from the step it shows, as the seat chosen. */
  playFromHere() {
    const stepper = this.stepper;
    if (!stepper.data) return;
    const seat = Number(this.takeSeat.value) || 0;
    const settings = { record: stepperRecord(stepper.data), step: stepper.index, seat,
      level: this.setup.levelSelect.value };
    this.mode = "play";
    this.syncModes();
    this.setup.syncSources();
    this.begin(settings);
    stepper.more.close();
  }

  backToSetup() {
    const inside = this.engaged;
    this.closeSession();
    this.state = null;
    this.table.root.hidden = true;
    this.setup.root.hidden = false;
    this.setup.syncSetup();
    this.engaged = false;
    // The keyboard goes on from the setup's button.
    if (inside) this.setup.startButton.focus();
  }

  closeSession() {
    this.loop++;
    if (this.game) Runtime.call("play_close", [this.game.session]).catch(() => {});
    this.game = null;
  }

  /* Start a session with these settings (or a promise of them). */
  begin(settings) {
    // Dealt with the keyboard from the setup (or from "Play from here"): the focus goes on to
    // the table once it is dealt.
    const focused = document.activeElement;
    this.engaged = focused instanceof Element && (this.setup.root.contains(focused) ||
      this.takeover.contains(focused));
    this.closeSession();
    // A new deal stops the analysis of the last one.
    if (this.stepper.analysis) this.stepper.analysis.stop();
    this.daily = null;
    let daily = null;
    this.setup.setupError("");
    this.setup.startButton.disabled = true;
    this.setup.setupStatus.hidden = false;
    this.setup.setupStatus.textContent = Runtime.info ? t("play.starting") : t("loading");
    const asked = ++this.loop;
    Promise.resolve(settings).then((chosen) => Runtime.start().then(() => {
      daily = chosen.daily || null;
      this.setup.setupStatus.textContent = t("play.starting");
      return Runtime.call("play_start", [JSON.stringify(chosen), page.lang]);
    })).then((answer) => {
      this.setup.startButton.disabled = false;
      if (asked !== this.loop) return;
      if (!answer.ok) {
        this.setup.root.hidden = false;
        this.table.root.hidden = true;
        this.setup.setupError(t("play.failed", { error: answer.error }));
        return;
      }
      this.setup.setupError("");
      this.daily = daily;
      this.show(answer);
    }, (error) => {
      this.setup.startButton.disabled = false;
      if (asked !== this.loop) return;
      this.setup.root.hidden = false;
      this.setup.setupError(t("play.failed", { error: problem(error) }));
    });
  }

  show(answer) {
    this.game = answer;
    this.table.start(answer);
    this.log = answer.log.slice();
    this.state = answer.state;
    this.hints = null;
    this.names = Object.assign({}, answer.state.names);
    this.setup.root.hidden = true;
    this.table.root.hidden = false;
    this.table.logList.replaceChildren();
    this.log.forEach((step) => { this.table.logList.append(this.table.logItem(step)); });
    this.lastDone = false;
    this.shownAt = performance.now();
    this.render();
    this.tell(this.log.map((step) => this.stepWords(step)));
    this.run();
  }

  /* A step's words, as a screen reader hears them: what happened, who took the trick, what was
   * drawn. */
  stepWords(step) {
    return [step.text, step.trick_text, step.draw_text].filter((part) => !!part).join(" ");
  }

  /* Say these sentences once, in the polite live region. */
  tell(lines) {
    const text = lines.filter((line) => !!line).join(" ");
    if (text) this.table.announcer.textContent = text;
  }

  /* An answer of act / advance: its steps, then the state. */
  apply(answer) {
    if (!this.game || answer.session !== this.game.session) return;
    answer.steps.forEach((step) => {
      this.log.push(step);
      this.table.logList.append(this.table.logItem(step));
    });
    if (answer.steps.length) {
      this.lastDone = !!answer.steps[answer.steps.length - 1].done;
      this.shownAt = performance.now();
    }
    this.state = answer.state;
    Object.assign(this.names, answer.state.names);
    this.hints = null;
    this.render();
    this.tell(answer.steps.map((step) => this.stepWords(step)));
  }

  /* The bots play, one at a time, until it is the reader's turn or the deal is over. */
  async run() {
    const token = ++this.loop;
    while (this.game && this.state && !this.state.over && !this.state.your_turn &&
           this.state.turn !== null && this.state.turn >= 0) {
      const session = this.game.session;
      this.pending = true;
      this.render();
      const wait = pauseFor(this.lastDone) - (performance.now() - this.shownAt);
      if (wait > 0) await sleep(wait);
      if (token !== this.loop) return;
      let answer;
      try {
        answer = await Runtime.call("play_advance", [session]);
      } catch (error) {
        this.pending = false;
        this.say(t("play.failed", { error: problem(error) }));
        return;
      }
      // Applied even when overtaken: the step did happen in Python.
      this.apply(answer);
      if (!answer.ok) {
        this.pending = false;
        this.say(t("play.failed", { error: answer.error }));
        return;
      }
      if (token !== this.loop) return;
      if (!answer.steps.length) break;
    }
    if (token === this.loop) {
      this.pending = false;
      this.render();
    }
  }

  act(action) {
    this.send("play_act", [action]);
  }

  /* The reader makes none of the moves out of turn offered (state.interject): play goes on. */
  goOn() {
    this.send("play_go_on", []);
  }

  /* A call of the reader's (play_act, play_go_on), then the bots play on. */
  send(call, args) {
    if (!this.game) return;
    const session = this.game.session;
    this.loop++;
    this.pending = true;
    this.busy = true;
    this.render();
    Runtime.call(call, [session, ...args]).then((answer) => {
      this.pending = false;
      this.busy = false;
      if (!answer.ok) {
        this.say(answer.error);
        this.render();
        return;
      }
      this.apply(answer);
      this.run();
    }, (error) => { this.failed(error); });
  }

  undo() {
    if (!this.game || !this.state || !this.state.can_undo || this.busy) return;
    const session = this.game.session;
    this.loop++;
    this.pending = true;
    this.busy = true;
    this.render();
    Runtime.call("play_undo", [session]).then((answer) => {
      this.pending = false;
      this.busy = false;
      if (!this.game || session !== this.game.session) return;
      if (!answer.ok) {
        this.say(answer.error);
        return;
      }
      this.log = answer.log.slice();
      this.table.logList.replaceChildren(...this.log.map((step) => this.table.logItem(step)));
      this.state = answer.state;
      Object.assign(this.names, answer.state.names);
      this.hints = null;
      this.lastDone = false;
      this.table.choices.called = null;
      this.render();
      this.tell([t("play.undone"), this.stepWords(this.log[this.log.length - 1] || {})]);
      this.run();
    }, (error) => { this.failed(error); });
  }

  askHint() {
    if (!this.game || this.thinking || this.table.hintButton.getAttribute("aria-disabled")) return;
    const session = this.game.session;
    const step = this.state.step;
    // The button stays focusable while the bot thinks (aria-disabled, not disabled).
    this.thinking = true;
    this.table.hintButton.textContent = t("play.hinting");
    this.render();
    Runtime.call("play_hint", [session]).then((answer) => {
      this.thinking = false;
      this.table.hintButton.textContent = t("play.hint");
      if (!this.game || session !== this.game.session || !this.state ||
          this.state.step !== step) {
        this.render();
        return;
      }
      this.hints = answer.ok ? answer : { text: answer.error, estimates: [] };
      this.render();
      this.tell([this.hints.text].concat(this.hints.summary || []));
    }, (error) => {
      this.thinking = false;
      this.table.hintButton.textContent = t("play.hint");
      this.say(t("play.failed", { error: problem(error) }));
      this.render();
    });
  }

  /* A call that did not come back: the table waits no more, and says why. */
  failed(error) {
    this.pending = false;
    this.busy = false;
    this.say(t("play.failed", { error: problem(error) }));
  }

  say(message) {
    // Only a change is written (a screen reader would say the same words again).
    if (this.table.status.textContent !== message) this.table.status.textContent = message;
  }

  /* The record as Python wrote it (JSON.parse would round a seed beyond 2^53). */
  recordText() {
    return this.state && this.state.record_text ? this.state.record_text : "";
  }

  copyRecord() {
    const text = this.recordText();
    const done = () => { this.say(t("play.copied")); };
    const failed = () => {
      const range = document.createRange();
      range.selectNodeContents(this.table.recordBox);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      this.say(t("play.copyFailed"));
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, failed);
    } else {
      failed();
    }
  }

  downloadRecord() {
    const text = this.recordText();
    if (!text) return;
    const record = this.state.record;
    const blob = new Blob([text + "\n"], { type: "application/json" });
    const link = el("a", { href: URL.createObjectURL(blob),
      download: record.game + (record.seed !== undefined ? "-" + record.seed : "") + ".json" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => { URL.revokeObjectURL(link.href); }, 10000);
  }

  /* Draw the table as the state now stands. */
  render() {
    this.table.draw();
  }

  /* The finished deal in step mode, as the reader's seat saw it, and the analysis of the
   * reader's decisions (with the bot in the seat against the same bots; a deal of the day's
   * result line). The keyboard's focus goes on to the analysis. */
  analyse() {
    const text = this.recordText();
    if (!text || !this.game) return;
    const { seat, level, taken } = this.game;
    const daily = this.daily;
    this.setMode("step");
    const stepper = this.stepper;
    stepper.loadFrom(Runtime.call("deal_steps", [text, page.lang, String(seat)]), false)
      .then((shown) => {
        if (!shown || !stepper.analysis) return;
        stepper.analysis.start(seat, { level, daily, from: taken });
        stepper.analysis.root.scrollIntoView({ block: "nearest" });
        stepper.analysis.stopButton.focus();
      });
  }

  /* The finished deal in step mode, on the stepper. */
  openRecord() {
    const text = this.recordText();
    if (!text) return;
    this.setMode("step");
    const stepper = this.stepper;
    stepper.loadFrom(Runtime.call("deal_steps", [text, page.lang, "all"]), false).then((shown) => {
      if (shown) stepper.root.scrollIntoView({ block: "nearest" });
    });
  }
}
