/* cardrules widget: links to a step of a deal.
 *
 * A link holds the deal, the step and the view in its fragment,
 * #deal=<token>&step=<n>[&view=<seat>][&board=<n>] (the token is the answer's link, the record
 * as cardrules.web.links.link_token packs it; board: which diagram of a game page).
 *
 *   sharedFragment(hash)      the fragment of a shared deal in the address (or `hash`), or null
 *   linkBoard(fragment)       the diagram a shared link is for
 *   new LinkBox(linkOf)       "Copy link" and the field that shows the link when the browser
 *                             will not copy it
 *   new Address(stepper)      the stepper's address: the link to what it shows, the page's
 *                             address kept in step with it on the "Try it" page, a link put
 *                             in the address opened */

import { button, el } from "./dom.js";
import { Runtime } from "./runtime.js";
import { page, t } from "./text.js";

/* The fragment of the page's address (or of `hash`) if it holds a shared deal
 * ("#deal=...&step=..."), else null. */
export function sharedFragment(hash = window.location.hash || "") {
  return /^#(?:[^&]*&)*deal=/.test(hash) ? hash.slice(1) : null;
}

/* The board a shared link is for: its "board=<n>" (a link copied on a game page, which has a
 * board per diagram), else the first. */
export function linkBoard(fragment) {
  const found = /(?:^|&)board=(\d+)(?:&|$)/.exec(fragment || "");
  return found ? Number(found[1]) : 0;
}

class LinkBox {
  /* `linkOf()`: the link to the step shown and its fragment ({link, fragment}), or null. */
  constructor(linkOf) {
    this.linkOf = linkOf;
    this.button = button(t("copyLink"), t("copyLinkTitle"), () => { this.copy(); },
      "cr-w-button--link");
    this.box = el("input", { class: "cr-widget__link", type: "text", readonly: true,
      spellcheck: "false", "aria-label": t("linkLabel") });
    this.box.addEventListener("focus", () => { this.box.select(); });
    this.status = el("span", { class: "cr-widget__link-status", role: "status" });
    this.row = el("div", { class: "cr-widget__link-row", hidden: true }, this.box, this.status);
    this.shownAt = null;
  }

  copy() {
    const here = this.linkOf();
    if (!here) return;
    this.box.value = here.link;
    this.row.hidden = false;
    this.shownAt = here.fragment;
    this.status.textContent = "";
    const copied = () => { this.status.textContent = t("linkCopied"); };
    const failed = () => {
      this.box.focus();
      this.box.select();
      this.status.textContent = t("linkCopyHint");
    };
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) {
      navigator.clipboard.writeText(here.link).then(copied, failed);
    } else {
      failed();
    }
  }

  /* A link shown for another step (or another deal: `fragment` null) is put away. */
  follow(fragment) {
    if (!this.row.hidden && this.shownAt !== fragment) this.row.hidden = true;
  }
}

export class Address {
  constructor(stepper) {
    this.stepper = stepper;
    this.timer = null; // the address is rewritten a moment after the last move
    this.live = false; // the reader moved (or opened a link): the address follows
    this.box = new LinkBox(() => (stepper.data && stepper.data.link
      ? { link: this.here(), fragment: this.fragment() } : null));
  }

  /* The fragment of a link to the step shown: "deal=<token>&step=<n>[&view=<seat>]". */
  fragment() {
    const stepper = this.stepper;
    let text = "deal=" + stepper.data.link + "&step=" + stepper.index;
    if (stepper.view !== "all") text += "&view=" + stepper.view;
    return text;
  }

  /* The fragment for what the stepper shows, or null. */
  shown() {
    return this.stepper.data && this.stepper.data.link ? this.fragment() : null;
  }

  /* The link to this step, on this page: on a page with a diagram per stepper, it names the
   * diagram ("&board=<n>"). */
  here() {
    const stepper = this.stepper;
    const base = window.location.href.split("#")[0];
    return base + "#" + this.fragment() +
      (stepper.options.trySource ? "" : "&board=" + stepper.number);
  }

  /* On the "Try it" page the address holds the deal and the step shown (a moment after the
   * last move: stepping quickly does not rewrite the address at every step). */
  sync() {
    const stepper = this.stepper;
    this.box.follow(this.shown());
    if (!stepper.options.trySource || !this.live || !this.shown()) return;
    if (stepper.root.classList.contains("cr-widget--playing")) return;
    if (this.timer !== null) clearTimeout(this.timer);
    const before = window.location.hash;
    this.timer = setTimeout(() => {
      this.timer = null;
      const fragment = "#" + this.fragment();
      // A link the reader put in the address meanwhile wins over the stepper's own.
      if (window.location.hash === fragment || window.location.hash !== before) return;
      try {
        history.replaceState(history.state, "", fragment);
      } catch (error) { /* a browser that refuses: the copied link still works */ }
    }, 150);
  }

  /* Links put in the address later (`mine(fragment)`: a link for this stepper) are opened. */
  listen(mine) {
    window.addEventListener("hashchange", (event) => {
      // The address the reader went to, even if the stepper has rewritten it since.
      const fragment = sharedFragment(new URL(event.newURL).hash);
      if (mine(fragment) && fragment !== this.shown()) this.open(fragment);
    });
  }

  /* A shared link could not be opened: say why (the page shows its own deal). */
  problem(error) {
    const stepper = this.stepper;
    // Python's message ("the link is damaged: ..."), as a sentence.
    const said = String(error).replace(/\.$/, "");
    stepper.noticeText.textContent = t("badLink",
      { error: said.charAt(0).toUpperCase() + said.slice(1) });
    stepper.notice.hidden = false;
  }

  /* A shared link names a diagram the page does not have (it has `count`): the page's first
   * stepper says so as it says what is wrong with any damaged link, and opens its own. */
  noBoard(count) {
    const shared = sharedFragment();
    if (!shared || linkBoard(shared) < count) return;
    this.problem(t("noBoard"));
    this.stepper.activate();
    this.stepper.figure.scrollIntoView({ block: "start" });
  }

  /* A link put in the address of the open page (the reader pasted another one). */
  open(fragment) {
    const stepper = this.stepper;
    if (!stepper.data) return;
    stepper.autoplay.pause();
    const asked = ++stepper.asked;
    stepper.setState("loading", t("computing"));
    stepper.answered(Runtime.call("link_steps", [fragment, page.lang]), asked, (answer) => {
      stepper.setState("ready", "");
      if (answer.ok) stepper.show(answer, false);
      else {
        // As the notice says: the page's own deal, not the one shown before the link.
        this.problem(answer.error);
        stepper.ownDeal().then((own) => {
          if (own && asked === stepper.asked) stepper.show(own, true);
        });
      }
      stepper.figure.scrollIntoView({ block: "start" });
    });
  }
}
