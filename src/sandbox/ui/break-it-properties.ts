// Which of "Try to break it"'s properties a run's protocol can break, in that protocol's words.
// Apart from break-it-words.ts, which a lesson page loads without the engine.
import { SPECS, isProtocol } from "../../engine/index.ts";
import { BREAK_IT_PROPERTIES, type PropertyGroup } from "./break-it-words.ts";

/** The properties that can break in this protocol's runs, in its own words (issue 33: an etcd
 *  run offered "A node votes twice in one term", and etcd has no terms or votes). Which monitor
 *  can fire follows the engine (core/monitors.ts): votes are only cast in Raft (voteCast); a
 *  node's own number is checked for going backwards only where the protocol elects by itself
 *  (electionGrant: Raft's term, Zab's and the classic algorithms' epoch); where a store grants
 *  leadership (etcd, ZooKeeper, Kubernetes, the database) it is the store's token that must grow
 *  (holderChanged). `keep`: a property a lesson or challenge named stays on offer. */
export function breakItProperties(protocol: string, keep?: string): PropertyGroup[] {
  if (!isProtocol(protocol)) return BREAK_IT_PROPERTIES;
  const p = SPECS[protocol].protocol as { grant?: string; tokenKind: string };
  const elects = (p.grant ?? (p.tokenKind === "term" ? "election" : "store")) === "election";
  const word = SPECS[protocol].token({ coordinated: false, sequencer: false }).word;
  const store = SPECS[protocol].server?.label ?? "the store";
  const safety: Array<[string, string]> = elects
    ? [
        ["one-leader-per-term", `Two leaders in the same ${word}`],
        ...(protocol === "raft"
          ? [["one-vote-per-term", "A node votes twice in one term"] as [string, string]]
          : []),
        ["term-monotonic", `A node's ${word} goes backwards`],
        ["fencing-monotonic", "The resource applies a lower token after a higher one"],
      ]
    : [
        ["one-leader-per-term", "Two leaders with the same token"],
        ["token-monotonic", `A new token from ${storeName(store)} that does not grow`],
        ["fencing-monotonic", "The resource applies a lower token after a higher one"],
      ];
  const name = keep?.split(":")[0];
  if (name && !safety.some(([v]) => v === name)) {
    const kept = BREAK_IT_PROPERTIES[0].items.find(([v]) => v === name);
    if (kept) safety.push(kept);
  }
  return [{ group: "Safety", items: safety }, BREAK_IT_PROPERTIES[1]];
}

/** "etcd" and "ZooKeeper" by name, "the API server" and "the database" with an article. */
const storeName = (label: string) => (/^(etcd|ZooKeeper)$/.test(label) ? label : `the ${label}`);
