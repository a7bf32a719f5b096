// The "Why?" panel's state, one per sandbox on screen (issue 20): which event it explains, the
// chain the worker answered with, which step is shown, and the control to give focus back to.
// Apart from the sandbox store so the layouts being rewritten need no new fields.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Step, TraceEvent } from "../engine/index.ts";

export interface WhyState {
  open: boolean;
  /** what the learner asked about, as the row or mark shows it */
  label: string;
  event: TraceEvent | null;
  /** a sentence said before the event's own step, when the event asked about is not the one
   *  explained (a hazard: two believers, explained by the election that made the second) */
  intro: string | null;
  chain: Step[] | null;
  status: "idle" | "loading" | "ready" | "missing";
  /** the chain step shown in full (0: the event itself) */
  shown: number;
  /** the button that opened the panel, to return focus to */
  opener: HTMLElement | null;
  seq: number;
}

const stores = new WeakMap<object, StoreApi<WhyState>>();

export function whyStore(owner: object): StoreApi<WhyState> {
  let s = stores.get(owner);
  if (!s) {
    s = createStore<WhyState>()(() => ({
      open: false,
      label: "",
      event: null,
      intro: null,
      chain: null,
      status: "idle",
      shown: 0,
      opener: null,
      seq: 0,
    }));
    stores.set(owner, s);
  }
  return s;
}

/** The panel's heading: the event asked about and its time, since the run may have played on
 *  past the moment explained (a lesson's label says "n2 stopped leading"). A title, not the
 *  line's chain of colons (review 14b #13: "Why? 28.0 s: n3 became leader: it asked etcd first,
 *  …"): the time moves to the end and the line's own reason is left to the panel's steps. */
export function whyHeading(label: string, event: { t: number } | null): string {
  const m = /^(\d[\d.,]* m?s): (.*)$/.exec(label);
  const when = m ? m[1] : event ? whenOf(event.t) : null;
  const what = (m ? m[2] : label).split(": ")[0];
  // A duration in the words ("pauses for 15 s") is not the moment: only the moment itself already
  // named leaves the time off.
  return `Why? ${what}${when && !what.includes(when) ? `, at ${when}` : ""}`;
}

/** Open the panel on an event and ask for its chain; a later open wins over an earlier answer. */
export function openWhy(
  store: StoreApi<WhyState>,
  event: TraceEvent,
  label: string,
  opener: HTMLElement | null,
  fetch: (e: TraceEvent) => Promise<Step[] | null>,
  intro: string | null = null,
): void {
  const seq = store.getState().seq + 1;
  store.setState({ open: true, label, event, intro, chain: null, status: "loading", shown: 0, opener, seq });
  fetch(event).then(
    (chain) => {
      if (store.getState().seq !== seq) return;
      store.setState({ chain, status: chain ? "ready" : "missing" });
    },
    // The worker restarted or the run closed before it answered: nothing to explain from.
    () => {
      if (store.getState().seq === seq) store.setState({ chain: null, status: "missing" });
    },
  );
}

export function closeWhy(store: StoreApi<WhyState>): HTMLElement | null {
  const opener = store.getState().opener;
  store.setState({ open: false, opener: null });
  return opener;
}

/** The lesson page a rule's "lesson-id#anchor" link goes to. */
export function lessonHref(lesson: string): string {
  const [id, anchor] = lesson.split("#");
  return `/learn/${id}${anchor ? `#${anchor}` : ""}`;
}

/** Seconds as the narration shows them. */
export function whenOf(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** What a heal changed and what followed it, for the "Why?" panel: a heal is where a chain
 *  starts, so "this is the fault the chain starts from" explained nothing. `after` is the
 *  narration of the run from the heal on (the lines the page already holds). */
export function healWords(
  e: Extract<TraceEvent, { type: "fault" }>,
  after: readonly { t: number; text: string; important: boolean }[],
  storeName: string,
  now?: number,
  protocol?: string,
): { changed: string; followed: string[]; pending: string } {
  const name = (p: string) => (p === "store" ? storeName : p);
  const sides = e.groups?.map((g) => g.map(name).join(", ")) ?? [];
  const next = nextMessage(protocol, storeName);
  const one = e.groups !== undefined && e.groups.length === 2 && e.groups.every((g) => g.length === 1);
  const changed = !e.groups
    ? `Every cut link was healed: nodes that could not reach each other hear each other now. Messages sent across a cut before it healed are lost, so each side learns of the other from its next message (${next.what})${next.then}.`
    : e.oneWay
      ? `Messages from ${sides[0]} reach ${sides.slice(1).join(" and ")} again (that way only): ${sides.slice(1).join(" and ")} now hear${sides.length > 2 ? "" : "s"} what ${sides[0]} sends next.`
      : `${sides.join(" and ")} hear each other again${one ? " over the healed link" : ""}: each now receives what the other sends next (${next.what})${next.then}.`;
  // Read up to the clock the learner sees: the important lines first, and when none came yet,
  // whatever did happen, so the panel never says "nothing" while the run has moved on.
  const seen = after.filter((l) => l.t > e.t && (now === undefined || l.t <= now));
  const important = seen.filter((l) => l.important);
  const followed = (important.length > 0 ? important : seen)
    .slice(0, 3)
    .map((l) => `${whenOf(l.t)}: ${l.text}`);
  const upTo =
    now !== undefined && now > e.t
      ? ` between ${whenOf(e.t)} and ${whenOf(now)} (the clock now)`
      : " yet at this moment in the run";
  const pending =
    followed.length === 0
      ? `Nothing has followed${upTo}: press Play to watch what the reconnected nodes do.`
      : "";
  return { changed, followed, pending };
}

/** What a node sends next once a link is healed, in its protocol's own words: a Raft node's
 *  heartbeat and newer term, a lease holder's renewal. A Raft sentence in an etcd run taught the
 *  wrong protocol. */
function nextMessage(protocol: string | undefined, storeName: string): { what: string; then: string } {
  switch (protocol) {
    case "raft":
      return {
        what: "a heartbeat or a vote request",
        then: ", and a node that sees a newer term from the other side steps back",
      };
    case "etcd":
    case "kubernetes":
    case "zookeeper":
    case "database":
      return {
        what: `a renewal to ${storeName}, or ${storeName}'s answer`,
        then: `; a node whose lease ran out while it was cut off finds it gone and asks ${storeName} again`,
      };
    default:
      return { what: "a heartbeat, an election message", then: "" };
  }
}

/** A step's heading as the panel shows it: a heal reads as what happened, not "fault: heal";
 *  one healed link is "the cut link was healed", never plural. */
export function stepTitle(step: Pick<Step, "type" | "title">, event?: TraceEvent): string {
  if (step.type === "fault" && /^fault: heal/.test(step.title)) {
    const groups = event?.type === "fault" ? event.groups : undefined;
    if (event === undefined) return "the cut was healed";
    if (!groups) return "every cut link was healed";
    return groups.length === 2 && groups.every((g) => g.length === 1)
      ? "the cut link was healed"
      : "the cut links were healed";
  }
  return step.title;
}

/** A heal's own sentence would only repeat its title; the panel says what it changed instead. */
export function isHealStep(step: Pick<Step, "type" | "title">): boolean {
  return step.type === "fault" && /^fault: heal/.test(step.title);
}
