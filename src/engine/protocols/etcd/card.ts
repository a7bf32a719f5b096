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
  state: [
    "A session: one lease (a claim the store keeps alive only while you renew it) with a time to live (TTL), renewed over one long-lived connection to etcd.",
    "Your key under the election's shared prefix (named after your lease's id) and its create revision: etcd's change counter at the moment the key was made.",
  ],
  messages: [
    "Ask for a lease (LeaseGrant), then renew it (LeaseKeepAlive): each renewal falls due a third of the TTL after the last reply and goes out on the next pass of the client's half-second send loop.",
    "One all-or-nothing request (a transaction, Txn): if your key does not exist yet (create revision 0), make it, tied to your lease; else read it.",
    "Ask for the key made just before yours (the highest create revision below yours), then watch it (Watch) until it is deleted.",
  ],
  rules: [
    "The key with the lowest create revision under the prefix leads.",
    "Wait on the one key just before yours only; when it is deleted, look again until nobody is ahead.",
    "Stop leading on your own clock: at the send time of the last renewal that was answered, plus the TTL, minus a margin for pauses and drift. Do not wait for the client library to tell you the session has ended: it notices only a full TTL after the last answer arrived, and checks just once a second, by which time etcd may already have expired the lease.",
    "Announce a new value as leader (Proclaim) or step down (Resign) only if your key still has your create revision; fence every write with that revision.",
    "The etcd server that leads etcd's own Raft group judges expiry: one TTL after the last renewal it received. Its lease keeper (the lessor) looks for expired leases every 500 ms and deletes them, so the key is deleted, and watchers hear, up to about half a second after the TTL.",
  ],
  timers: {
    ttl: { label: "Session TTL", meaning: "the lease's time to live, judged by the etcd leader" },
    // clientv3 lease.go recvKeepAlive sets nextKeepAlive = now + TTL/3; sendKeepAliveLoop sends
    // only on its 500 ms passes (etcd-io/etcd @c34dc7ee client/v3/lease.go): at TTL 10 s a
    // keepalive goes out every 3.5 s, the number the sandbox and the tours say too.
    renew: {
      label: "Keepalive interval",
      meaning:
        "how often the client renews: each renewal falls due a third of the TTL after the last reply and goes out on the next half-second pass of its send loop",
      sentOnLoopMs: 500,
    },
  },
  sources: [
    "etcd-io/etcd client/v3/concurrency election.go, session.go; client/v3/lease.go; server/lease/lessor.go",
  ],
} satisfies RulesCard;
