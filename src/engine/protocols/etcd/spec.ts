// etcd's election recipe (clientv3/concurrency: Session on a lease, Election.Campaign): every
// candidate puts a key under the prefix on its own lease; the lowest create revision leads.
import type { ProtocolSpec } from "../spec.ts";
import { etcd } from "./protocol.ts";
import { etcdConfig, type EtcdTiming } from "./config.ts";
import { presets } from "./presets.ts";
import { etcdCard } from "./card.ts";
import { etcdChain } from "./why-chain.ts";
import { etcdNarration } from "./notes.ts";
import { etcdRules } from "./why.ts";

const fmt = (s: number) => String(Math.round(s * 100) / 100);

export const etcdSpec = {
  rules: etcdRules,
  card: etcdCard,
  chain: etcdChain,
  narration: etcdNarration,
  name: "etcd",
  order: 2,
  title: "etcd election",
  summary:
    "etcd election: each node asks etcd for a place in line; the first in line leads while its lease is kept alive.",
  protocol: etcd,
  config: etcdConfig,
  fields: [
    {
      group: "timing",
      key: "ttl",
      kind: "duration",
      unit: "s",
      label: "Lease TTL (s)",
      help: "etcd expires the lease, and deletes the key, when no keepalive arrives for this long (on etcd's clock).",
    },
    {
      group: "timing",
      key: "renew",
      kind: "duration",
      unit: "s",
      // What the field sets is when the next keepalive falls due, not how often one goes out:
      // clientv3 lease.go (etcd-io/etcd @c34dc7ee0048) recvKeepAlive sets nextKeepAlive = now +
      // TTL/3 on each answer, and sendKeepAliveLoop sends what is due on a loop that waits
      // retryConnWait (500 ms) between passes, so a keepalive due 3 s (or TTL/3 = 3.33 s) after
      // an answer goes out on the 3.5 s pass (review 17b #4: "Renew every 3" beside "about
      // every 3.5 s").
      label: "Keepalive due after (s)",
      help: "How long after each answer the holder's next keepalive falls due. etcd's client has no such setting: it always waits a third of the TTL, then sends on the next pass of a loop that runs every half second; a different value is this course's own option.",
      hint: ({ ttl, renew }) => {
        const due = renew !== undefined && renew > 0 ? renew : ttl !== undefined && ttl > 0 ? ttl / 3 : null;
        if (due === null) return null;
        const lands = (Math.floor(due / 0.5 + 1e-9) + 1) * 0.5;
        const what =
          renew !== undefined && renew > 0
            ? `due ${fmt(due)} s after each answer`
            : `left empty, so etcd's own third of the TTL, ${fmt(due)} s after each answer`;
        return `This run: ${what}, sent on the next half-second pass, so a keepalive goes out about every ${fmt(lands)} s.`;
      },
    },
  ],
  token: () => ({
    word: "rev",
    none: "not in line yet",
    tokenWord: "token",
    meaning:
      "rev: the create revision of the node's election key in etcd; the lowest leads, and the leader's is its fencing token",
  }),
  roles: {
    follower: "waits for the key just below its own to be deleted",
    candidate: "is getting a lease or creating its key",
    leader: "its key is first in line (the lowest revision)",
  },
  server: {
    label: "etcd",
    choose: (sc) => ({ kind: "etcd", prefix: (sc.options as { prefix: string }).prefix }),
  },
  lockService: true,
  transport: {
    kind: "connection",
    why: "clientv3 talks to etcd over one gRPC stream (HTTP/2 on TCP); a watch resumes from its last revision after a reconnect.",
    description:
      "One gRPC connection per client: a cut or a lost packet only delays bytes until TCP resends them; it breaks only when a process dies.",
    breaks:
      "Only when a process dies: clientv3 sets no gRPC keepalive unless DialKeepAliveTime is given, so a cut leaves the stream open and TCP retransmits; the session ends on its own (Session.Done) once TTL passes without a keepalive answer.",
    resume:
      "A new stream resumes its watch from the last revision it saw (clientv3 watch.go), so no delete event is missed.",
  },
  nodes: { initial: 3 },
  // The course's worked example: a billing job on three replicas, TTL 10 s renewed every 3 s (the
  // form's renewal field is the course's own option; on clientv3's 500 ms loop it gives the same
  // 3.5 s cadence as the library's TTL/3),
  // booting over 3 s as a rolling deploy does, writing to a fenced resource every second.
  sandbox: {
    protocol: "etcd",
    nodes: 3,
    seed: 1,
    until: "60s",
    boot: "3s",
    network: { delay: "2ms", jitter: "1ms", loss: 0 },
    timing: { ttl: "10s", renew: "3s" },
    fencing: "token",
    work: { every: "1s" },
    faults: [],
  },
  presets,
  periodic: ["timing.renew", "options.retry"],
  defaults: [
    {
      path: "timing.ttl",
      value: 60_000,
      source: "etcd-io/etcd @c34dc7ee0048 client/v3/concurrency/session.go:26 defaultSessionTTL = 60",
    },
    {
      path: "timing.renew",
      value: 20_000,
      source:
        "etcd-io/etcd @c34dc7ee0048 client/v3/lease.go:549 nextKeepAlive = now + TTL/3 (the course's timing.renew overrides it; clientv3 has no such setting)",
    },
    {
      path: "options.selfDemote",
      value: false,
      source:
        "etcd-io/etcd @c34dc7ee0048 client/v3/concurrency/session.go: only Done(); lease.go:569-590 deadlineLoop closes it a TTL after the last answer",
    },
    {
      path: "options.retry",
      value: 500,
      source: "etcd-io/etcd @c34dc7ee0048 client/v3/lease.go:86 retryConnWait = 500 * time.Millisecond",
    },
    {
      path: "options.keepAlive",
      value: null,
      source: "etcd-io/etcd @c34dc7ee0048 client/v3/config.go: DialKeepAliveTime zero, no gRPC keepalive",
    },
    {
      path: "options.prefix",
      value: "/election",
      source:
        "the election's own key prefix (concurrency.NewElection's pfx argument; no default in clientv3)",
    },
  ],
  courseOptions: [
    {
      path: "options.selfDemote",
      label: "the leader stops itself when its lease may have run out (not in etcd's client)",
      on: (o) => o.selfDemote === true,
    },
    {
      path: "options.checkBeforeWrite",
      label: "the leader checks its lease before each write",
      on: (o) => o.checkBeforeWrite === true,
    },
  ],
  leaseLength: (t) => (t as EtcdTiming).ttl,
} satisfies ProtocolSpec;
