// A node's clock and lease views as text: the words (readout) and the live paragraph that updates them in place.
import { useEffect, useRef } from "react";
import type { Frame, FrameNode, LeaseView } from "../../engine/index.ts";
import { formatClock, formatSeconds } from "../format-seconds.ts";
import { leaseRings } from "../views/lease-rings.ts";
import { useController } from "./context.ts";

const left = (v: LeaseView | null | undefined) =>
  v && v.remainingMs !== null
    ? v.remainingMs > 0
      ? `${formatSeconds(v.remainingMs)} left`
      : "expired"
    : "none";

/** The node's clock and both views of its lease, as text, updated in place as time moves. Only a
 *  node that leads (or that the store still names) has a lease to speak of, as in the picture. */
export function readout(n: FrameNode, f: Pick<Frame, "store">): string {
  const drift = n.driftPpm !== 0 ? ` (${n.driftPpm > 0 ? "+" : "−"}${Math.abs(n.driftPpm) / 10_000}%)` : "";
  const wall =
    Math.abs(n.wallClockMs - n.localClockMs) >= 1 ? `, wall clock ${formatClock(n.wallClockMs)}` : "";
  const rings = leaseRings(f, n);
  // A crashed process has no view of its own lease: only the store's countdown is left to read.
  const lease =
    n.lease && (rings.holder || rings.store)
      ? n.role === "crashed"
        ? ` · lease: the store's ${left(n.lease.store)} (a crashed node has no view of its own)`
        : ` · lease: its own view ${left(n.lease.holder)}, the store's ${left(n.lease.store)}`
      : "";
  return `Local clock ${formatClock(n.localClockMs)}${drift}${wall}${lease}`;
}

export function LiveReadout({ id }: { id: string }) {
  const ctl = useController();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // At most ten writes a second while time runs, and always the last frame: a frame dropped by
    // the limit and never followed (a pause) left the panel 0.1 s behind the picture, which draws
    // every frame (review 6a #6: "Local clock 3.09 s" beside "clock 3.2 s").
    let last = -Infinity;
    let trailing = 0;
    const write = () => {
      trailing = 0;
      last = performance.now();
      const f = ctl.store.getState().frame;
      const n = f?.nodes.find((x) => x.id === id);
      if (f && n && ref.current) ref.current.textContent = readout(n, f);
    };
    const update = () => {
      const wait = 100 - (performance.now() - last);
      if (wait <= 0) write();
      else if (!trailing) trailing = window.setTimeout(write, wait);
    };
    write();
    const unsubscribe = ctl.store.subscribe(update);
    return () => {
      unsubscribe();
      window.clearTimeout(trailing);
    };
  }, [ctl, id]);
  return <p className="sb-readout" ref={ref} />;
}
