// What a click, a tap or a key does in the cluster picture: a node selects it (or, in split
// mode, moves it to the other side), a link is cut or healed through the action registry, and
// arrow keys move focus among the nodes and among the links.
import type { Point } from "./layout.ts";
import type { Link } from "./cluster-links.ts";
import { clickLink, pickInCutMode, toggleSide, toolsShown } from "./cluster-ui.ts";
import type { Selection } from "d3";
import { pos, type G, type Scene } from "./cluster-scene.ts";

/** A click or tap on a link: cut or heal it (Shift, or the one-way mode: from the end nearer
 *  the click). */
export function onLinkClick(v: Scene, ev: MouseEvent, d: Link): void {
  if (v.opts.readOnly) return;
  const a = pos(v, d.a) as Point;
  const b = pos(v, d.b) as Point;
  const box = (v.svg.node() as SVGSVGElement).getBoundingClientRect();
  const x = ev.clientX - box.left;
  const y = ev.clientY - box.top;
  // One way from the end nearer the click: messages leaving that end are lost.
  const from = Math.hypot(x - a.x, y - a.y) <= Math.hypot(x - b.x, y - b.y) ? d.a : d.b;
  v.linkFocus = v.links.findIndex((l) => l.key === d.key);
  clickLink(v.ctl, v.ui, d, { shift: ev.shiftKey, from });
}

/** A node as a button: a click selects it (in split mode, moves it to the other side); arrow
 *  keys, Home and End move focus among the nodes (one tab stop for all). */
export function bindNodeInput(v: Scene, g: G, count: number, id: string, i: number): void {
  g.on("click", () => {
    v.focusIndex = i;
    actOnNode(v, id);
  });
  g.on("keydown", (ev: KeyboardEvent) => {
    let next = -1;
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown") next = (i + 1) % count;
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") next = (i - 1 + count) % count;
    else if (ev.key === "Home") next = 0;
    else if (ev.key === "End") next = count - 1;
    else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      ev.stopPropagation();
      actOnNode(v, id);
      return;
    }
    if (next >= 0) {
      ev.preventDefault();
      v.focusIndex = next;
      v.gNodes.selectAll<SVGGElement, unknown>("g.sb-node").attr("tabindex", (_, k) => (k === next ? 0 : -1));
      (v.gNodes.node()?.children[next] as SVGGElement | undefined)?.focus();
    }
  });
  g.on("focus", () => {
    v.focusIndex = i;
  });
}

/** A node's click or Enter: in split mode it changes sides; otherwise it is selected, and with
 *  the network tools open the click also says what a node's click does there (cluster-ui.ts). */
function actOnNode(v: Scene, id: string): void {
  const ui = v.ui.getState();
  if (ui.mode === "split") {
    toggleSide(v.ctl, id);
    return;
  }
  v.ctl.dispatch({ type: "select", node: id });
  if (toolsShown(ui) && !v.opts.readOnly) pickInCutMode(v.ctl, v.ui, id, v.links);
}

/** In split mode the store and the resource are picked like nodes (they are processes too). */
export function bindSideInput(v: Scene, g: G, p: string): void {
  g.on("click", () => {
    if (v.ui.getState().mode === "split") toggleSide(v.ctl, p);
  });
  g.on("keydown", (ev: KeyboardEvent) => {
    if ((ev.key === "Enter" || ev.key === " ") && v.ui.getState().mode === "split") {
      ev.preventDefault();
      ev.stopPropagation();
      toggleSide(v.ctl, p);
    }
  });
}

/** Links as buttons: a click cuts or heals; arrow keys, Home and End move focus among them. */
export function bindLinkInput(v: Scene, enter: Selection<SVGGElement, Link, SVGGElement, unknown>): void {
  enter
    .on("click", (ev: MouseEvent, d) => onLinkClick(v, ev, d))
    .on("keydown", function (ev: KeyboardEvent, d) {
      const i = v.links.findIndex((l) => l.key === d.key);
      let next = -1;
      if (ev.key === "ArrowRight" || ev.key === "ArrowDown") next = (i + 1) % v.links.length;
      else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp")
        next = (i - 1 + v.links.length) % v.links.length;
      else if (ev.key === "Home") next = 0;
      else if (ev.key === "End") next = v.links.length - 1;
      else if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        ev.stopPropagation();
        clickLink(v.ctl, v.ui, d, { shift: ev.shiftKey });
        return;
      }
      if (next >= 0) {
        ev.preventDefault();
        v.linkFocus = next;
        // By key, not by place: links to the store or the resource are drawn first (under the
        // others), so the drawing's order is not the arrow keys' order.
        const want = v.links[next]?.key;
        const els = v.gLinks.selectAll<SVGGElement, Link>("g.sb-linkbtn");
        els.attr("tabindex", (l) => (l.key === want ? 0 : -1));
        els
          .filter((l) => l.key === want)
          .node()
          ?.focus();
      }
    })
    .on("focus", function (_ev, d) {
      v.linkFocus = v.links.findIndex((l) => l.key === d.key);
    });
}
