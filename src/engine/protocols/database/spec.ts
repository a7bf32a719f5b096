// A lease held in one database row: every request is a conditional UPDATE judged by the
// database's own now(); the fenced resource is a table updated with a fence column.
import type { ProtocolSpec } from "../spec.ts";
import { database } from "./protocol.ts";
import { databaseConfig, type DbTiming } from "./config.ts";
import { presets } from "./presets.ts";
import { databaseCard } from "./card.ts";
import { databaseChain } from "./why-chain.ts";
import { databaseRules } from "./why.ts";

export const databaseSpec = {
  rules: databaseRules,
  card: databaseCard,
  chain: databaseChain,
  name: "database",
  order: 8,
  title: "Database row lease",
  summary:
    "Database row lease: workers take one leader_lease row with a conditional UPDATE; expiry is judged by the database's now().",
  protocol: database,
  config: databaseConfig,
  fields: [
    {
      group: "timing",
      key: "ttl",
      kind: "duration",
      unit: "s",
      label: "Row lease ttl (s)",
      help: "The row is takeable once expires_at, set to now() + ttl at each renewal, has passed on the database's clock.",
    },
    {
      group: "timing",
      key: "renew",
      kind: "duration",
      unit: "s",
      label: "Renew every (s)",
      help: "How often the holder pushes expires_at forward.",
    },
    {
      group: "timing",
      key: "poll",
      kind: "duration",
      unit: "s",
      label: "Candidates poll every (s)",
      help: "How often each other worker tries to take the row.",
    },
  ],
  token: () => ({
    word: "epoch",
    // The leader's token is the row's epoch: Latest says "became leader in epoch 1" and a write
    // "token 1 (its epoch)", as Raft's say term (review 15a #1: "epoch" on the nodes and the
    // database, a bare "token" in Latest).
    tokenWord: "epoch",
    meaning:
      "epoch: the lease row's epoch column, bumped by each takeover; the holder's is its fencing token",
  }),
  roles: { follower: "polls the row", leader: "holds the row" },
  server: {
    label: "database",
    choose: () => ({ kind: "database" }),
    describe: (st) => ({
      line: `epoch ${st.holderToken} · holder ${st.holder ?? "none"}`,
      spoken: `lease row epoch ${st.holderToken}, holder ${st.holder ?? "none"}`,
    }),
  },
  lockService: true,
  transport: {
    kind: "connection",
    why: "Each worker talks to the database over its own client connection (TCP).",
    description:
      "One SQL client connection per worker: a cut or a lost packet only delays statements until TCP resends them.",
    breaks:
      "Only when a process dies: the client's TCP keepalive (2 h by default on Linux) outlasts any run here.",
    resume: "The next statement runs on a new connection.",
  },
  nodes: { initial: 3 },
  sandbox: { protocol: "database", nodes: 3, seed: 1, until: "60s" },
  presets,
  periodic: ["timing.renew", "timing.poll"],
  leaseLength: (t) => (t as DbTiming).ttl,
  // The fenced write as the database does it: a conditional UPDATE that matches 0 or 1 rows.
  writeDetail: (w, from, token, rows) =>
    `UPDATE jobs SET owner='${w.s.nodes[from].id}', fence=${token} WHERE id=1 AND fence <= ${token} -- ${rows} row${rows === 1 ? "" : "s"} (fence is ${w.s.resource.maxSeen})`,
} satisfies ProtocolSpec;
