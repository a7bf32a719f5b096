// The cluster picture's store and resource: their boxes and words, and in split mode the side
// each is on.
import type { Frame } from "../../engine/index.ts";
import { formatToken, storeLabel, storeLabelCap, storeLine, type TermLabel } from "../labels.ts";
import type { Mark } from "../marks.ts";
import type { ClusterLayout } from "./layout.ts";
import type { ClusterUiState } from "./cluster-ui.ts";
import { bindSideInput } from "./cluster-input.ts";
import { type Scene, setAttr, setText } from "./cluster-scene.ts";
import { serverBadges } from "./side-badges.ts";
import { fitResource } from "./resource-fit.ts";
import { fitStore } from "./store-fit.ts";
import { baseStoreWidth, cylinderPaths, STORE_LINE_Y, STORE_TITLE_Y } from "./cylinder.ts";
import { BOX_TOKEN } from "../vocabulary.ts";

export function buildFixed(v: Scene, f: Frame): void {
  const L = v.layout as ClusterLayout;
  v.gLinks.selectAll("*").remove();
  v.links = [];
  v.gStore.selectAll("*").remove();
  // A run without a store (bully, ring, zab, raft) must not keep the last store's name.
  v.gStore.attr("role", null).attr("aria-label", null);
  v.storeW = 0;
  v.storeSig = "";
  if (L.store) {
    const { body, rim } = cylinderPaths(baseStoreWidth(v.width));
    v.gStore.attr("transform", `translate(${L.store.x},${L.store.y})`).attr("role", "img");
    v.gStore.append("path").attr("class", "sb-store-body").attr("d", body);
    v.gStore.append("path").attr("class", "sb-store-rim").attr("d", rim);
    v.gStore
      .append("text")
      .attr("class", "sb-store-title")
      .attr("y", STORE_TITLE_Y)
      .attr("text-anchor", "middle")
      .text(storeLabel(f.store?.kind));
    v.gStore
      .append("text")
      .attr("class", "sb-store-line")
      .attr("y", STORE_LINE_Y)
      .attr("text-anchor", "middle");
  }
  v.gResource.selectAll("*").remove();
  const rw = v.width < 560 ? 152 : 168;
  const rh = 52;
  v.gResource.attr("transform", `translate(${L.resource.x},${L.resource.y})`).attr("role", "img");
  v.gResource
    .append("rect")
    .attr("class", "sb-resource-body")
    .attr("x", -rw / 2)
    .attr("y", -rh / 2)
    .attr("width", rw)
    .attr("height", rh)
    .attr("rx", 6);
  v.gResource
    .append("rect")
    .attr("class", "sb-resource-flash")
    .attr("x", -rw / 2)
    .attr("y", -rh / 2)
    .attr("width", rw)
    .attr("height", rh)
    .attr("rx", 6);
  v.gResource
    .append("text")
    .attr("class", "sb-resource-title")
    .attr("y", -9)
    .attr("text-anchor", "middle")
    .text("resource");
  v.gResource.append("text").attr("class", "sb-resource-line").attr("y", 6).attr("text-anchor", "middle");
  v.gResource.append("text").attr("class", "sb-resource-last").attr("y", 20).attr("text-anchor", "middle");
  v.lastRejected = -1;
  v.lastStale = -1;
  // In split mode the store and the resource are picked like nodes (they are processes too).
  for (const [g, p] of [
    [v.gStore, "store"],
    [v.gResource, "resource"],
  ] as const) {
    if (p === "store" && !L.store) continue; // no store in this run: nothing to pick or name
    g.append("text")
      .attr("class", "sb-side-badge")
      .attr("aria-hidden", "true")
      .attr("text-anchor", "middle")
      .attr("y", -34);
    bindSideInput(v, g, p);
  }
}

/** The store and the resource say their side while sides are shown; in split mode they become
 *  buttons. */
export function drawSides(v: Scene, u: ClusterUiState): void {
  const split = u.mode === "split";
  for (const [g, p] of [
    [v.gStore, "store"],
    [v.gResource, "resource"],
  ] as const) {
    const el = g.node() as SVGGElement;
    // Only a drawn store or resource takes a role (an empty group with role img has no name).
    if (!el.querySelector("text:not(.sb-side-badge)")) continue;
    setAttr(el, "role", split ? "button" : "img");
    // Outside split mode they take no clicks, so a link drawn beneath the resource's box (the
    // mesh crosses the middle) can still be clicked there.
    el.style.pointerEvents = split ? "" : "none";
    if (split) setAttr(el, "tabindex", "0");
    else el.removeAttribute("tabindex");
    const side = v.sides?.get(p);
    const badge = el.querySelector(".sb-side-badge");
    setText(badge, side ? `side ${side}` : "");
    const spot = side ? serverBadges(v).find((b) => b.id === p) : undefined;
    if (badge && spot) {
      setAttr(badge, "x", spot.x.toFixed(1));
      setAttr(badge, "y", spot.y.toFixed(1));
    }
    // Its name starts with the words drawn in it (WCAG 2.5.3), then its side; a space between
    // its texts keeps them words ("resourcefencing on" when run together, as axe reads them).
    spaceTexts(el);
    const shown = [...el.querySelectorAll("text:not(.sb-side-badge)")]
      .map(drawnText)
      .filter(Boolean)
      .join(" ");
    if (split)
      setAttr(el, "aria-label", `${shown}, side ${side ?? "A"}: press Enter to move it to the other side`);
  }
  v.gNodes.classed("splitting", split);
}

/** A text's words as drawn: without its undrawn parts (a wrapped line's "·", resource-fit.ts). */
function drawnText(t: Element): string {
  let out = "";
  const walk = (n: Node) => {
    if (n.nodeType === Node.TEXT_NODE) out += n.textContent ?? "";
    else if ((n as Element).getAttribute?.("display") !== "none") n.childNodes.forEach(walk);
  };
  walk(t);
  return out.replace(/\s+/g, " ").trim();
}

/** A space after each of the group's texts (not drawn: SVG draws only a text's own words), so its
 *  words read apart in its visible text, which its accessible name must hold. */
function spaceTexts(el: SVGGElement): void {
  for (const t of el.querySelectorAll(":scope > text"))
    if (t.nextSibling?.nodeType !== Node.TEXT_NODE) t.after(document.createTextNode(" "));
}

export function drawStoreAndResource(v: Scene, f: Frame, mark: Mark | null, label: TermLabel): void {
  if (f.store) {
    const st = f.store;
    const name = storeLabelCap(st.kind);
    const { line, spoken } = v.opts.plainLabels
      ? {
          // No holder after one held it (a term above 0): its lease ran out, so "no leader yet"
          // would deny the leader the learner just watched (review 14a #5).
          line: st.holder
            ? `${label.word} ${st.holderToken} · leader ${st.holder}`
            : st.holderToken > 0
              ? "lease expired · no holder"
              : "no leader yet",
          spoken: `${label.word} ${st.holderToken}, lease holder ${st.holder ?? "none"}`,
        }
      : storeLine(f.protocol, st, f.nodes);
    setText(v.gStore.select(".sb-store-line").node() as Element, st.up ? line : "DOWN");
    setAttr(v.gStore.node() as Element, "class", `sb-store${st.up ? "" : " down"}`);
    setAttr(v.gStore.node() as Element, "aria-label", `${name}: ${st.up ? `up, ${spoken}` : "down"}`);
  }
  const r = f.resource;
  const last = r.lastWrites[r.lastWrites.length - 1];
  const fencing = r.mode === "token" ? "on" : r.mode === "sequencer" ? "by sequencer" : "off";
  // The resource checks one idea, the fencing token, whatever number the protocol hands it
  // (Raft's term, Zab's zxid, etcd's revision): the box always says "token" (review 6a #2: the
  // Raft lesson's box read "max term 2" while the fencing lesson's read "max token 2"); the
  // legend says once which number the protocol uses as its token.
  // /start's box says "token" too, as the lessons do (review 8a #1: it read "max term 1"); its
  // late-write screen says the term is the token the box counts.
  const tw = BOX_TOKEN;
  // A newcomer's embed (lesson 1) shows no number on the box: the token is taught later in the
  // lesson (review 8a #1: "max token 0" before the word was explained). Writes say only who
  // wrote and whether it was refused.
  const simple = v.opts.simple === true;
  const tok = (t: number) => (simple ? "" : ` ${tw} ${formatToken(f.protocol, t)}`);
  // The spec's token word at every width (a phone once read "max 2", a desktop "max token 2");
  // a narrow picture drops "fencing" before the word, as the box's title already says resource.
  // One wording at every width and in every embed (a phone once read "fenced", a desktop "fencing on").
  // A newcomer's embed says only the number the box checks; "fencing" is taught later.
  const fenceWord = v.opts.simple && r.mode === "token" ? "" : `fencing ${fencing} · `;
  // The middle line is set once a frame, with its final words: a line wrapped onto two
  // (resource-fit.ts) stays wrapped while its words stand, rather than be rewritten whole.
  let lineText =
    r.mode === "sequencer"
      ? "fencing: asks the lock"
      : simple
        ? ""
        : `${fenceWord}max ${tw} ${formatToken(f.protocol, r.maxToken)}`;
  // A refused or stale write stays on the resource until the next event that matters (see
  // marks.ts), so it does not vanish with the next accepted write; otherwise the last write.
  // A refused write is fencing doing its job: drawn in the safe "held" style, with its words
  // (review 6b #14: amber read as a warning); a write applied after a newer one is safety lost
  // (red, ✗); an old leader's write that landed before the newer leader's first overwrote nothing
  // newer: two leaders acting, a hazard (amber, ⚠).
  const marked =
    mark &&
    (mark.kind === "rejected" || mark.kind === "stale" || mark.kind === "early") &&
    mark.node !== undefined
      ? mark
      : null;
  const lastEl = v.gResource.select(".sb-resource-last").node() as Element;
  const lastKind: "rejected" | "stale" | "early" | "ok" | null = marked
    ? (marked.kind as "rejected" | "stale" | "early")
    : !last
      ? null
      : last.result === "rejected"
        ? "rejected"
        : last.outOfOrder
          ? "stale"
          : last.result === "stale-accepted"
            ? "early"
            : "ok";
  const shown = marked ?? last;
  setAttr(lastEl, "class", `sb-resource-last${lastKind ? LAST_CLASS[lastKind] : ""}`);
  setText(
    lastEl,
    shown && lastKind
      ? `${LAST_ICON[lastKind]} ${shown.node}${tok(shown.token ?? 0)}${lastKind === "ok" ? (simple ? " wrote" : "") : LAST_WORDS[lastKind]}`
      : "no writes yet",
  );
  // (`tok` brings its own leading space: the box's name once read "highest  token 0", review 12b #12.)
  // A refused write shown on the box is said by its own line ("⊘ n2 token 2 refused"), in words
  // as well as in the refused colour (review 6b #14); the line above stays "fencing on · max
  // token 2" (review 17a #10: "fencing held" read as a lock being held).
  // The run's verdict in words, on the resource's title: a stale write accepted is a safety
  // violation (red) for the rest of the run; two nodes acting as leader while fencing refuses
  // the old one's writes is a hazard the token contains (amber).
  const leaders = f.nodes.filter((n) => n.role === "leader" || n.believesLeader).length;
  // The title stays "resource" (review 5b #17: "resource: two leaders" named the box for the
  // nodes); the verdict is its line, as short as the line it replaces so the box never grows
  // into a node's rings (review 4b #4), and the whole verdict is in the box's name.
  const fenceVerdict =
    fencing === "off"
      ? "no fencing"
      : r.rejected > 0
        ? `${r.rejected === 1 ? "stale write" : "stale writes"} refused`
        : `fencing ${fencing}`;
  const early = r.staleAccepted - r.outOfOrder;
  const verdict =
    r.outOfOrder > 0
      ? {
          cls: "violation",
          line: "safety lost · older write applied",
          spoken: `${r.outOfOrder === 1 ? "an older write" : `${r.outOfOrder} older writes`} applied after a newer one`,
        }
      : leaders >= 2 && early > 0
        ? {
            cls: "hazard",
            line: "two leaders · old one wrote",
            spoken: `two leaders, the old one's write landed before the new one wrote`,
          }
        : leaders >= 2
          ? {
              cls: "hazard",
              // One form, as the metrics say it (NowMetrics safetyOf): "stale writes refused" once
              // the token refused one, "fencing on" before (review 12b #6; 17a #10: not "held").
              line: `two leaders · ${fenceVerdict}`,
              spoken: `two leaders, ${fenceVerdict}`,
            }
          : null;
  if (verdict && r.mode !== "sequencer") lineText = verdict.line;
  setText(v.gResource.select(".sb-resource-line").node() as Element, lineText);
  const titleEl = v.gResource.select(".sb-resource-title").node() as Element;
  setText(titleEl, "resource");
  setAttr(titleEl, "class", `sb-resource-title${verdict ? ` ${verdict.cls}` : ""}`);
  setAttr(
    v.gResource.node() as Element,
    "aria-label",
    `Resource${verdict ? ` (${verdict.spoken})` : ""}: fencing ${fencing}${simple ? "" : `, highest${tok(r.maxToken)}`}, ${r.accepted} accepted, ${r.rejected} refused, ${r.outOfOrder} applied after a newer one, ${early} from an old leader before the new one wrote${marked ? `; latest marked: ${marked.node}'s${simple ? " write" : tok(marked.token ?? 0)}, ${LAST_WORDS[marked.kind as "rejected" | "stale" | "early"].trim()}` : ""}`,
  );
  const bad = r.rejected + r.staleAccepted;
  if (v.lastRejected >= 0 && bad > v.lastRejected) {
    const el = v.gResource.node() as SVGGElement;
    // A refused write is the token working: its flash is the held colour (flash-refused); only a stale
    // write accepted flashes red (issue 33: a refused write once filled the box pink).
    const staleGrew = r.outOfOrder > Math.max(0, v.lastStale);
    el.classList.remove("flash", "flash-refused");
    void el.getBoundingClientRect();
    el.classList.add("flash");
    if (!staleGrew) el.classList.add("flash-refused");
  }
  v.lastRejected = bad;
  v.lastStale = r.outOfOrder;
  // The lines' places and the box's size follow its words (resource-fit.ts): a newcomer's box
  // with no middle line closes its two lines up (review 9a #10), a line too long wraps.
  fitResource(v);
  fitStore(v);
  // The border marks the resource only while a refused or stale write is the marked event.
  setAttr(
    v.gResource.node() as Element,
    "class",
    `sb-resource${marked ? `${marked.kind === "early" ? "" : " has-bad"} marked-${marked.kind}` : ""}${verdict ? ` verdict-${verdict.cls}` : ""}${(v.gResource.node() as Element).classList.contains("flash") ? " flash" : ""}${(v.gResource.node() as Element).classList.contains("flash-refused") ? " flash-refused" : ""}`,
  );
}

/** The resource's last-write line, by what the write did: refused (fencing worked), applied after
 *  a newer one (safety lost), an old leader's write before the new one wrote (a hazard), fine. */
const LAST_CLASS = { rejected: " refused", stale: " bad", early: " early", ok: "" } as const;
const LAST_ICON = { rejected: "⊘", stale: "✗", early: "⚠", ok: "✓" } as const;
const LAST_WORDS = {
  rejected: " refused",
  stale: " applied after a newer one",
  early: " accepted, old leader",
  ok: "",
} as const;
