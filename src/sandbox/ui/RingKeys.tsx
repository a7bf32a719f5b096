// The legend's words for every ring and arc the picture draws around a node, shared by the
// /sandbox legend, the lesson embed's key and /start's: a ring is never left to its colour, and
// each says whose it is (only the leader, or a crashed leader the store still names, has lease
// rings; views/lease-rings.ts).
import { theStore } from "../labels.ts";

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
  return (
    <>
      {lease && (
        <li>
          <span className="sb-key arc-holder" aria-hidden="true" /> inner ring, blue (leader only): the lease
          time it believes it has left
        </li>
      )}
      {lease && (
        <li>
          <span className="sb-key arc-store" aria-hidden="true" /> outer ring, orange (leader, or a crashed
          leader until {store} lets go): the time {store} still keeps its lease
        </li>
      )}
      {timer && (
        <li>
          <span className="sb-key arc-timer" aria-hidden="true" /> green arc: time left before the node stands
          for election
        </li>
      )}
    </>
  );
}
