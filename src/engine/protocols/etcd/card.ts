// The etcd rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/etcd).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts), or from
// the run the card was opened from, into the "{timer}" slots of the rules.
// Each line says what happens in the course's words first; etcd's names come second
// (etcd-io/etcd client/v3/concurrency election.go and session.go, client/v3/lease.go,
// server/lease/lessor.go).
import type { RulesCard } from "../card.ts";

export const etcdCard = {
  protocol: "etcd",
  title: "etcd's election: a line of keys on a lease",
  gist: "Each node asks etcd for a place in line and keeps renewing its lease; the first in line leads, and when its lease runs out the next one moves up.",
  lesson: "leases-on-a-store",
  preset: "billing-crash",
  state: [
    {
      say: "A session: one lease with a time to live, a claim etcd keeps only while your client renews it over one long-lived connection.",
      api: "concurrency.Session: a lease ID and its TTL, kept alive on one gRPC stream",
    },
    {
      say: "Your place in line: a key under the election's shared folder, named after your lease, and the number etcd stamped on it when it was made. The leader's number is its token.",
      api: "the election prefix plus the lease ID in hex, such as /election/694d7701, and its create revision",
    },
  ],
  messages: [
    {
      say: "Ask etcd for a lease, then keep renewing it.",
      api: "LeaseGrant, then LeaseKeepAlive on one stream",
    },
    {
      say: "Join the line in one all-or-nothing request: make your key, tied to your lease, only if it does not exist yet; otherwise read it.",
      api: "Txn: if the key's create revision is 0, Put it with the lease; else Get it",
    },
    {
      say: "Find the key just ahead of yours in line and ask to be told when it goes.",
      api: "Get under the prefix with the highest create revision below yours, then Watch it for its delete",
    },
  ],
  rules: [
    {
      say: "The key with the lowest number leads.",
      api: "the lowest create revision under the prefix",
    },
    {
      say: "Every other node waits only on the key just ahead of its own, so one leaving wakes one node; when woken, it looks again until nobody is ahead.",
      api: "waitDeletes on the next-lower key, then Get again",
    },
    // clientv3 lease.go recvKeepAlive sets nextKeepAlive = now + TTL/3; sendKeepAliveLoop sends
    // only on its 500 ms passes (etcd-io/etcd @c34dc7ee client/v3/lease.go): at TTL 10 s a
    // keepalive goes out every 3.5 s, the number the sandbox and the tours say too. The slot
    // shows that cadence (the timer's sentOnLoopMs below), and {renewDue} the setting itself, so a
    // card opened from a run with renew=3000 says both 3 s and 3.5 s, and why (review 10b #11).
    {
      say: "Your client renews the lease about every {renew}: each renewal falls due {renewDue} after the last answer (etcd's own client: a third of the time to live), and goes out at the client's next look, twice a second.",
      api: "recvKeepAlive sets the next keepalive TTL/3 after a reply; sendKeepAliveLoop sends every 500 ms",
    },
    {
      say: "etcd's own leader judges expiry: a lease not renewed for {ttl} has run out. It looks for such leases twice a second and deletes their keys, so watchers hear up to about half a second after the time to live.",
      api: "the lessor on the etcd leader; its runLoop revokes expired leases every 500 ms through a Raft proposal",
    },
    {
      say: "Stop leading on your own clock: {ttl} after you sent the last renewal that was answered, minus a margin for pauses and drift. Do not wait for the client to say the session is over: it counts from when the answer arrived and checks once a second, which can be after etcd has already let the lease go.",
      api: "Session.Done() closes late: the client's deadline is the reply's arrival plus the TTL",
    },
    {
      say: "Change what the leader announces, or step down, only while your key still carries your number; put the token on every write.",
      api: "Proclaim and Resign are Txns that compare the key's create revision",
    },
  ],
  token: {
    say: 'The token is the number etcd stamped on the leader\'s key when it was made, shown as "token" beside the leader; the others show whose key is just ahead of theirs ("waiting behind n3"). Keys wait in line by that number: the lowest leads, and each later key gets a larger number.',
    api: "the key's create revision: etcd's store-wide revision counter at the moment of the create",
  },
  timers: {
    ttl: { label: "Session TTL", meaning: "the lease's time to live, judged by the etcd leader" },
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
