/* cardrules widget: the practice page. Exercises made by Python (cardrules.learn.practice, in the
 * widget's Web Worker) from real deals and from the glossary; the page asks, checks the answer
 * at once and explains it, and brings missed exercises back sooner (Leitner boxes).
 *
 *   new Practice(root)   fills <div id="cr-practice"> (docs/en|es/practice.md) and starts Python.
 *
 * An exercise is named by its id, "<kind>-<seed>": Python makes the same exercise from the same
 * id, in the page's language. Progress is a small JSON object in this browser's localStorage
 * (key STORE): the ids in each box, what is due when, and the counts. It is never sent anywhere;
 * without localStorage it lasts as long as the page. Every string goes in as text (dom.js). */

import { listenButton } from "../speech.js";
import { button, cardImage, el, loadStyle } from "./dom.js";
import { Runtime, problem } from "./runtime.js";
import { Stepper } from "./stepper.js";
import { page, t } from "./text.js";

const STORE = "cardrules-practice";
const VERSION = 1;
const KINDS = ["label", "winner", "points", "exchange", "word", "puzzle"];
const ID = /^(label|winner|points|exchange|word|puzzle)-[0-9]{1,16}$/;
/* Leitner boxes 1..5: after a right answer an exercise moves up a box and comes back after
 * this many other exercises; a missed one goes back to box 1 and comes back after MISSED_GAPS
 * (further each time it is missed again in a row: an item missed every time comes back at most
 * twice in ten), and a review never follows a review, so that a round of practice moves on. */
const GAPS = [0, 3, 6, 15, 40, 100];
const MISSED_GAPS = [3, 6, 10];
const TOP_BOX = 5;
const MAX_ITEMS = 400;
const MAX_SEED = 9007199254740991n; // 2**53 - 1: Python makes no exercise of a larger seed

/* An exercise's kind in words. */
function kindName(kind) {
  switch (kind) {
    case "label": return t("practice.kind.label");
    case "winner": return t("practice.kind.winner");
    case "points": return t("practice.kind.points");
    case "exchange": return t("practice.kind.exchange");
    case "puzzle": return t("practice.kind.puzzle");
    default: return t("practice.kind.word");
  }
}

/* Text with the glossary's *emphasis* as <em>, every piece as text. */
function rich(text) {
  const nodes = [];
  const parts = String(text).split(/\*([^*]+)\*/);
  parts.forEach((part, i) => {
    if (!part) return;
    nodes.push(i % 2 ? el("em", { text: part }) : document.createTextNode(part));
  });
  return nodes;
}

function freshSeed() {
  const words = new Uint32Array(1);
  if (window.crypto && window.crypto.getRandomValues) window.crypto.getRandomValues(words);
  else words[0] = Math.floor(Math.random() * 4294967296);
  return words[0];
}

function count(value) {
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/* Progress: what localStorage holds, checked field by field (it may have been edited). */
function emptyProgress() {
  const kinds = {};
  KINDS.forEach((kind) => { kinds[kind] = { right: 0, wrong: 0 }; });
  return { v: VERSION, turn: 0, answered: 0, right: 0, kinds, items: {}, chosen: KINDS.slice(),
    next: 0 };
}

function readProgress(raw) {
  const progress = emptyProgress();
  let data;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    return progress;
  }
  if (!data || typeof data !== "object" || data.v !== VERSION) return progress;
  progress.turn = count(data.turn);
  progress.answered = count(data.answered);
  progress.right = Math.min(count(data.right), progress.answered);
  progress.next = count(data.next) % KINDS.length;
  KINDS.forEach((kind) => {
    const seen = data.kinds && data.kinds[kind];
    if (seen) progress.kinds[kind] = { right: count(seen.right), wrong: count(seen.wrong) };
  });
  if (Array.isArray(data.chosen)) {
    const chosen = KINDS.filter((kind) => data.chosen.indexOf(kind) >= 0);
    if (chosen.length) progress.chosen = chosen;
  }
  const items = data.items && typeof data.items === "object" ? data.items : {};
  Object.keys(items).slice(0, MAX_ITEMS).forEach((id) => {
    const item = items[id];
    if (!ID.test(id) || BigInt(id.split("-")[1]) > MAX_SEED || !item ||
        typeof item !== "object") return;
    progress.items[id] = {
      box: Math.min(Math.max(count(item.box), 1), TOP_BOX),
      due: count(item.due),
      misses: count(item.misses),
      streak: count(item.streak)
    };
  });
  return progress;
}

export class Practice {
  constructor(root) {
    this.root = root;
    this.storage = null;
    try {
      this.storage = window.localStorage;
      this.progress = readProgress(this.storage.getItem(STORE));
    } catch (error) {
      this.storage = null;
      this.progress = emptyProgress();
    }
    this.exercise = null;
    this.answered = false;
    this.upcoming = null; // {id, review, answer: a promise of Python's answer}
    loadStyle("practice.css");
    this.build();
    this.showProgress();
    this.status(t("loading"));
    Runtime.start().then(() => { this.next(); }, (error) => {
      console.error(error);
      this.status(t("practice.failed"), true);
    });
  }

  /* The elements ------------------------------------------------------------------------------ */

  build() {
    this.root.replaceChildren();
    this.root.setAttribute("lang", page.lang);
    this.root.classList.add("cr-practice--live");

    const kinds = el("fieldset", { class: "cr-practice__kinds" }, el("legend",
      { text: t("practice.kinds") }));
    this.checks = {};
    KINDS.forEach((kind) => {
      const box = el("input", { type: "checkbox", class: "cr-practice__kind", "data-kind": kind });
      box.checked = this.progress.chosen.indexOf(kind) >= 0;
      box.addEventListener("change", () => { this.choose(kind, box); });
      this.checks[kind] = box;
      kinds.append(el("label", null, box, " " + kindName(kind)));
    });

    this.summary = el("p", { class: "cr-practice__progress", "aria-live": "polite" });
    this.boxes = el("ol", { class: "cr-practice__boxes", "aria-label": t("practice.boxes") });
    const leitner = el("div", { class: "cr-practice__leitner" },
      el("span", { class: "cr-practice__boxes-name", text: t("practice.boxes") }), this.boxes,
      el("span", { class: "cr-practice__boxes-help", text: t("practice.boxesHelp") }));

    this.source = el("p", { class: "cr-practice__source" });
    this.again = el("p", { class: "cr-practice__again", text: t("practice.again"), hidden: true });
    this.cards = el("div", { class: "cr-practice__cards", role: "group",
      "aria-label": t("practice.cards") });
    this.context = el("ul", { class: "cr-practice__context" });
    this.prompt = el("p", { class: "cr-practice__prompt" });
    this.choices = el("div", { class: "cr-practice__choices", role: "group",
      "aria-label": t("practice.choices") });
    this.verdict = el("p", { class: "cr-practice__verdict" });
    this.rule = el("ul", { class: "cr-practice__rule", "aria-label": t("practice.rule") });
    this.term = el("p", { class: "cr-practice__term" });
    this.termCards = el("div", { class: "cr-practice__cards cr-practice__cards--term" });
    this.nextButton = button(t("practice.next"), null, () => { this.next(); }, "cr-practice__next");
    this.feedback = el("div", { class: "cr-practice__feedback", role: "status",
      "aria-live": "polite", hidden: true }, this.verdict, this.rule, this.term, this.termCards,
    this.nextButton);
    this.card = el("section", { class: "cr-practice__card", hidden: true }, this.source,
      this.again, this.cards, this.context, this.prompt, this.choices, this.feedback);
    // An endgame puzzle's solution, played out on a board of its own once answered (outside
    // the feedback's live region: the board's own announcer says each step).
    this.solutionBoard = el("figure", { class: "cr-deal" });
    this.solution = el("div", { class: "cr-practice__solution", hidden: true },
      el("p", { class: "cr-practice__solution-title", text: t("practice.solution") }),
      this.solutionBoard);
    this.message = el("p", { class: "cr-practice__status" });

    this.resetButton = button(t("practice.reset"), null, () => { this.reset(); },
      "cr-practice__reset");
    const footer = el("div", { class: "cr-practice__footer" },
      this.kept = el("p", { class: "cr-practice__kept",
        text: this.storage ? t("practice.kept") : t("practice.notKept") }),
      el("p", { class: "cr-practice__keys", text: t("practice.keys") }), this.resetButton);

    this.root.append(kinds, this.summary, leitner, this.message, this.card, this.solution,
      footer);
    this.root.addEventListener("keydown", (event) => { this.key(event); });
  }

  status(text, failed) {
    this.message.textContent = text || "";
    this.message.hidden = !text;
    this.message.classList.toggle("is-failed", !!failed);
  }

  showProgress() {
    const p = this.progress;
    const ids = Object.keys(p.items);
    // To review: missed and not yet answered right since (box 1).
    const due = ids.filter((id) => p.items[id].box === 1 && p.items[id].misses > 0 &&
      this.wanted(id)).length;
    this.summary.textContent = t("practice.progress", { answered: p.answered, right: p.right,
      due });
    this.summary.setAttribute("data-answered", String(p.answered));
    this.summary.setAttribute("data-right", String(p.right));
    this.summary.setAttribute("data-due", String(due));
    const cells = [];
    for (let n = 1; n <= TOP_BOX; n++) {
      const inBox = ids.filter((id) => p.items[id].box === n).length;
      cells.push(el("li", { class: "cr-practice__box", "data-box": n, "data-count": inBox,
        title: t("practice.box", { n, count: inBox }) },
      el("span", { class: "cr-practice__box-n", text: n }),
      el("span", { class: "cr-practice__box-count", text: inBox })));
    }
    this.boxes.replaceChildren(...cells);
  }

  /* Progress ---------------------------------------------------------------------------------- */

  save() {
    if (!this.storage) return;
    let kept = true;
    try {
      this.storage.setItem(STORE, JSON.stringify(this.progress));
    } catch (error) {
      // A full or refused storage: the progress lasts as long as the page, as the page says.
      kept = false;
    }
    this.kept.textContent = kept ? t("practice.kept") : t("practice.notKept");
  }

  wanted(id) {
    return this.progress.chosen.indexOf(id.split("-")[0]) >= 0;
  }

  choose(kind, box) {
    const chosen = KINDS.filter((k) => this.checks[k].checked);
    if (!chosen.length) { // at least one kind
      box.checked = true;
      return;
    }
    this.progress.chosen = chosen;
    this.save();
    this.showProgress();
    if (this.upcoming && !this.wanted(this.upcoming.id)) this.upcoming = null;
    if (this.exercise && !this.wanted(this.exercise.id) && !this.answered) this.next();
  }

  /* The exercise to ask next: the most urgent one due for review (lowest box first), else a
   * fresh one, the chosen kinds in turn. */
  pick(except, afterReview) {
    const p = this.progress;
    const due = afterReview ? [] : Object.keys(p.items).filter((id) =>
      id !== except && p.items[id].due <= p.turn && this.wanted(id));
    if (due.length) {
      due.sort((a, b) => (p.items[a].box - p.items[b].box) || (p.items[a].due - p.items[b].due));
      return { id: due[0], review: true };
    }
    let kind = KINDS[p.next % KINDS.length];
    for (let i = 0; i < KINDS.length && p.chosen.indexOf(kind) < 0; i++) {
      p.next = (p.next + 1) % KINDS.length;
      kind = KINDS[p.next];
    }
    p.next = (p.next + 1) % KINDS.length;
    return { id: kind + "-" + freshSeed(), review: false };
  }

  ask(choice) {
    choice.answer = Runtime.call("practice_exercise", [choice.id, page.lang]);
    choice.answer.catch(() => {});
    return choice;
  }

  record(id, right) {
    const p = this.progress;
    p.turn += 1;
    p.answered += 1;
    if (right) p.right += 1;
    const kind = id.split("-")[0];
    p.kinds[kind][right ? "right" : "wrong"] += 1;
    const item = p.items[id] || { box: 1, due: 0, misses: 0, streak: 0 };
    if (right) {
      item.box = Math.min(item.box + 1, TOP_BOX);
      item.due = p.turn + GAPS[item.box];
      item.streak = 0;
    } else {
      item.box = 1;
      item.misses += 1;
      item.due = p.turn + MISSED_GAPS[Math.min(item.streak || 0, MISSED_GAPS.length - 1)];
      item.streak = (item.streak || 0) + 1;
    }
    p.items[id] = item;
    const ids = Object.keys(p.items);
    if (ids.length > MAX_ITEMS) { // forget the best-known first
      ids.sort((a, b) => (p.items[b].box - p.items[a].box) || (p.items[b].due - p.items[a].due));
      ids.slice(0, ids.length - MAX_ITEMS).forEach((old) => { delete p.items[old]; });
    }
    this.save();
    this.showProgress();
  }

  reset() {
    if (!this.resetArmed) {
      this.resetArmed = true;
      this.resetButton.textContent = t("practice.resetSure");
      setTimeout(() => { this.disarm(); }, 4000);
      return;
    }
    this.disarm();
    const chosen = this.progress.chosen;
    this.progress = emptyProgress();
    this.progress.chosen = chosen;
    this.upcoming = null;
    this.save();
    this.showProgress();
  }

  disarm() {
    this.resetArmed = false;
    this.resetButton.textContent = t("practice.reset");
  }

  /* Asking and answering ---------------------------------------------------------------------- */

  next() {
    const current = this.exercise ? this.exercise.id : null;
    const choice = this.upcoming && this.wanted(this.upcoming.id)
      ? this.upcoming : this.ask(this.pick(current,
        !!current && this.card.getAttribute("data-review") === "true"));
    this.upcoming = null;
    this.status(t("practice.making"));
    const shown = this.shown = (this.shown || 0) + 1;
    choice.answer.then((answer) => {
      if (shown !== this.shown) return;
      if (!answer.ok) {
        // A stored id Python cannot read (an edited storage): forget it and go on.
        delete this.progress.items[choice.id];
        this.save();
        this.showProgress();
        this.status(t("practice.broken", { error: answer.error }), true);
        if (choice.review) this.next();
        return;
      }
      this.status("");
      this.show(answer.exercise, choice.review);
      this.warm();
    }, (error) => {
      if (shown !== this.shown) return;
      this.status(t("practice.broken", { error: problem(error) }), true);
    });
  }

  /* Fetch every card picture the exercises may show (Python lists them:
   * cardrules.learn.practice.pictures), once, when the page is idle: the browser keeps them, and the
   * page needs nothing more from the network. */
  warm() {
    if (this.warmed) return;
    this.warmed = [];
    const later = window.requestIdleCallback || ((f) => setTimeout(f, 500));
    Runtime.call("practice_pictures", []).then((paths) => later(() => {
      paths.forEach((path) => {
        const picture = new Image();
        picture.src = page.config.cards + path + ".svg";
        this.warmed.push(picture);
      });
    }), () => {});  // no list, no warming: the pictures load as they are shown
  }

  show(exercise, review) {
    this.exercise = exercise;
    this.answered = false;
    const item = this.progress.items[exercise.id];
    this.card.hidden = false;
    this.card.setAttribute("data-exercise", exercise.id);
    this.card.setAttribute("data-kind", exercise.kind);
    this.card.setAttribute("data-review", review ? "true" : "false");
    this.card.removeAttribute("data-result");
    this.source.replaceChildren(...[
      el("span", { class: "cr-practice__kind-name", text: kindName(exercise.kind) }),
      review ? el("span", { class: "cr-practice__badge", text: t("practice.review") }) : null,
      exercise.title ? el("span", { class: "cr-practice__title", text: exercise.title }) : null
    ].filter(Boolean));
    this.again.hidden = !(review && item && item.misses > 0);
    // The cards of the question; a glossary word's cards come with the feedback.
    const figure = (card) => el("figure", {
      class: "cr-practice__figure cr-practice__figure--" + card.role, "data-role": card.role },
    cardImage(exercise.style, card.code, card.name),
    card.caption ? el("figcaption", { text: card.caption }) : null);
    const asked = exercise.cards.filter((card) => card.role !== "term");
    const named = exercise.cards.filter((card) => card.role === "term");
    this.cards.replaceChildren(...asked.map(figure));
    this.cards.hidden = !asked.length;
    this.termCards.replaceChildren(...named.map(figure));
    this.termCards.hidden = !named.length;
    this.context.replaceChildren(...exercise.context.map((line) => el("li", { text: line })));
    this.context.hidden = !exercise.context.length;
    this.prompt.textContent = exercise.prompt;
    this.buttons = exercise.choices.map((choice, i) => {
      const node = button(choice.text, null, () => { this.answer(choice.key); },
        "cr-practice__choice");
      node.setAttribute("data-key", choice.key);
      node.setAttribute("aria-keyshortcuts", String(i + 1));
      node.prepend(el("span", { class: "cr-practice__choice-n", text: i + 1, "aria-hidden": "true" }));
      return node;
    });
    this.choices.replaceChildren(...this.buttons);
    this.feedback.hidden = true;
    this.hideSolution();
    if (this.buttons.length) this.buttons[0].focus({ preventScroll: true });
  }

  answer(key) {
    const exercise = this.exercise;
    if (!exercise || this.answered) return;
    this.answered = true;
    const right = key === exercise.answer;
    this.card.setAttribute("data-result", right ? "right" : "wrong");
    this.buttons.forEach((node) => {
      const mine = node.getAttribute("data-key");
      node.disabled = true;
      node.classList.toggle("is-answer", mine === exercise.answer);
      node.classList.toggle("is-chosen", mine === key);
      if (mine === key) node.setAttribute("aria-pressed", "true");
    });
    const answerText = (exercise.choices.find((c) => c.key === exercise.answer) || {}).text;
    this.verdict.textContent = right ? t("practice.right") : t("practice.wrong",
      { answer: answerText });
    this.verdict.className = "cr-practice__verdict " + (right ? "is-right" : "is-wrong");
    this.rule.replaceChildren(...exercise.rule.map((line) => el("li", null, ...rich(line))));
    const term = exercise.term;
    this.term.hidden = !term;
    if (term) {
      this.term.replaceChildren(...[
        el("a", { class: "cr-practice__word", lang: term.lang || "es",
          href: page.config.glossary + "#" + encodeURIComponent(term.id),
          text: term.word }),
        // The word said by the device's own voice (hidden where it has none for the language).
        term.speech && term.speech.length
          ? listenButton(term.word, term.speech, t("listen", { word: term.word })) : null,
        el("span", { class: "cr-practice__gloss", text: " — " + term.gloss + ". " }),
        el("span", { class: "cr-practice__definition" }, ...rich(term.definition))
      ].filter(Boolean));
    }
    this.feedback.hidden = false;
    if (exercise.play_from !== null && exercise.play_from !== undefined) this.playOut(exercise);
    this.record(exercise.id, right);
    const wasReview = this.card.getAttribute("data-review") === "true";
    this.upcoming = this.ask(this.pick(exercise.id, wasReview));
    this.nextButton.focus({ preventScroll: true });
    if (typeof this.feedback.scrollIntoView === "function") {
      this.feedback.scrollIntoView({ block: "nearest" });
    }
  }

  /* The solution played out on the board: the exercise's deal (the position, then both players
   * at their best to the end, as Python solved it), from the position on, by autoplay. */
  playOut(exercise) {
    if (!this.stepper) {
      this.stepper = new Stepper(this.solutionBoard, { board: "cr-practice-solution" });
      this.stepper.onRender(() => {
        this.solution.setAttribute("data-step", String(this.stepper.index));
      });
    }
    const stepper = this.stepper;
    const shown = this.shown;
    this.solution.hidden = false;
    this.solution.setAttribute("data-exercise", exercise.id);
    this.solution.removeAttribute("data-step");
    const answer = Runtime.call("deal_steps", [JSON.stringify(exercise.record), page.lang, "all"]);
    stepper.loadFrom(answer, false).then((ready) => {
      if (!ready || shown !== this.shown) return;
      stepper.go(exercise.play_from);
      stepper.autoplay.toggle();
      this.solution.setAttribute("data-from", String(exercise.play_from));
    });
  }

  hideSolution() {
    if (this.stepper) this.stepper.autoplay.pause();
    this.solution.hidden = true;
    this.solution.removeAttribute("data-exercise");
    this.solution.removeAttribute("data-from");
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && target.tagName === "INPUT") return;
    if (!this.answered && /^[1-6]$/.test(event.key) && this.buttons) {
      const node = this.buttons[Number(event.key) - 1];
      if (node) {
        event.preventDefault();
        node.click();
      }
    } else if (this.answered && event.key === "Enter" &&
        !(target && target.closest && target.closest("button, a, input, select, textarea"))) {
      // Enter goes on, except on a control of its own (the listen button, a link, the reset).
      event.preventDefault();
      this.next();
    }
  }
}
