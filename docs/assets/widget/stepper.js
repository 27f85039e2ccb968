/* cardrules widget: the stepper. One deal diagram made steppable: the deal, then every action,
 * forward and back, as the open account or as one seat sees it.
 *
 * Python answers with every step of a deal at once, as one viewer is shown it
 * (cardrules.web.steps.deal_steps); stepping is plain JavaScript and never calls Python again.
 * A diagram's own deal, in the open account, comes from that same call made at build time
 * (docs/hooks/widget.py writes its answer, word for word, beside the pages): a board that only
 * steps through its diagram's deal starts no Python. Another view ("Show: Bea's view") is
 * another answer, asked for once and kept (Python starts then, if it has not): the page never
 * works out who may see what (deal-view.js draws what the answer says).
 *
 * Moving along: the buttons, the jump menu, the keys ← → Home End while the widget has focus, a
 * swipe on a touch screen, or autoplay (autoplay.js: play/pause, at a chosen speed; any other
 * move pauses it).
 *
 * Shareable links (address.js): "Copy link" gives the address with the deal, the step and the
 * view in its fragment. On the "Try it" page the address follows the stepper once the reader
 * moves (or opened a link), and a link in the address is opened with
 * cardrules.web.links.link_steps, which checks the deal as any record is checked; a damaged
 * link is said so in the page's language, and the page shows its own deal instead. */

import { Autoplay } from "./autoplay.js";
import { Address, linkBoard, sharedFragment } from "./address.js";
import { DealView } from "./deal-view.js";
import { button, el, labelClicks, recordText, url } from "./dom.js";
import { Lookup } from "./lookup.js";
import { MoreMenu } from "./more.js";
import { dealPicker } from "./picker.js";
import { Runtime, markReady, problem } from "./runtime.js";
import { page, t } from "./text.js";

const SWIPE_PX = 40;

let skipped = false;

/* A link to skip to the widget, first thing on the page (shown when it has the focus). */
function skipLink(target) {
  if (skipped) return;
  skipped = true;
  const link = el("a", { class: "cr-skip", href: "#" + target.id, text: t("skip") });
  link.addEventListener("click", (event) => {
    event.preventDefault();
    target.scrollIntoView({ block: "start" });
    target.focus();
  });
  const theme = document.querySelector("a.md-skip");
  if (theme) theme.after(link);
  else document.body.prepend(link);
}

/* The answer for a diagram's record in the open account, made at build time (the same
 * deal_steps call, its JSON text in the site: docs/hooks/widget.py), or null if there is none
 * to be had. */
function builtAnswer(record) {
  return fetch(url(page.config.steps + record))
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
}

/* A function that asks once for the deal of `figure`'s record (the open account): with
 * `built`, the answer made at build time (Python only if it cannot be had); else Python's. */
function ownDealAsker(figure, built) {
  const record = figure.getAttribute("data-record");
  const fromPython = (text) => text.then((recordText) => {
    if (recordText === null) return null;
    Runtime.marks.call = Runtime.marks.call || performance.now();
    return Runtime.call("deal_steps", [recordText, page.lang, "all"]);
  });
  let asking;
  if (!record) asking = () => Promise.resolve(null);
  else if (built) {
    const made = builtAnswer(record);
    asking = () => made.then((answer) => answer || fromPython(recordText(record)));
  } else {
    // Fetched at once, while Python starts.
    const text = recordText(record);
    text.catch(() => {});
    asking = () => fromPython(text);
  }
  let answer = null;
  const ask = () => {
    if (!answer) answer = asking();
    return answer;
  };
  ask.built = built && !!record;
  return ask;
}

/* A step button: its arrow, and its word (its name: on a phone, only the arrow shows). */
function stepButton(arrow, word, arrowFirst, more, onClick, extra) {
  const node = button(word, more, onClick, extra);
  const sign = el("span", { class: "cr-w-arrow", "aria-hidden": "true", text: arrow });
  const name = el("span", { class: "cr-w-word", text: word });
  node.replaceChildren(...(arrowFirst ? [sign, " ", name] : [name, " ", sign]));
  return node;
}

/* A swipe on a touch screen over `element`: to the left, `move(1)` (the next step); to the
 * right, `move(-1)`. */
function swipes(element, move) {
  let start = null;
  element.addEventListener("touchstart", (event) => {
    const touch = event.touches.length === 1 ? event.touches[0] : null;
    start = touch ? { x: touch.clientX, y: touch.clientY, at: Date.now() } : null;
  }, { passive: true });
  element.addEventListener("touchend", (event) => {
    const from = start;
    start = null;
    const touch = event.changedTouches && event.changedTouches[0];
    if (!from || !touch || Date.now() - from.at > 1000) return;
    const dx = touch.clientX - from.x;
    const dy = touch.clientY - from.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 1.5 * Math.abs(dy)) return;
    move(dx < 0 ? 1 : -1);
  }, { passive: true });
  element.addEventListener("touchcancel", () => { start = null; }, { passive: true });
}

export class Stepper {
  /* `options.trySource`: with the deal picker (the "Try it" page); `options.openLookup`: the
   * term lookup unfolded; `options.board`: a board of a page's own (the practice page's
   * puzzle solutions), its id: no shared link opens it, and it gives none. */
  constructor(figure, options) {
    this.figure = figure;
    this.options = options || {};
    // Its place among the page's diagrams (a shared link names it).
    this.number = Math.max(0, Array.from(document.querySelectorAll("figure.cr-deal[data-record]"))
      .indexOf(figure));
    this.data = null;
    this.views = {}; // the deal's answers by view ("all", "0", "1"...), each asked for once
    this.index = 0;
    this.view = "all";
    this.loading = null;
    this.asked = 0;
    this.sourcePanel = null;
    this.recordBox = null;
    this.rendered = []; // what to do after each step is drawn (play mode's "Play from here")
    this.announcing = []; // more words a step is announced with (the analysis's note)
    this.build();
  }

  build() {
    this.root = el("div", { class: "cr-widget", "data-state": "idle", lang: page.lang,
      id: this.options.board || "cr-widget-" + this.number, tabindex: "-1", role: "region",
      "aria-label": t("widget") });
    // Every step's words, said once by a screen reader (the board itself is not live: it
    // redraws at every step).
    this.announcer = el("p", { class: "cr-sr-only", "aria-live": "polite" });
    this.buildIntro();
    this.buildControls();
    this.board = el("div", { class: "cr-board", tabindex: "0", hidden: true, role: "group",
      "aria-label": t("boardLabel"), "aria-keyshortcuts": "ArrowLeft ArrowRight Home End" });
    this.dealView = new DealView(this.board, this.figure);
    // The keys work wherever the focus is in the widget, except in a field or a menu (and in
    // the lookup and the deal picker, which have fields of their own).
    this.root.addEventListener("keydown", (event) => { this.key(event); });
    labelClicks(this.board, () => this.lookup);
    swipes(this.board, (by) => { if (this.data) this.move(this.index + by); });
    // One row above the cards: play mode's choice of mode joins it (play.js), then the step
    // controls; the deal picker and the term lookup follow the board.
    this.bar = el("div", { class: "cr-widget__bar" }, this.controls);
    this.root.append(this.bar, this.board, this.announcer);
    if (this.sourcePanel) this.root.append(this.sourcePanel);
    this.lookup = new Lookup(this.options.openLookup);
    this.root.append(this.lookup.root);

    const caption = this.figure.querySelector("figcaption");
    if (caption) caption.after(this.root);
    else this.figure.prepend(this.root);
    skipLink(this.root);
    this.dealView.linkTricks((n) => { this.goToTrick(n); });
    // A shared link for this board (on a game page, it may be far down the page): the board
    // starts at once and opens it, wherever it is.
    if (this.options.board) {
      this.linkBox.button.hidden = true;
      return;
    }
    const shared = sharedFragment();
    if (shared && linkBoard(shared) === this.number && !this.options.trySource) {
      setTimeout(() => { this.activate(); }, 0);
    }
  }

  /* The start button, the status, what went wrong with a link, the deal picker. */
  buildIntro() {
    const built = this.startsWithoutPython() && this.figure.hasAttribute("data-record");
    this.status = el("p", { class: "cr-widget__status", role: "status", "aria-live": "polite",
      text: built ? t("waitingSteps") : t("waiting") });
    this.startButton = button(t("start"), t("start"), () => { this.activate(); },
      "cr-w-button--start");
    this.root.append(el("div", { class: "cr-widget__intro" }, this.startButton, this.status));
    // What went wrong with a shared link (the page shows its own deal instead).
    this.noticeText = el("span", { class: "cr-widget__notice-text" });
    this.notice = el("div", { class: "cr-widget__notice", role: "alert", hidden: true },
      this.noticeText, button("×", t("dismiss"), () => { this.notice.hidden = true; },
        "cr-w-button--dismiss"));
    this.root.append(this.notice);
    if (this.options.trySource) {
      const picker = dealPicker(this);
      this.sourcePanel = picker.panel;
      this.recordBox = picker.recordBox;
    }
  }

  /* The step buttons, autoplay and the view menu; behind "More", the jump menu, the speed and
   * the link. */
  buildControls() {
    this.controls = el("div", { class: "cr-widget__controls", hidden: true });
    this.firstButton = stepButton("|◀", t("first"), true, t("firstTitle"),
      () => { this.move(0); }, "cr-w-button--first");
    this.backButton = stepButton("◀", t("back"), true, t("backTitle"),
      () => { this.move(this.index - 1); }, "cr-w-button--back");
    this.nextButton = stepButton("▶", t("next"), false, t("nextTitle"),
      () => { this.move(this.index + 1); }, "cr-w-button--next");
    this.lastButton = stepButton("▶|", t("last"), false, t("lastTitle"),
      () => { this.move(this.data.steps.length - 1); }, "cr-w-button--last");
    this.jump = el("select", { class: "cr-widget__jump", "aria-label": t("jump") });
    this.jump.addEventListener("change", () => { this.move(Number(this.jump.value)); });
    this.viewSelect = el("select", { class: "cr-widget__view", "aria-label": t("show") });
    this.viewSelect.addEventListener("change", () => { this.chooseView(this.viewSelect.value); });
    this.counter = el("span", { class: "cr-widget__counter" });
    this.autoplay = new Autoplay(this);
    this.address = new Address(this);
    this.linkBox = this.address.box;
    // The controls a reader seldom needs wait behind "More" (play.js adds "Play from here").
    this.more = new MoreMenu();
    this.more.panel.append(
      el("div", { class: "cr-widget__selects" },
        el("label", null, t("jump") + " ", this.jump),
        el("label", null, t("speed") + " ", this.autoplay.speedSelect)),
      el("div", { class: "cr-widget__tools" }, this.linkBox.button),
      this.linkBox.row);
    this.controls.append(
      el("div", { class: "cr-widget__buttons" },
        this.firstButton, this.backButton, this.nextButton, this.lastButton, this.counter),
      el("div", { class: "cr-widget__tools" }, this.autoplay.button,
        el("label", null, el("span", { class: "cr-w-word", text: t("show") }), " ",
          this.viewSelect)),
      this.more.root
    );
  }

  key(event) {
    if (!this.data || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (this.root.classList.contains("cr-widget--playing") || this.board.hidden) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && (target.closest("input, textarea, select, [contenteditable]") ||
        (this.lookup && this.lookup.root.contains(target)) ||
        (this.sourcePanel && this.sourcePanel.contains(target)) ||
        !(this.board.contains(target) || this.controls.contains(target)))) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) this.move(this.index + moves[event.key]);
    else if (event.key === "Home") this.move(0);
    else if (event.key === "End") this.move(this.data.steps.length - 1);
    else return;
    event.preventDefault();
  }

  /* The reader moves: autoplay pauses, and on the "Try it" page the address follows. */
  move(index) {
    this.autoplay.pause();
    this.address.live = true;
    this.go(index, true);
  }

  /* Whether autoplay may take a step now (not in play mode, nor before a deal is shown). */
  canStep() {
    return !!this.data && !this.root.classList.contains("cr-widget--playing") &&
      !this.board.hidden;
  }

  /* Views ------------------------------------------------------------------------------------ */

  /* Show the deal as `view` is shown it ("all", or a seat's number as text): an answer kept,
   * or asked for once. */
  chooseView(view) {
    this.view = view;
    this.address.live = true;
    const kept = this.views[view];
    if (kept) {
      this.useView(kept);
      return;
    }
    const views = this.views; // another deal shown meanwhile has views of its own
    // Python may not have started yet (the board's deal was made at build time): say so.
    const starting = !Runtime.info;
    if (starting) this.setState("loading", t("loading"));
    Runtime.call("deal_steps", [this.data.record_text, page.lang, view]).then((answer) => {
      if (this.views !== views) return;
      if (starting) this.setState("ready", "");
      if (!answer.ok) {
        this.setState("error", t("badDeal", { error: answer.error }));
        return;
      }
      this.views[view] = answer;
      if (this.view === view) this.useView(answer);
    }, (error) => {
      if (Runtime.failed) this.fail();
      else this.setState("error", t("badDeal", { error: problem(error) }));
    });
  }

  useView(answer) {
    this.data = answer;
    this.dealView.layout(answer);
    this.render();
  }

  /* `then(answer)` once `promise` answers, if nothing was asked for since (`asked`); a
   * failure said. */
  answered(promise, asked, then) {
    return promise.then((answer) => (asked === this.asked ? then(answer) : false), (error) => {
      if (Runtime.failed) this.fail();
      else if (asked === this.asked) this.setState("error", t("badDeal",
        { error: problem(error) }));
      return false;
    });
  }

  /* Go to the end of trick `n` (the static list of tricks is a way to jump to a trick). */
  goToTrick(n) {
    if (!this.data) return;
    const step = this.data.tricks[n - 1];
    if (step !== undefined) {
      this.move(step);
      this.board.scrollIntoView({ block: "nearest" });
    }
  }

  setState(state, message) {
    this.root.setAttribute("data-state", state);
    this.status.textContent = message || "";
    this.status.hidden = !message;
  }

  /* Loading ---------------------------------------------------------------------------------- */

  /* Show this board's own deal (its figure's record), made at build time or by Python (then
   * started, if needed). */
  activate() {
    if (this.loading) return this.loading;
    const asked = ++this.asked;
    // A shared link is for the "Try it" page's board, or for the board it names; it comes
    // first, and the page's own deal is fetched all the same, to show if the link is damaged.
    const mine = (fragment) => !!fragment && !this.options.board &&
      linkBoard(fragment) === this.number;
    const shared = mine(sharedFragment()) ? sharedFragment() : null;
    this.address.listen(mine);
    this.ownDeal = ownDealAsker(this.figure, this.startsWithoutPython());
    const built = !shared && this.ownDeal.built;
    this.setState("loading", built ? t("loadingSteps") : t("loading"));
    this.startButton.hidden = true;
    const started = built ? this.ownDeal() : Runtime.start().then(() => {
      this.setState("loading", t("computing"));
      if (!shared) return this.ownDeal();
      return Runtime.call("link_steps", [shared, page.lang]).then((answer) => {
        if (answer.ok) return answer;
        this.address.problem(answer.error);
        return this.ownDeal();
      });
    });
    this.loading = this.answered(started, asked, (answer) => {
      Runtime.marks.answer = Runtime.marks.answer || performance.now();
      if (answer) this.show(answer, !answer.at);
      // A shared link opens the page at its board, its title in view under the page's
      // header (or at what went wrong with it).
      if (shared) this.figure.scrollIntoView({ block: "start" });
    });
    return this.loading;
  }

  /* Whether this board's own deal comes from the answer made at build time: a diagram's
   * board, not the "Try it" page's (whose Python starts with the page) nor a board of a page's
   * own (the practice page's). */
  startsWithoutPython() {
    return !!page.config.steps && !this.options.trySource && !this.options.board;
  }

  /* Show an answer still on its way (the deal picker's); the reader's latest choice wins over
   * answers still on their way. Resolves to true once the answer is on the board. */
  loadFrom(promise, own) {
    this.activate();
    const asked = ++this.asked;
    this.setState("loading", this.data ? t("computing") : t("loading"));
    return this.answered(promise, asked, (answer) => {
      this.show(answer, own);
      return true;
    });
  }

  /* Python could not start: the static diagram stays, and only the message is left. */
  fail() {
    this.setState("failed", t("failed"));
    this.startButton.hidden = true;
    this.controls.hidden = true;
    this.board.hidden = true;
    if (this.sourcePanel) this.sourcePanel.hidden = true;
    this.lookup.root.hidden = true;
    this.figure.classList.remove("cr-deal--live", "cr-deal--replaced");
  }

  /* Show an answer of deal_steps / new_deal / link_steps (answer.at: the link's step and view).
   * `own`: the figure's own record. */
  show(answer, own) {
    if (!answer.ok) {
      this.setState("error", t("badDeal", { error: answer.error }));
      return;
    }
    this.autoplay.pause();
    this.data = answer;
    this.view = String(answer.view);
    this.views = { [this.view]: answer };
    this.linkBox.follow(null);
    if (answer.at) {
      this.notice.hidden = true;
      this.address.live = true;
      if (this.sourcePanel) {
        const sample = this.sourcePanel.querySelector(".cr-source__sample");
        if (sample) sample.value = "";
      }
    }
    this.setState("ready", "");
    this.figure.classList.add("cr-deal--live");
    this.figure.classList.toggle("cr-deal--replaced", !own);
    this.showCaption(answer, own);
    this.fillMenus(answer);
    // The record as Python wrote it (JSON.parse would round a seed beyond 2^53).
    if (this.recordBox) this.recordBox.textContent = answer.record_text;
    this.dealView.layout(answer);
    this.controls.hidden = false;
    this.board.hidden = false;
    this.startButton.hidden = true;
    // Start where the static diagram starts (a block may show only some tricks).
    let start = answer.at ? answer.at.step : 0;
    if (own) {
      const first = this.figure.querySelector("li.cr-trick[data-trick]");
      const n = first ? Number(first.getAttribute("data-trick")) : 1;
      if (n > 1 && answer.tricks[n - 2] !== undefined) start = answer.tricks[n - 2];
    }
    this.go(start);
    markReady();
    this.figure.querySelectorAll("li.cr-trick[data-trick]").forEach((item) => {
      item.setAttribute("tabindex", own ? "0" : "-1");
    });
  }

  /* The figure's caption: its own for its own deal, else the game and the players. */
  showCaption(answer, own) {
    const caption = this.figure.querySelector("figcaption");
    if (!caption) return;
    // The figure's own caption is kept, to come back with its own deal.
    if (!this.ownCaption) this.ownCaption = Array.from(caption.childNodes);
    if (own) caption.replaceChildren(...this.ownCaption);
    else caption.textContent = answer.title + " · " + t("players", { n: answer.players });
  }

  /* The jump menu (the deal, then each trick) and the view menu (every hand, each seat's). */
  fillMenus(answer) {
    const options = [el("option", { value: 0, text: t("dealt") })];
    answer.tricks.forEach((step, i) => {
      options.push(el("option", { value: step, text: t("trick", { n: i + 1 }) }));
    });
    this.jump.replaceChildren(...options);
    const views = [el("option", { value: "all", text: t("everyHand") })];
    answer.seats.forEach((seat, i) => {
      views.push(el("option", { value: String(i), text: t("seatView", { name: seat.name }) }));
    });
    this.viewSelect.replaceChildren(...views);
    this.viewSelect.value = this.view;
  }

  /* Show step `index`; `told`: the reader moved there, and a screen reader says the step. */
  go(index, told) {
    if (!this.data) return;
    const last = this.data.steps.length - 1;
    const before = this.index;
    this.index = Math.max(0, Math.min(last, index));
    this.render();
    if (told && (this.index !== before || !this.announcer.textContent)) this.announce();
  }

  /* The step's words, once, in the polite live region. */
  announce() {
    const step = this.data.steps[this.index];
    const parts = [this.counter.textContent + ".", step.text, step.trick_text,
      step.draw_text, step.news_text];
    if (this.index === this.data.steps.length - 1 && this.data.result) {
      parts.push(this.data.result.text);
    }
    this.announcing.forEach((more) => { parts.push(more()); });
    this.announcer.textContent = parts.filter((part) => !!part).join(" ");
  }

  render() {
    const data = this.data;
    const step = data.steps[this.index];
    const last = data.steps.length - 1;
    const focused = document.activeElement;
    this.firstButton.disabled = this.backButton.disabled = this.index === 0;
    this.nextButton.disabled = this.lastButton.disabled = this.index === last;
    // A step button that had the focus and is now disabled (the first or the last step):
    // the focus goes to the board, where the arrow keys go on working.
    if (focused instanceof HTMLButtonElement && focused.disabled &&
        this.controls.contains(focused)) {
      this.board.focus({ preventScroll: true });
    }
    this.counter.textContent = t("step", { n: this.index + 1, total: last + 1 });
    this.root.setAttribute("data-step", String(this.index));
    this.root.setAttribute("data-view", String(data.view));
    // The jump menu shows the trick being played (the deal before the first card, through a
    // chant or discards before the play).
    let playing = 0;
    const started = step.trick > 1 || step.table.length > 0;
    if (this.index > 0 && data.tricks.length && started) {
      playing = data.tricks[Math.min(step.trick, data.tricks.length) - 1];
    }
    this.jump.value = String(playing);
    // A link shown for another step is put away; the address follows the stepper.
    this.address.sync();
    this.dealView.draw(this.index);
    this.rendered.forEach((then) => { then(); });
  }

  /* The fragment of a link to the step shown (see address.js). */
  fragment() {
    return this.address.fragment();
  }

  /* Whether the address waits to be rewritten (the tests wait for it). */
  get addressTimer() {
    return this.address.timer;
  }

  /* Call `then()` after each step is drawn. */
  onRender(then) {
    this.rendered.push(then);
  }
}
