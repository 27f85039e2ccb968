/* cardrules widget: the score table, drawn the same in the stepper and in play mode.
 *
 * Python sends the score table of the account for the viewer
 * (cardrules.account.score.ScoreTable.to_json, cardrules.web.schema's ScoreJSON), already laid
 * out: by side or by seat, a row each, the side colour each row shows, the winner, the points
 * by kind (null: a part only its owner sees, shown as "?"), the game points when they say more
 * than the verdict. This module only draws it.
 *
 *   new ScoreView(extra)        the table (`extra`: a class for play mode's layout)
 *   view.draw(score, name)      `score`: the table; `name(row)`: the row's name as shown
 *                               (play mode says "you") */

import { el } from "./dom.js";
import { t } from "./text.js";

/* What a column of points by kind counts (the table's kinds), in words. */
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

export class ScoreView {
  constructor(extra) {
    this.head = el("thead");
    this.body = el("tbody");
    this.root = el("table", { class: "cr-board__score" + (extra ? " " + extra : "") },
      this.head, this.body);
    this.columns = null;
  }

  draw(score, name) {
    const bySide = score.by === "side";
    const gamePoints = score.rows.some((row) => row.game_points !== null);
    this.drawHead(score, bySide, gamePoints);
    this.body.className = bySide ? "cr-board__by-side" : "cr-board__by-seat";
    this.body.replaceChildren(...score.rows.map((row) => this.row(row, score, name, gamePoints)));
  }

  /* The headings: who, where the points come from (by kind), the total, the tricks, the game
   * points (redrawn only when they change). */
  drawHead(score, bySide, gamePoints) {
    const columns = [score.by, score.unit, gamePoints].concat(score.kinds).join(" ");
    if (columns === this.columns) return;
    this.columns = columns;
    const heads = el("tr", null, el("th", { scope: "col",
      text: bySide ? t("sideCol") : t("playerCol") }));
    score.kinds.forEach((kind) => {
      heads.append(el("th", { scope: "col", "data-part": kind, text: partName(kind) }));
    });
    const byTricks = score.unit === "tricks";
    heads.append(el("th", { scope: "col", text: byTricks ? t("tricksCol") : t("pointsCol") }));
    if (!byTricks) heads.append(el("th", { scope: "col", text: t("tricksCol") }));
    if (gamePoints) heads.append(el("th", { scope: "col", text: t("gamePointsCol") }));
    this.head.replaceChildren(heads);
  }

  row(row, score, name, gamePoints) {
    const bySide = score.by === "side";
    const colour = row.side !== null ? "cr-side-" + row.side : "";
    const tr = el("tr", {
      class: (colour + (row.winner ? " is-winner" : "")).trim() || null,
      "data-side": bySide ? row.side : null, "data-seat": bySide ? null : row.seats[0],
      "data-points": row.points
    }, el("th", { scope: "row", text: name ? name(row) : row.name }));
    // A part only its owner sees shows as "?" to the others.
    row.parts.forEach(([kind, value]) => {
      tr.append(el("td", { class: "cr-board__part", "data-part": kind,
        text: value === null ? "?" : String(value),
        "aria-description": value === null ? t("hiddenPart") : null }));
    });
    tr.append(el("td", { class: "cr-board__points", text: String(row.points) }));
    if (score.unit !== "tricks") {
      tr.append(el("td", { class: "cr-board__tricks", text: String(row.tricks) }));
    }
    if (gamePoints) tr.append(el("td", { class: "cr-board__game", text: row.game_points_said }));
    return tr;
  }
}
