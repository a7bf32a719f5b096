// The rules cards. Each protocol's card is plain data in its own folder
// (src/engine/protocols/<name>/card.ts), reached through its spec, so the list of cards is the
// registry's list of built-in protocols. This file also keeps the cards of mechanisms the lessons
// teach outside the simulator.
import {
  BUILT_IN_PROTOCOLS,
  cardOf,
  isProtocol,
  type BuiltInProtocol,
} from "../../engine/protocols/registry.ts";

export type { CardLine, RulesCard } from "../../engine/protocols/card.ts";

/** The protocols with a rules card, in the registry's order. */
export const RULES_PROTOCOLS: readonly BuiltInProtocol[] = BUILT_IN_PROTOCOLS;
export type RulesProtocol = BuiltInProtocol;
/** A protocol's rules card, from its spec. */
export const rulesCard = cardOf;

export function isRulesProtocol(p: string): p is RulesProtocol {
  return isProtocol(p) && (RULES_PROTOCOLS as readonly string[]).includes(p);
}

/** A rules card for a mechanism the lessons teach beyond the simulated protocols: it has no
 *  engine timers and no preset, so it names the lesson section that teaches it and its fence. */
export interface PatternCard {
  id: string;
  title: string;
  /** the lesson that teaches it, and the heading anchor of that section */
  lesson: string;
  section: string;
  state: string[];
  messages: string[];
  rules: string[];
  /** what a resource can check to refuse a former holder, or why it cannot */
  fence: string;
  sources: string[];
}

export const PATTERN_CARDS: Record<string, PatternCard> = {
  chubby: {
    id: "chubby",
    title: "Chubby locks: sequencers and lock-delay",
    lesson: "database-and-chubby",
    section: "chubby-locks-with-a-sequence-number",
    state: [
      "In the cell: each lock's holder, its mode (exclusive or shared) and its generation number, which rises each time the lock goes from free to held.",
      "In each client: a session kept alive by KeepAlives, the locks it holds, and the sequencers it was given.",
    ],
    messages: [
      "Acquire and release a lock on a node of the namespace; KeepAlive for the session.",
      "GetSequencer() for a held lock: an opaque string naming the lock, the mode and the generation. CheckSequencer() asks the cell whether one is still current; SetSequencer() binds a handle to one.",
    ],
    rules: [
      "The holder attaches its sequencer to every request it sends to a protected server.",
      "A protected server refuses a request whose sequencer is not current: by asking the cell, or by comparing with the newest sequencer it has seen for that lock.",
      "A lock released normally is free at once. A lock whose holder failed or became unreachable is refused to everyone for the lock-delay the client chose, up to a bound the paper gives as currently one minute.",
      "Lock-delay protects servers that cannot check sequencers against everyday delays and restarts; a request delayed longer, or a holder paused longer, still gets through.",
    ],
    fence:
      "The lock generation number, carried in the sequencer. Comparing with the newest sequencer seen has a window before the new holder's first request; asking the cell closes it.",
    sources: [
      'Burrows, "The Chubby lock service for loosely-coupled distributed systems", OSDI 2006, section 2.4',
    ],
  },
  consul: {
    id: "consul",
    title: "Consul sessions and locks",
    lesson: "election-libraries",
    section: "consul-sessions",
    state: [
      "A session: a node, a list of health checks (the node's gossip check unless you say otherwise), a behaviour (release or delete), an optional TTL and a lock-delay (15 s unless set, at most 60 s).",
      "Each key: the session holding it, if any, and its LockIndex, the number of times it has been acquired.",
    ],
    messages: [
      "Create a session; renew it within its TTL; destroy it.",
      "A KV write with ?acquire=<session> takes the key if no session holds it; ?release=<session> lets it go.",
    ],
    rules: [
      "The session is invalidated when its node or any of its checks is deregistered, a check goes critical, it is destroyed, or its TTL runs out without a renewal.",
      "On invalidation its keys are released (the default) or deleted, and nobody may acquire them for the lock-delay.",
      "The TTL is a lower bound: Consul never expires a session earlier but may expire it later, and restarts the TTL when a server takes over as leader.",
      "A gossip check can release the lock of a holder that is alive (a false positive); a session with no checks never releases on its own and needs an operator.",
    ],
    fence:
      "The key's LockIndex, which only grows; a resource that keeps the highest it has seen refuses a former holder. Lock-delay alone is a pause, not a fence.",
    sources: ['Consul documentation, "Sessions and distributed locks overview"'],
  },
  "curator-leaderlatch": {
    id: "curator-leaderlatch",
    title: "Curator's LeaderLatch on ZooKeeper",
    lesson: "election-libraries",
    section: "leaderlatch",
    state: [
      "A protected ephemeral sequential znode under the latch path, kept by the ZooKeeper session.",
      "A local leadership flag, read by hasLeadership(); the client's connection state: CONNECTED, SUSPENDED, RECONNECTED, LOST.",
    ],
    messages: [
      "start(): create the znode; list the children; getData with a watch on the node just ahead.",
      "close(): delete the znode, the only way to give leadership up on purpose.",
    ],
    rules: [
      "The lowest sequence number leads: set the flag and call isLeader().",
      "Otherwise watch only the predecessor, and list the children again when the watch fires.",
      "Under the default error policy, SUSPENDED clears the flag and calls notLeader(); on RECONNECTED the latch lists again and may lead again if its node survived.",
      "Under the session policy only LOST counts: leadership is kept through a short disconnection, while the server may already have expired the session.",
    ],
    fence:
      "The znode's sequence number or creation zxid, carried on every write and checked by the resource; hasLeadership() is a local flag and proves nothing to anyone else.",
    sources: [
      'Apache Curator, LeaderLatch and the connection-state tech notes (TN12, TN14); ZooKeeper Recipes, "Leader Election"',
    ],
  },
  redlock: {
    id: "redlock",
    title: "Redlock, and why it is not a fence",
    lesson: "redlock-debate",
    section: "redlock-in-five-steps",
    state: [
      "N independent Redis masters (five in the example), none replicating to another.",
      "On each, the lock key with a random value unique to one attempt and an expiry.",
    ],
    messages: [
      "SET key value NX PX ttl on every master in turn, with a short timeout per master.",
      "Release: a script that deletes the key only if it still holds this attempt's value.",
    ],
    rules: [
      "Read the clock; try every master; the lock is held if a majority accepted it and the time spent is less than the expiry.",
      "The validity time is the expiry minus the time spent acquiring, minus an allowance for clock drift.",
      "Without a majority in time, delete the key everywhere.",
      "Safety rests on timing: bounded pauses, bounded delays and clocks that advance at about the same rate on every master.",
    ],
    fence:
      "None. The random value identifies one attempt but cannot be ordered, so a resource cannot tell a former holder from the current one; a paused holder whose validity ran out still writes. Use a lock service that issues a number that only grows, and check it at the resource.",
    sources: [
      'Redis documentation, "Distributed Locks with Redis"',
      'Kleppmann, "How to do distributed locking" (2016), and antirez\'s reply',
    ],
  },
};
