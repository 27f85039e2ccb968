/* cardrules widget: the "More" menu of the board's controls: a button and the panel of the
 * controls a reader seldom needs (go to a trick, the autoplay's speed, a link, play from here),
 * so that the rest fit in one row above the cards.
 *
 * It is a disclosure (WAI-ARIA's pattern: the panel holds menus and buttons, not menu items):
 * the button says whether the panel is open (aria-expanded) and names it (aria-controls); a
 * click, Enter or Space opens and closes it, and the panel follows the button in the order of
 * the keys, so Tab goes on into it; ArrowDown on the button opens it on its first control;
 * Escape closes it and gives the focus back to the button; so do a click elsewhere and the
 * focus leaving it (without taking the focus back).
 *
 *   new MoreMenu()   its root (the button and the panel); panel: where the controls go;
 *                    close() */

import { el } from "./dom.js";
import { t } from "./text.js";

let menus = 0;

export class MoreMenu {
  constructor() {
    const id = "cr-more-" + (++menus);
    this.button = el("button", { type: "button", class: "cr-w-button cr-w-button--more",
      "aria-expanded": "false", "aria-controls": id, "aria-description": t("moreTitle") },
    t("more"), el("span", { class: "cr-more__caret", "aria-hidden": "true", text: "▾" }));
    this.panel = el("div", { class: "cr-more__panel", id, role: "group",
      "aria-label": t("more"), hidden: true });
    this.root = el("div", { class: "cr-more" }, this.button, this.panel);
    this.button.addEventListener("click", () => { this.toggle(); });
    this.button.addEventListener("keydown", (event) => {
      if (event.key !== "ArrowDown" || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      this.open();
      const first = this.controls()[0];
      if (first) first.focus();
    });
    this.root.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || this.panel.hidden) return;
      event.preventDefault();
      event.stopPropagation();
      this.close();
      this.button.focus();
    });
    this.root.addEventListener("focusout", (event) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !this.root.contains(next)) this.close();
    });
    document.addEventListener("pointerdown", (event) => {
      if (!this.panel.hidden && event.target instanceof Node &&
          !this.root.contains(event.target)) this.close();
    });
  }

  /* The panel's controls that take the focus, in order. */
  controls() {
    return Array.from(this.panel.querySelectorAll("button, select, input, a[href]"))
      .filter((node) => !node.disabled && node.getClientRects().length > 0);
  }

  get isOpen() {
    return !this.panel.hidden;
  }

  open() {
    this.panel.hidden = false;
    this.button.setAttribute("aria-expanded", "true");
  }

  close() {
    if (this.panel.hidden) return;
    this.panel.hidden = true;
    this.button.setAttribute("aria-expanded", "false");
  }

  toggle() {
    if (this.panel.hidden) this.open();
    else this.close();
  }
}
