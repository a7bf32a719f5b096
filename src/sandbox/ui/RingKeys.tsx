// The legend's words for every ring and arc the picture draws around a node, shared by the
// /sandbox legend, the lesson embed's key and /start's: a ring is never left to its colour, and
// each says whose count it shows (only the leader, or a crashed leader the store still names, has
// lease rings; views/lease-rings.ts). A few words each (review 10b #6: three-line sentences
// before a newcomer had seen a ring); the longer form is the entry's hover title, and in the
// /sandbox legend's "More about these marks" (ringDetails).
import { theStore } from "../labels.ts";

/** The long form of each ring's entry, for hover and for the legend's disclosure. */
export function ringDetails(storeKind: string | null): { inner: string; outer: string; timer: string } {
  const store = storeKind ? theStore(storeKind) : "the store";
  return {
    inner: "Blue inner ring, on the leader only: the lease time it believes it has left, on its own clock.",
    outer: `Orange outer ring: the time ${store} still keeps the lease, on the leader or on a crashed leader until ${store} lets go.`,
    timer: "Green arc: the time left before the node gives up waiting for a leader and stands for election.",
  };
}

export function RingKeys({
  lease,
  timer,
  storeKind,
}: {
  lease: boolean;
  timer: boolean;
  storeKind: string | null;
}) {
  const store = storeKind ? theStore(storeKind) : "the store";
  const more = ringDetails(storeKind);
  return (
    <>
      {lease && (
        <li title={more.inner}>
          <span className="sb-key arc-holder" aria-hidden="true" /> inner ring: lease left, as the leader
          counts
        </li>
      )}
      {lease && (
        <li title={more.outer}>
          <span className="sb-key arc-store" aria-hidden="true" /> outer ring: lease left, as {store} counts
        </li>
      )}
      {timer && (
        <li title={more.timer}>
          <span className="sb-key arc-timer" aria-hidden="true" /> green arc: time until it stands for
          election
        </li>
      )}
    </>
  );
}
