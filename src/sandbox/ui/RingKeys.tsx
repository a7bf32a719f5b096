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
  // Kubernetes: the API server never counts a Lease down; the leader stops by its own clock
  // (RenewDeadline), and a candidate judges expiry by its own clock from when it last saw the
  // record change (client-go tools/leaderelection/leaderelection.go observedTime, isLeaseValid).
  // Only the coordinated election controller compares renewTime with its own clock.
  if (storeKind === "apiserver")
    return {
      inner:
        "Blue inner ring, on the leader only: the time it has left before it stops leading unless a renewal succeeds, on its own clock. The API server never counts the Lease down.",
      outer:
        "Orange outer ring (coordinated election only): the lease left as the election controller judges it, from the record's renewTime on its own clock.",
      timer:
        "Green arc: the time left before the node gives up waiting for a leader and stands for election.",
    };
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
  outer = true,
}: {
  lease: boolean;
  timer: boolean;
  storeKind: string | null;
  /** is an outer ring drawn? Kubernetes draws one only where the election controller judges the
   *  lease (the API server never counts one down) */
  outer?: boolean;
}) {
  const store = storeKind ? theStore(storeKind) : "the store";
  const more = ringDetails(storeKind);
  const k8s = storeKind === "apiserver";
  return (
    <>
      {lease && (
        <li title={more.inner}>
          <span className="sb-key arc-holder" aria-hidden="true" /> inner ring:{" "}
          {k8s ? "time before the leader stops, by its own clock" : "lease left, as the leader counts"}
        </li>
      )}
      {lease && outer && (
        <li title={more.outer}>
          <span className="sb-key arc-store" aria-hidden="true" /> outer ring:{" "}
          {k8s ? "lease left, as the election controller judges it" : <>lease left, as {store} counts</>}
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
