/* cardrules widget: the board. One deal diagram made steppable: the deal, then every action,
 * forward and back, the open account or what one seat sees.
 *
 * Python answers with every step of a deal at once (cardrules.web.board.deal_steps: the states and
 * the narration's sentences); stepping is plain JavaScript and never calls Python again. The
 * board says only what the answer's narration says: in one seat's view, a step whose words
 * differ for that seat (a card put face down by another seat) shows that seat's words
 * (step.texts[seat]), and other hands show as card backs unless that seat may see them (see).
 * The sides show once they are known: in the open account from the step at which they are set
 * (step.known: a call, in a game with a hidden partner); in one seat's view from the step at
 * which that seat learns them (step.known_by: the holder of a called card at the call, the
 * others when it is played); until then the score is per player. In a game with a contract the
 * seats show their parts in it (step.roles: caller, partner, declarer...) instead of side
 * numbers, and a seat with no part plays on its own: no side colour, and the score is by seat
 * (by_seat), with what the points are made of (point_kinds; another seat's face-down cards
 * show as "?"). The auction shows as a table of rounds filled in step by step; the talon lies
 * face down until it is shown, then face up with who took it; cards put face down show as
 * backs in every other seat's view. A record's note on a step (step.note, already in the page's
 * language) shows under the step's sentence, as text, in the open account (its author sees
 * every card: a seat's view only says that the step has one).
 *
 * Moving along: the buttons, the jump menu, the keys ← → Home End while the widget has focus, a
 * swipe on a touch screen, or autoplay (play/pause, at a chosen speed; any other move pauses it).
 *
 * Shareable links: "Copy link" gives the "Try it" page's address with the deal and the step in
 * its fragment, #deal=<token>&step=<n>[&view=<seat>] (the token is answer.link, the record as
 * cardrules.web.board.link_token packs it). On the "Try it" page the address follows the board once
 * the reader moves (or opened a link), and a link in the address is opened with
 * cardrules.web.board.link_steps, which checks the deal as any record is checked; a damaged link is
 * said so in the page's language, and the page shows its own deal instead. */

import { button, cardBack, cardImage, el, icon, labelInfo, labelLink, place, url } from "./dom.js";
import { Lookup } from "./lookup.js";
import { dealPicker } from "./picker.js";
import { Runtime, markReady, problem } from "./runtime.js";
import { join, page, t } from "./text.js";

/* Autoplay's speeds, slow to very fast: the speed's name and the pause between two steps, in
 * milliseconds (an array: an object would list "0.5" after the whole numbers). */
const SPEED_LIST = [["0.5", 2400], ["1", 1200], ["2", 600], ["4", 250]];
const SPEEDS = Object.fromEntries(SPEED_LIST);

/* A speed's name in words. */
function speedName(speed) {
  if (speed === "0.5") return t("speed.slow");
  if (speed === "2") return t("speed.fast");
  if (speed === "4") return t("speed.veryFast");
  return t("speed.normal");
}

/* What a column of points by kind counts (cardrules.web.board's point_kinds), in words. */
function partName(kind) {
  switch (kind) {
    case "cards": return t("part.cards");
    case "discard": return t("part.discard");
    case "declare": return t("part.declare");
    case "last": return t("part.last");
    case "end": return t("part.end");
    default: return t("part.other");
  }
}
const SWIPE_PX = 40;

/* The fragment of the page's address (or of `hash`) if it holds a shared deal
 * ("#deal=...&step=..."), else null. */
function sharedFragment(hash = window.location.hash || "") {
  return /^#(?:[^&]*&)*deal=/.test(hash) ? hash.slice(1) : null;
}

/* The board a shared link is for: its "board=<n>" (a link copied on a game page, which has a
 * board per diagram), else the first. */
function linkBoard(fragment) {
  const found = /(?:^|&)board=(\d+)(?:&|$)/.exec(fragment || "");
  return found ? Number(found[1]) : 0;
}

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

export class Board {
  /* `options.trySource`: with the deal picker (the "Try it" page); `options.openLookup`: the
   * term lookup unfolded. */
  constructor(figure, options) {
    this.figure = figure;
    this.options = options || {};
    // Its place among the page's diagrams (a shared link names it).
    this.number = Math.max(0, Array.from(document.querySelectorAll("figure.cr-deal[data-record]"))
      .indexOf(figure));
    this.data = null;
    this.index = 0;
    this.view = "all";
    this.loading = null;
    this.asked = 0;
    this.sourcePanel = null;
    this.recordBox = null;
    this.timer = null;
    this.speed = "1";
    this.linkLive = false;
    this.addressTimer = null;
    this.linkShownAt = null;
    this.touch = null;
    this.build();
  }

  build() {
    const figure = this.figure;
    this.root = el("div", { class: "cr-widget", "data-state": "idle", lang: page.lang,
      id: "cr-widget-" + this.number, tabindex: "-1", role: "region",
      "aria-label": t("widget") });
    // Every step's words, said once by a screen reader (the board itself is not live: it
    // redraws at every step).
    this.announcer = el("p", { class: "cr-sr-only", "aria-live": "polite" });
    this.status = el("p", { class: "cr-widget__status", role: "status", "aria-live": "polite",
      text: t("waiting") });
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
      this.root.append(picker.panel);
    }

    this.controls = el("div", { class: "cr-widget__controls", hidden: true });
    this.firstButton = button("|◀ " + t("first"), t("firstTitle"), () => { this.move(0); },
      "cr-w-button--first");
    this.backButton = button("◀ " + t("back"), t("backTitle"),
      () => { this.move(this.index - 1); }, "cr-w-button--back");
    this.nextButton = button(t("next") + " ▶", t("nextTitle"),
      () => { this.move(this.index + 1); },
      "cr-w-button--next");
    this.lastButton = button(t("last") + " ▶|", t("lastTitle"), () => {
      this.move(this.data.steps.length - 1);
    }, "cr-w-button--last");
    this.jump = el("select", { class: "cr-widget__jump", "aria-label": t("jump") });
    this.jump.addEventListener("change", () => { this.move(Number(this.jump.value)); });
    this.viewSelect = el("select", { class: "cr-widget__view", "aria-label": t("show") });
    this.viewSelect.addEventListener("change", () => {
      this.view = this.viewSelect.value;
      this.linkLive = true;
      this.render();
    });
    this.counter = el("span", { class: "cr-widget__counter" });
    // Autoplay, its speed, and the link to this step.
    this.autoButton = button("", t("autoplayTitle"), () => { this.toggleAutoplay(); },
      "cr-w-button--autoplay");
    this.speedSelect = el("select", { class: "cr-widget__speed", "aria-label": t("speed") });
    SPEED_LIST.forEach(([speed]) => {
      this.speedSelect.append(el("option", { value: speed, text: speedName(speed) }));
    });
    this.speedSelect.value = this.speed;
    this.speedSelect.addEventListener("change", () => {
      this.speed = this.speedSelect.value;
      if (this.timer !== null) this.schedule();
    });
    this.linkButton = button(t("copyLink"), t("copyLinkTitle"), () => { this.copyLink(); },
      "cr-w-button--link");
    this.linkBox = el("input", { class: "cr-widget__link", type: "text", readonly: true,
      spellcheck: "false", "aria-label": t("linkLabel") });
    this.linkBox.addEventListener("focus", () => { this.linkBox.select(); });
    this.linkStatus = el("span", { class: "cr-widget__link-status", role: "status" });
    this.linkRow = el("div", { class: "cr-widget__link-row", hidden: true },
      this.linkBox, this.linkStatus);
    this.controls.append(
      el("div", { class: "cr-widget__buttons" },
        this.firstButton, this.backButton, this.nextButton, this.lastButton, this.counter),
      el("div", { class: "cr-widget__tools" },
        this.autoButton, el("label", null, t("speed") + " ", this.speedSelect), this.linkButton),
      el("div", { class: "cr-widget__selects" },
        el("label", null, t("jump") + " ", this.jump),
        el("label", null, t("show") + " ", this.viewSelect)),
      this.linkRow
    );
    this.syncAutoplay();
    this.board = el("div", { class: "cr-board", tabindex: "0", hidden: true, role: "group",
      "aria-label": t("boardLabel"), "aria-keyshortcuts": "ArrowLeft ArrowRight Home End" });
    // The keys work wherever the focus is in the widget, except in a field or a menu (and in
    // the lookup and the deal picker, which have fields of their own).
    this.root.addEventListener("keydown", (event) => { this.key(event); });
    this.board.addEventListener("click", (event) => { this.labelClick(event); });
    this.board.addEventListener("touchstart", (event) => { this.touchStart(event); },
      { passive: true });
    this.board.addEventListener("touchend", (event) => { this.touchEnd(event); },
      { passive: true });
    this.board.addEventListener("touchcancel", () => { this.touch = null; }, { passive: true });
    this.root.append(this.controls, this.board, this.announcer);
    this.lookup = new Lookup(this.options.openLookup);
    this.root.append(this.lookup.root);

    const caption = figure.querySelector("figcaption");
    if (caption) caption.after(this.root);
    else figure.prepend(this.root);
    skipLink(this.root);
    this.enhanceTricks();
    // A shared link for this board (on a game page, it may be far down the page): the board
    // starts at once and opens it, wherever it is.
    const shared = sharedFragment();
    if (shared && linkBoard(shared) === this.number && !this.options.trySource) {
      setTimeout(() => { this.activate(); }, 0);
    }
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

  /* A swipe on a touch screen: to the left, the next step; to the right, the one before. */
  touchStart(event) {
    const touch = event.touches.length === 1 ? event.touches[0] : null;
    this.touch = touch ? { x: touch.clientX, y: touch.clientY, at: Date.now() } : null;
  }

  touchEnd(event) {
    const start = this.touch;
    this.touch = null;
    const touch = event.changedTouches && event.changedTouches[0];
    if (!start || !touch || !this.data || Date.now() - start.at > 1000) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 1.5 * Math.abs(dy)) return;
    this.move(this.index + (dx < 0 ? 1 : -1));
  }

  /* The reader moves: autoplay pauses, and on the "Try it" page the address follows. */
  move(index) {
    this.pause();
    this.linkLive = true;
    this.go(index, true);
  }

  /* Autoplay ---------------------------------------------------------------------------------- */

  toggleAutoplay() {
    if (this.timer !== null) {
      this.pause();
      return;
    }
    if (!this.data) return;
    this.linkLive = true;
    if (this.index >= this.data.steps.length - 1) this.go(0);  // from the start again
    this.schedule();
  }

  schedule() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.tick(); }, SPEEDS[this.speed] || SPEEDS["1"]);
    this.syncAutoplay();
  }

  tick() {
    this.timer = null;
    const playing = this.root.classList.contains("cr-widget--playing");
    if (!this.data || playing || this.board.hidden) {
      this.syncAutoplay();
      return;
    }
    this.go(this.index + 1, true);
    if (this.index < this.data.steps.length - 1) this.schedule();
    else this.syncAutoplay();
  }

  pause() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.syncAutoplay();
  }

  syncAutoplay() {
    const on = this.timer !== null;
    this.autoButton.replaceChildren(icon(on ? "pause" : "play"), " " + (on ? t("pause")
      : t("autoplay")));
    this.autoButton.setAttribute("aria-description", on ? t("pauseTitle") : t("autoplayTitle"));
    this.autoButton.setAttribute("aria-pressed", String(on));
    this.root.toggleAttribute("data-autoplay", on);
  }

  /* Links ------------------------------------------------------------------------------------ */

  /* The fragment of a link to the step shown: "deal=<token>&step=<n>[&view=<seat>]". */
  fragment() {
    let text = "deal=" + this.data.link + "&step=" + this.index;
    if (this.view !== "all") text += "&view=" + this.view;
    return text;
  }

  /* The link to this step, on this page: on a page with a diagram per board, it names the
   * board ("&board=<n>"). */
  linkHere() {
    const base = window.location.href.split("#")[0];
    return base + "#" + this.fragment() + (this.options.trySource ? "" : "&board=" + this.number);
  }

  copyLink() {
    if (!this.data || !this.data.link) return;
    const link = this.linkHere();
    this.linkBox.value = link;
    this.linkRow.hidden = false;
    this.linkShownAt = this.fragment();
    this.linkStatus.textContent = "";
    const copied = () => { this.linkStatus.textContent = t("linkCopied"); };
    const failed = () => {
      this.linkBox.focus();
      this.linkBox.select();
      this.linkStatus.textContent = t("linkCopyHint");
    };
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) {
      navigator.clipboard.writeText(link).then(copied, failed);
    } else {
      failed();
    }
  }

  /* On the "Try it" page the address holds the deal and the step shown (a moment after the
   * last move: stepping quickly does not rewrite the address at every step). */
  syncAddress() {
    if (!this.options.trySource || !this.linkLive || !this.data || !this.data.link) return;
    if (this.root.classList.contains("cr-widget--playing")) return;
    if (this.addressTimer !== null) clearTimeout(this.addressTimer);
    const before = window.location.hash;
    this.addressTimer = setTimeout(() => {
      this.addressTimer = null;
      const fragment = "#" + this.fragment();
      // A link the reader put in the address meanwhile wins over the board's own.
      if (window.location.hash === fragment || window.location.hash !== before) return;
      try {
        history.replaceState(history.state, "", fragment);
      } catch (error) { /* a browser that refuses: the copied link still works */ }
    }, 150);
  }

  /* A shared link could not be opened: say why (the page shows its own deal). */
  linkProblem(error) {
    // Python's message ("the link is damaged: ..."), as a sentence.
    const said = String(error).replace(/\.$/, "");
    this.noticeText.textContent = t("badLink",
      { error: said.charAt(0).toUpperCase() + said.slice(1) });
    this.notice.hidden = false;
  }

  /* A shared link names a diagram the page does not have (it has `count`): this board, the
   * page's first, says so as it says what is wrong with any damaged link, and opens its own. */
  linkForNoBoard(count) {
    const shared = sharedFragment();
    if (!shared || linkBoard(shared) < count) return;
    this.linkProblem(t("noBoard"));
    this.activate();
    this.figure.scrollIntoView({ block: "start" });
  }

  /* A link put in the address of the open page (the reader pasted another one). */
  openLink(fragment) {
    if (!this.data) return;
    const asked = ++this.asked;
    this.pause();
    this.setState("loading", t("computing"));
    Runtime.call("link_steps", [fragment, page.lang]).then((answer) => {
      if (asked !== this.asked) return;
      this.setState("ready", "");
      if (answer.ok) this.show(answer, false);
      else {
        // As the notice says: the page's own deal, not the one shown before the link.
        this.linkProblem(answer.error);
        this.ownDeal().then((own) => { if (own && asked === this.asked) this.show(own, true); });
      }
      this.figure.scrollIntoView({ block: "start" });
    }, (error) => {
      if (Runtime.failed) this.fail();
      else if (asked === this.asked) this.setState("error", t("badDeal",
        { error: problem(error) }));
    });
  }

  /* The static list of tricks becomes a way to jump to a trick. */
  enhanceTricks() {
    this.figure.querySelectorAll("li.cr-trick[data-trick]").forEach((item) => {
      item.addEventListener("click", (event) => {
        if (!this.data || (event.target instanceof Element && event.target.closest("a"))) return;
        this.goToTrick(Number(item.getAttribute("data-trick")));
      });
      item.addEventListener("keydown", (event) => {
        if (this.data && (event.key === "Enter" || event.key === " ")) {
          event.preventDefault();
          this.goToTrick(Number(item.getAttribute("data-trick")));
        }
      });
    });
  }

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

  /* Start Python (if needed) and show this board's own deal (its figure's record). */
  activate() {
    if (this.loading) return this.loading;
    const record = this.figure.getAttribute("data-record");
    this.setState("loading", t("loading"));
    this.startButton.hidden = true;
    const asked = ++this.asked;
    // On the "Try it" page, a shared link in the address comes first; the page's own deal is
    // fetched all the same, to show if the link is damaged.
    // A shared link is for the "Try it" page's board, or for the board it names.
    const mine = (fragment) => !!fragment && linkBoard(fragment) === this.number;
    const shared = mine(sharedFragment()) ? sharedFragment() : null;
    window.addEventListener("hashchange", (event) => {
      // The address the reader went to, even if the board has rewritten it since.
      const fragment = sharedFragment(new URL(event.newURL).hash);
      if (mine(fragment) && fragment !== this.fragmentShown()) this.openLink(fragment);
    });
    const text = record ? fetch(url(page.config.records + record)).then((response) => {
      if (!response.ok) throw new Error(record + ": HTTP " + response.status);
      return response.text();
    }) : Promise.resolve(null);
    text.catch(() => {});
    const own = (recordText) => {
      if (recordText === null) return null;
      Runtime.marks.call = Runtime.marks.call || performance.now();
      return Runtime.call("deal_steps", [recordText, page.lang]);
    };
    let ownAnswer = null; // the figure's own deal, asked for once
    this.ownDeal = () => {
      if (!ownAnswer) ownAnswer = text.then(own);
      return ownAnswer;
    };
    this.loading = Runtime.start().then(() => {
      this.setState("loading", t("computing"));
      if (!shared) return this.ownDeal();
      return Runtime.call("link_steps", [shared, page.lang]).then((answer) => {
        if (answer.ok) return answer;
        this.linkProblem(answer.error);
        return this.ownDeal();
      });
    }).then((answer) => {
      Runtime.marks.answer = Runtime.marks.answer || performance.now();
      if (answer && asked === this.asked) this.show(answer, !answer.at);
      // A shared link opens the page at its board, its title in view under the page's
      // header (or at what went wrong with it).
      if (shared && asked === this.asked) this.figure.scrollIntoView({ block: "start" });
    }, (error) => {
      if (Runtime.failed) this.fail();
      else if (asked === this.asked) this.setState("error", t("badDeal",
        { error: problem(error) }));
    });
    return this.loading;
  }

  /* Show an answer still on its way (the deal picker's); the reader's latest choice wins over
   * answers still on their way. Resolves to true once the answer is on the board. */
  loadFrom(promise, own) {
    this.activate();
    const asked = ++this.asked;
    this.setState("loading", this.data ? t("computing") : t("loading"));
    return promise.then((answer) => {
      if (asked !== this.asked) return false;
      this.show(answer, own);
      return true;
    }, (error) => {
      if (Runtime.failed) this.fail();
      else if (asked === this.asked) this.setState("error", t("badDeal",
        { error: problem(error) }));
      return false;
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
    this.pause();
    this.data = answer;
    this.linkRow.hidden = true;
    if (answer.at) {
      this.notice.hidden = true;
      this.linkLive = true;
      if (this.sourcePanel) {
        const sample = this.sourcePanel.querySelector(".cr-source__sample");
        if (sample) sample.value = "";
      }
    }
    this.setState("ready", "");
    this.figure.classList.add("cr-deal--live");
    this.figure.classList.toggle("cr-deal--replaced", !own);
    const caption = this.figure.querySelector("figcaption");
    if (caption) {
      // The figure's own caption is kept, to come back with its own deal.
      if (!this.ownCaption) this.ownCaption = Array.from(caption.childNodes);
      if (own) caption.replaceChildren(...this.ownCaption);
      else caption.textContent = answer.title + " · " + t("players", { n: answer.players });
    }
    // The jump menu: the deal, then each trick.
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
    this.view = answer.at && answer.at.view !== null ? String(answer.at.view) : "all";
    this.viewSelect.value = this.view;
    // The record as Python wrote it (JSON.parse would round a seed beyond 2^53).
    if (this.recordBox) this.recordBox.textContent = answer.record_text;
    this.layout();
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
    const words = this.words(step);
    const parts = [this.counter.textContent + ".", words.text, words.trick_text,
      words.draw_text, words.news_text];
    if (this.index === this.data.steps.length - 1 && this.data.result) {
      parts.push(this.data.result.text);
    }
    this.announcer.textContent = parts.filter((part) => !!part).join(" ");
  }

  /* The fragment of the address for what the board shows, or null. */
  fragmentShown() {
    return this.data && this.data.link ? this.fragment() : null;
  }

  /* The seat whose view is shown, or null for the open account. */
  viewer() {
    return this.view === "all" ? null : Number(this.view);
  }

  /* Whether the current view shows the sides at this step (see the top of this module). */
  sidesShown(step) {
    const data = this.data;
    const viewer = this.viewer();
    if (viewer === null) return !!step.known;
    if (step.known_by) return !!step.known_by[viewer];
    return !!data.sides_dealt || (this.index === data.steps.length - 1 && !!data.result);
  }

  /* Whether the current view shows `seat`'s hand face up (at this step: `see` may change). */
  visible(seat, step) {
    const viewer = this.viewer();
    if (viewer === null || viewer === seat) return true;
    const see = (step && step.see) || this.data.see;
    return !!(see && see[viewer] && see[viewer].indexOf(seat) >= 0);
  }

  /* Each seat's part in the contract as the current view knows it ("" for none), or null in a
   * game without one. */
  roles(step, shown) {
    if (!step.roles) return null;
    return shown ? step.roles : (step.roles_hidden || step.roles.map(() => ""));
  }

  /* Each seat's points as the current view counts them (others' face-down cards left out). */
  seatPoints(step) {
    const viewer = this.viewer();
    if (viewer !== null && step.points_by) return step.points_by[String(viewer)];
    return step.points;
  }

  /* The step's sentences as the current view is told them. */
  words(step) {
    const viewer = this.viewer();
    const own = viewer !== null && step.texts ? step.texts[String(viewer)] : null;
    const told = { text: step.text, trick_text: step.trick_text, draw_text: step.draw_text,
      news_text: step.news_text || "" };
    return own ? Object.assign(told, own) : told;
  }

  /* The board's elements, made once per deal; each step then only moves and retexts them.
   * A card is in one place at a time, so each card has one <img> that moves from a hand to the
   * table: stepping makes no new picture. */
  layout() {
    const data = this.data;
    const b = { cards: {}, backs: [], seats: [] };
    this.parts = b;
    b.text = el("p", { class: "cr-board__text" });
    b.explain = el("p", { class: "cr-board__explain", hidden: true });
    // The record's note on the step (a comment in the page's language), as text.
    b.noteText = el("span", { class: "cr-board__note-text" });
    b.note = el("p", { class: "cr-board__note", hidden: true },
      el("span", { class: "cr-board__note-label", text: t("note") }), " ", b.noteText);
    const seats = el("div", { class: "cr-board__seats" });
    const hasSide = (seat) => seat.side !== null && seat.side !== undefined;
    data.seats.forEach((seat, i) => {
      // "partner of Bea · dealer" (as the diagram says it): the partners shown once the sides
      // are (see sidesShown), and not when each seat is a side; in a game with a contract, the
      // seat's part instead.
      const partners = hasSide(seat) ? data.sides[seat.side].filter((s) => s !== i) : [];
      const sideText = data.sides.length < data.players && partners.length
        ? t("partners", { names: join(partners.map((s) => data.seats[s].name)) }) : "";
      const side = el("span", { class: "cr-board__side", hidden: true, text: sideText });
      const dealer = seat.dealer ? el("span", { class: "cr-board__dealer" }) : null;
      const turn = el("span", { class: "cr-board__turn", text: t("toPlay"), hidden: true });
      const hand = el("div", { class: "cr-board__hand" });
      const box = el("div", { class: "cr-board__seat", "data-seat": i },
        el("div", { class: "cr-board__seat-head" },
          el("span", { class: "cr-board__name", text: seat.name }), " ",
          el("span", { class: "cr-board__meta" }, side, dealer), " ", turn),
        hand);
      const sideClass = hasSide(seat) ? "cr-side-" + seat.side : "";
      b.seats.push({ box, hand, turn, side, dealer, sideClass });
      seats.append(box);
    });
    b.turnup = el("div", { class: "cr-board__turnup" });
    b.turnupLabel = el("span", { class: "cr-board__small", text: t("turnUp") });
    b.stock = el("p", { class: "cr-board__stock", hidden: true });
    b.trumps = el("p", { class: "cr-board__trumps", "data-trump": data.trump || "",
      text: data.trump_name ? t("trumps", { suit: data.trump_name }) : t("noTrumps") });
    // The talon: face down until shown, then face up with who took it (its own pictures: the
    // cards themselves go on to a hand).
    b.talon = null;
    if (data.talon) {
      b.talonCards = el("div", { class: "cr-board__talon-cards" });
      b.talonLabel = el("span", { class: "cr-board__small" });
      b.talon = el("div", { class: "cr-board__talon" }, b.talonCards, b.talonLabel);
      b.talonUp = data.talon.cards.map((code) =>
        cardImage(data.style, code, data.cards[code], "cr-card--talon"));
      b.talonDown = data.talon.cards.map(() => cardBack(data.style));
    }
    // Cards put face down (discards): face up in the open account and to their owner only.
    b.faceDown = el("div", { class: "cr-board__face-down", hidden: true });
    const trump = el("div", { class: "cr-board__trump" }, b.turnup, b.trumps, b.talon,
      b.stock);
    b.heading = el("p", { class: "cr-board__heading" });
    b.plays = el("ol", { class: "cr-board__plays" });
    b.empty = el("p", { class: "cr-board__small", text: t("empty") });
    b.trickResult = el("p", { class: "cr-board__trick-result" });
    b.trick = el("div", { class: "cr-board__trick" }, b.heading, b.plays, b.empty, b.trickResult);
    b.auction = data.auction ? this.auctionTable() : null;
    const byTricks = data.scored_by === "tricks";
    const kinds = data.point_kinds || [];
    b.firstHead = el("th", { scope: "col", text: t("sideCol") });
    const heads = el("tr", null, b.firstHead);
    // Where the points come from (a score by seat with extras), then the total.
    kinds.forEach((kind) => {
      heads.append(el("th", { scope: "col", "data-part": kind, text: partName(kind) }));
    });
    heads.append(el("th", { scope: "col", text: byTricks ? t("tricksCol") : t("pointsCol") }));
    if (!byTricks) heads.append(el("th", { scope: "col", text: t("tricksCol") }));
    // One row per side; one per player while the sides are not shown.
    b.sideBody = el("tbody", { class: "cr-board__by-side" });
    b.rows = data.sides.map((side, k) => {
      const points = el("td", { class: "cr-board__points" });
      const tricks = byTricks ? null : el("td", { class: "cr-board__tricks" });
      const row = el("tr", { class: "cr-side-" + k, "data-side": k },
        el("th", { scope: "row", text: data.side_names[k] }), points, tricks);
      b.sideBody.append(row);
      return { row, points, tricks };
    });
    b.seatBody = el("tbody", { class: "cr-board__by-seat", hidden: true });
    b.seatRows = data.seats.map((seat, i) => {
      const parts = kinds.map((kind) => el("td", { class: "cr-board__part", "data-part": kind }));
      const points = el("td", { class: "cr-board__points" });
      const tricks = byTricks ? null : el("td", { class: "cr-board__tricks" });
      const row = el("tr", { "data-seat": i }, el("th", { scope: "row", text: seat.name }), ...parts, points,
        tricks);
      b.seatBody.append(row);
      return { row, parts, points, tricks };
    });
    b.result = el("p", { class: "cr-board__result", hidden: true });
    this.board.replaceChildren(b.text, b.explain, b.note, seats, b.auction ? b.auction.root : "",
      el("div", { class: "cr-board__middle" }, trump, b.trick, b.faceDown),
      el("div", { class: "cr-board__score-box" },
        el("table", { class: "cr-board__score" }, el("thead", null, heads), b.sideBody,
          b.seatBody), b.result));
    this.auctionOpen = null;
    this.staticTricks = Array.from(this.figure.querySelectorAll("li.cr-trick[data-trick]"));
    this.shownTrick = null;
  }

  /* The auction as a table of rounds (a row each time round the table, a column per seat),
   * filled in as the steps go by; folded away once the play has begun. */
  auctionTable() {
    const data = this.data;
    const root = el("details", { class: "cr-board__auction", open: true });
    root.append(el("summary", { class: "cr-board__heading", text: t("auction") }));
    const head = el("tr", null, el("th", { scope: "col", text: t("round") }));
    data.seats.forEach((seat, i) => {
      head.append(el("th", { scope: "col", "data-seat": i, text: seat.name }));
    });
    const body = el("tbody");
    const cells = [];
    for (let r = 0; r < data.auction.rounds; r++) {
      const row = el("tr", null, el("th", { scope: "row", text: String(r + 1) }));
      cells.push(data.seats.map((seat, i) => {
        const cell = el("td", { "data-seat": i });
        row.append(cell);
        return cell;
      }));
      body.append(row);
    }
    root.append(el("div", { class: "cr-board__auction-scroll" },
      el("table", { class: "cr-board__auction-table" }, el("thead", null, head), body)));
    return { root, cells };
  }

  renderAuction(step) {
    const auction = this.parts.auction;
    if (!auction) return;
    let high = null;
    this.data.auction.calls.forEach(([seat, bid, at, round]) => {
      const cell = auction.cells[round][seat];
      const said = at <= this.index;
      cell.textContent = said ? (bid === null ? t("pass") : String(bid)) : "";
      cell.className = !said ? "" : (bid === null ? "is-pass" : "is-bid") +
        (at === this.index ? " is-current" : "");
      if (said && bid !== null) high = cell;
    });
    auction.cells.forEach((row) => row.forEach((cell) => { cell.classList.remove("is-high"); }));
    const over = step.phase !== "auction";
    if (high && over) high.classList.add("is-high");
    // Open during the auction and what follows it until the first card is played, folded
    // during the play (the reader may unfold it: only crossing that line changes it).
    const open = step.trick === 1 && !step.table.length;
    if (open !== this.auctionOpen) {
      this.auctionOpen = open;
      auction.root.open = open;
    }
  }

  /* The trumps at this step, or what will make them. */
  trumpText(step) {
    const data = this.data;
    if (step.trump === undefined) {
      return data.trump_name ? t("trumps", { suit: data.trump_name }) : t("noTrumps");
    }
    if (step.trump) return t("trumps", { suit: data.suits[step.trump] });
    if (data.trump && data.trump_from !== null && data.trump_from !== undefined) {
      if (data.trump_from === "call") return t("trumpsAtCall");
      if (data.trump_from === "trump") return t("trumpsNamed");
      return t("noTrumpsYet");
    }
    return t("noTrumps");
  }

  renderTalon(step) {
    const b = this.parts;
    const talon = this.data.talon;
    if (!b.talon) return;
    const taken = talon.step !== null && this.index >= talon.step;
    if (taken) {
      place(b.talonCards, b.talonUp);
      b.talonLabel.textContent = talon.seat !== null
        ? t("talonTaken", { name: this.data.seats[talon.seat].name }) : t("talonShown");
    } else {
      place(b.talonCards, b.talonDown.slice(0, step.talon));
      b.talonLabel.textContent = t("talon");
    }
    b.talon.hidden = !taken && !step.talon;
    b.talon.classList.toggle("is-shown", taken);
  }

  /* Cards put face down so far, by seat: pictures for their owner and the open account,
   * backs for every other seat. Returns the number of backs used. */
  renderFaceDown(backs) {
    const b = this.parts;
    const viewer = this.viewer();
    const bySeat = new Map();
    (this.data.face_down || []).forEach(([seat, code, at]) => {
      if (at > this.index) return;
      if (!bySeat.has(seat)) bySeat.set(seat, []);
      bySeat.get(seat).push(viewer === null || viewer === seat ? this.card(code)
        : this.back(backs++));
    });
    const groups = [];
    bySeat.forEach((cards, seat) => {
      groups.push(el("div", { class: "cr-board__face-down-seat", "data-seat": seat },
        el("span", { class: "cr-board__small",
          text: t("faceDown", { name: this.data.seats[seat].name }) }),
        el("div", { class: "cr-board__face-down-cards" }, ...cards)));
    });
    b.faceDown.replaceChildren(...groups);
    b.faceDown.hidden = !groups.length;
    return backs;
  }

  /* A card's name as a screen reader says it at this step: "three of cups, trump" once its
     suit is trumps (not before: in Chiamata the call makes them). */
  cardName(code) {
    const data = this.data;
    const name = data.cards[code] || code;
    const step = data.steps[this.index];
    const trump = step && step.trump !== undefined ? step.trump : data.trump;
    return trump && code.slice(-1) === trump ? t("trumpCard", { card: name }) : name;
  }

  card(code) {
    const cards = this.parts.cards;
    if (!cards[code]) cards[code] = cardImage(this.data.style, code, this.data.cards[code]);
    const name = this.cardName(code);
    if (cards[code].alt !== name) cards[code].alt = name;
    return cards[code];
  }

  back(n) {
    const backs = this.parts.backs;
    while (backs.length <= n) backs.push(cardBack(this.data.style));
    return backs[n];
  }

  render() {
    const data = this.data;
    const step = data.steps[this.index];
    const last = data.steps.length - 1;
    const b = this.parts;
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
    // The jump menu shows the trick being played (the deal before the first card, through a
    // chant or discards before the play).
    let playing = 0;
    const started = step.trick > 1 || step.table.length > 0;
    if (this.index > 0 && data.tricks.length && started) {
      playing = data.tricks[Math.min(step.trick, data.tricks.length) - 1];
    }
    this.jump.value = String(playing);

    // What just happened (as this view is told it), and the label's definition.
    const words = this.words(step);
    const said = [words.text];
    if (step.label) said.push(" ", labelLink(step.label));
    if (words.draw_text) said.push(" ", el("span", { class: "cr-board__draws", text: words.draw_text }));
    if (words.news_text) said.push(" ", el("span", { class: "cr-board__news", text: words.news_text }));
    b.text.replaceChildren(...said);
    const info = step.label ? labelInfo(step.label) : null;
    b.explain.hidden = !info;
    if (info) {
      b.explain.replaceChildren(el("em", { text: info.word }),
        " — " + info.gloss + ". " + info.definition);
    }
    // A note is the annotator's, who sees every card: in one seat's view it only says it is
    // there.
    const open = this.viewer() === null;
    b.noteText.textContent = step.note ? (open ? step.note : t("noteElsewhere")) : "";
    b.note.hidden = !step.note;
    b.note.classList.toggle("is-elsewhere", !!step.note && !open);
    b.note.setAttribute("data-step", String(this.index));
    // A link shown for another step is put away; the address follows the board.
    if (!this.linkRow.hidden && this.linkShownAt !== this.fragment()) this.linkRow.hidden = true;
    this.syncAddress();

    // Hands: the seat's own pictures, or backs; the seat's side once the sides are shown.
    const shown = this.sidesShown(step);
    const roles = this.roles(step, shown);
    // A seat shows its side colour once the view knows the sides, and in a game with a
    // contract only if it has a part in it (the others play each on their own).
    const coloured = (i) => shown && (!data.roles || !!(roles && roles[i]));
    let backs = 0;
    data.seats.forEach((seat, i) => {
      const part = b.seats[i];
      if (data.roles) {
        const role = roles ? roles[i] : "";
        part.side.textContent = role;
        part.side.hidden = !role;
      } else {
        part.side.hidden = !shown || !part.side.textContent;
      }
      if (part.dealer) {
        part.dealer.textContent = (part.side.hidden ? "" : " · ") + t("dealer");
      }
      if (part.sideClass) part.box.classList.toggle(part.sideClass, coloured(i));
      const open = this.visible(i, step);
      const nodes = step.hands[i].map((code) => (open ? this.card(code) : this.back(backs++)));
      place(part.hand, nodes);
      part.turn.hidden = step.turn !== i;
      part.box.classList.toggle("is-turn", step.turn === i);
      part.box.classList.toggle("is-actor", step.actor === i);
      part.box.setAttribute("aria-label", seat.name + ", " + t("cards", { n: nodes.length }));
    });

    backs = this.renderFaceDown(backs);
    this.renderAuction(step);
    this.renderTalon(step);
    b.trumps.textContent = this.trumpText(step);
    b.trumps.setAttribute("data-trump", step.trump === undefined ? data.trump || ""
      : step.trump || "");

    // The turned-up card; the stock (or, in games without drawing, the cards out of play).
    place(b.turnup, step.turn_up ? [this.card(step.turn_up), b.turnupLabel] : []);
    b.turnup.hidden = !step.turn_up;
    const stock = data.draws ? step.stock : step.stock + (step.aside || 0);
    b.stock.hidden = !(stock || data.draws);
    b.stock.textContent = data.draws ? t("stock", { n: stock }) : t("aside", { n: stock });
    b.stock.setAttribute("data-stock", step.stock);

    // The trick on the table.
    b.heading.textContent = t("table") + " · " + t("trick", { n: step.trick });
    b.trick.classList.toggle("is-done", step.done);
    const plays = step.table.map((play, k) => {
      const [seat, code, label] = play;
      const side = data.seats[seat].side;
      const item = el("li", {
        class: "cr-board__play" + (coloured(seat) && side !== null && side !== undefined
          ? " cr-side-" + side : "") +
          (step.done && k === step.taking ? " is-winner" : ""),
        "data-seat": seat, "data-card": code
      }, this.card(code), el("span", { class: "cr-board__who", text: data.seats[seat].name }));
      if (label) item.append(labelLink(label));
      return item;
    });
    b.plays.replaceChildren(...plays);
    b.plays.hidden = !plays.length;
    b.empty.hidden = !!plays.length;
    b.trickResult.textContent = words.trick_text;
    b.trickResult.hidden = !words.trick_text;

    // The score so far, by side (or by player while the sides are not shown); the verdict at
    // the end.
    const end = this.index === last && data.result;
    const bySide = shown && !data.by_seat;
    b.firstHead.textContent = bySide ? t("sideCol") : t("playerCol");
    b.sideBody.hidden = !bySide;
    b.seatBody.hidden = bySide;
    if (bySide) {
      b.rows.forEach((part, k) => {
        part.points.textContent = String(step.sides[k]);
        if (part.tricks) part.tricks.textContent = String(step.side_tricks[k]);
        part.row.setAttribute("data-points", step.sides[k]);
        part.row.classList.toggle("is-winner", !!end && data.result.winner === k);
      });
    } else {
      const counted = this.seatPoints(step);
      const viewer = this.viewer();
      const hidden = step.hidden || [];
      const winners = end && data.result.winner !== null && data.result.sides.length
        ? data.result.sides[data.result.winner] : [];
      b.seatRows.forEach((part, i) => {
        const points = data.scored_by === "tricks" ? step.seat_tricks[i] : counted[i];
        part.points.textContent = String(points);
        if (part.tricks) part.tricks.textContent = String(step.seat_tricks[i]);
        part.row.setAttribute("data-points", points);
        // Where the points come from; a part only its seat sees shows as "?" to the others.
        (data.point_kinds || []).forEach((kind, k) => {
          const secret = viewer !== null && viewer !== i &&
            hidden.some(([which, seat]) => which === kind && seat === i);
          const value = step.parts && step.parts[kind] ? step.parts[kind][i] : 0;
          part.parts[k].textContent = secret ? "?" : String(value);
          part.parts[k].title = secret ? t("hiddenPart") : "";
        });
        const side = data.seats[i].side;
        ["cr-side-0", "cr-side-1", "cr-side-2"].forEach((css) => {
          part.row.classList.toggle(css, data.by_seat && coloured(i) && css === "cr-side-" + side);
        });
        part.row.classList.toggle("is-winner", winners.indexOf(i) >= 0);
      });
    }
    b.result.hidden = !end;
    b.result.textContent = end ? data.result.text : "";

    // The static list of tricks follows along.
    const current = this.figure.classList.contains("cr-deal--replaced") ? null : step.trick;
    if (current !== this.shownTrick) {
      this.shownTrick = current;
      this.staticTricks.forEach((item) => {
        item.classList.toggle("cr-trick--current",
          Number(item.getAttribute("data-trick")) === current);
      });
    }
  }

  labelClick(event) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const link = event.target instanceof Element
      ? event.target.closest("a.cr-label[data-label]") : null;
    if (!link) return;
    event.preventDefault();
    this.lookup.open(link.getAttribute("data-label"));
  }
}
