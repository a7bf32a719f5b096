// The database row lease presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

const db = (faults: unknown[], until: string) => ({
  protocol: "database",
  nodes: 3,
  seed: 1,
  until,
  timing: { ttl: "10s", renew: "3s", poll: "2s" },
  faults,
});

export const presets: Preset[] = [
  {
    name: "database-lease",
    title: "Database row lease: the holder crashes",
    description:
      "Three workers share one leader_lease row (ttl 10 s, renew every 3 s, candidates poll every 2 to 4.4 s). The holder crashes; its expires_at passes on the database's clock about 10 s after its last renew, and the next poll's UPDATE matches the row and bumps the epoch.",
    scenario: db([{ at: "15s", do: "crash", node: "leader" }], "45s"),
  },
  {
    name: "database-stale-write",
    title: "Database row lease: a stale leader's fenced write changes zero rows",
    description:
      "The holder pauses for 15 s mid-write. Its row expires, another worker takes it with epoch 2 and writes. The old holder wakes and sends its write with epoch 1: UPDATE jobs ... WHERE fence <= 1 matches 0 rows because the fence is already 2. Only then does it check its own clock and step down.",
    scenario: db([{ at: "10s", do: "pause", node: "leader", for: "15s", during: "write" }], "40s"),
  },
  // For the "Going deeper" lessons and the first ten minutes (/start).
  {
    name: "shard-lease-crash",
    title: "One shard's lease: its worker dies",
    description:
      "One shard of many, as a database row lease (TTL 5 s, renewed every 1.5 s, standbys poll every 1 s): a 1.5 s blip at 12 s moves nothing, and when the holder dies at 30 s this shard moves to a standby within about 5 s. Every other shard is its own row with its own holder, untouched by this crash.",
    scenario: {
      protocol: "database",
      nodes: 3,
      seed: 1,
      until: "50s",
      timing: { ttl: "5s", renew: "1.5s", poll: "1s" },
      faults: [
        { at: "12s", do: "isolate", node: "leader", for: "1.5s" },
        { at: "30s", do: "crash", node: "leader" },
      ],
    },
  },
  {
    name: "start-lease",
    title: "A lease counts down",
    description:
      "Three workers and one lease row (ttl 6 s, renewed every 2 s, the others try every second). The holder's lease counts down and is pushed back at each renewal; the holder crashes at 4 s, nobody renews, and only when the lease has run out on the database's clock does another worker take it, with epoch 2.",
    scenario: {
      protocol: "database",
      nodes: 3,
      seed: 2,
      until: "14s",
      timing: { ttl: "6s", renew: "2s", poll: "1s" },
      work: { every: 0 },
      faults: [{ at: "4s", do: "crash", node: "leader" }],
    },
  },
];
