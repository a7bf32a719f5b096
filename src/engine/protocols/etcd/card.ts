// The etcd rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/etcd).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts).
import type { RulesCard } from "../card.ts";

export const etcdCard = {
  protocol: "etcd",
  title: "etcd's concurrency.Election",
  lesson: "leases-on-a-store",
  preset: "billing-crash",
  state: ["A session: one lease with a TTL, kept alive over a gRPC stream.", "Your key under the election prefix (named after the lease id) and its create revision."],
  messages: [
    "LeaseGrant, then LeaseKeepAlive after each reply, a third of the TTL later.",
    "Txn: if the key's create revision is 0, put it with the lease; else read it.",
    "Get the key with the highest create revision below yours; Watch it until it is deleted.",
  ],
  rules: [
    "The key with the lowest create revision under the prefix leads.",
    "Wait on your immediate predecessor only; when it is deleted, look again until nobody is ahead.",
    "Stop leading on your own clock: at the send time of the last keepalive that was answered, plus the TTL, minus a margin for pauses and drift. Do not wait for the session to report that it has ended (its Done channel closes): the client notices only a full TTL after the last keepalive answer arrived, and checks just once a second, by which time the server may already have expired the lease.",
    "Proclaim and Resign act only if your key still has your create revision; fence every write with that revision.",
    "The etcd server leading Raft judges expiry: one TTL after the last keepalive it received. Its lessor looks for expired leases every 500 ms and revokes them through Raft, so the key is deleted, and watchers hear, up to about half a second after the TTL.",
  ],
  timers: {
    ttl: { label: "Session TTL", meaning: "the lease's time to live, judged by the etcd leader" },
    renew: { label: "Keepalive interval", meaning: "the client sends the next keepalive this long after each reply" },
  },
  sources: ["etcd-io/etcd client/v3/concurrency election.go, session.go; client/v3/lease.go; server/lease/lessor.go"],
} satisfies RulesCard;
