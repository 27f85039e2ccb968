/* cardrules widget: the stepper's autoplay: a step at a time, at a chosen speed, until the
 * last step or until the reader moves (any other move pauses it).
 *
 *   new Autoplay(stepper)   its play/pause button (button) and its speed menu (speedSelect);
 *                           stepper.canStep() says whether it may step now, stepper.go(i,
 *                           true) steps */

import { button, el, icon } from "./dom.js";
import { t } from "./text.js";

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

export class Autoplay {
  constructor(stepper) {
    this.stepper = stepper;
    this.timer = null;
    this.speed = "1";
    this.button = button("", t("autoplayTitle"), () => { this.toggle(); },
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
    this.sync();
  }

  toggle() {
    const stepper = this.stepper;
    if (this.timer !== null) {
      this.pause();
      return;
    }
    if (!stepper.data) return;
    stepper.address.live = true;
    if (stepper.index >= stepper.data.steps.length - 1) stepper.go(0);  // from the start again
    this.schedule();
  }

  schedule() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.tick(); }, SPEEDS[this.speed] || SPEEDS["1"]);
    this.sync();
  }

  tick() {
    const stepper = this.stepper;
    this.timer = null;
    if (!stepper.canStep()) {
      this.sync();
      return;
    }
    stepper.go(stepper.index + 1, true);
    if (stepper.index < stepper.data.steps.length - 1) this.schedule();
    else this.sync();
  }

  pause() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.sync();
  }

  sync() {
    const on = this.timer !== null;
    this.button.replaceChildren(icon(on ? "pause" : "play"), " ",
      el("span", { class: "cr-w-word", text: on ? t("pause") : t("autoplay") }));
    this.button.setAttribute("aria-description", on ? t("pauseTitle") : t("autoplayTitle"));
    this.button.setAttribute("aria-pressed", String(on));
    this.stepper.root.toggleAttribute("data-autoplay", on);
  }
}
