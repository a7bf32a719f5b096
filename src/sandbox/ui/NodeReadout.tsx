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
  // Kubernetes: the API server keeps the Lease record but never counts it down; each client
  // judges expiry on its own clock from when it last saw the record change (client-go
  // tools/leaderelection/leaderelection.go, observedTime and isLeaseValid; its doc.go: "A client
  // observes timestamps captured locally"), so there is no store's count to set beside its own
  // (review 14b #4: "the store's none" read as "there is no lease").
  const uncounted = n.lease?.store && n.lease.store.remainingMs === null && f.store?.kind === "apiserver";
  const lease =
    n.lease && uncounted && rings.holder
      ? ` · lease: ${left(n.lease.holder)} by its own clock (the API server keeps the record but never counts it down)`
      : n.lease && (rings.holder || rings.store) && !uncounted
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
    // Every frame the picture draws, the panel reads too, with the same rounding (formatClock):
    // a limit of ten writes a second left it a frame behind the picture, and a pause could keep
    // it there (review 6a #6: "Local clock 3.09 s" beside "clock 3.2 s"). Written only when the
    // words change: a cheap text swap.
    let frame: unknown = null;
    const update = () => {
      const f = ctl.store.getState().frame;
      if (f === frame) return;
      frame = f;
      const n = f?.nodes.find((x) => x.id === id);
      const text = f && n ? readout(n, f) : null;
      if (text !== null && ref.current && ref.current.textContent !== text) ref.current.textContent = text;
    };
    update();
    return ctl.store.subscribe(update);
  }, [ctl, id]);
  return <p className="sb-readout" ref={ref} />;
}
