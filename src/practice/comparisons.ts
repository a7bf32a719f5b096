// Side-by-side comparisons: two configurations that differ in one setting, run on the same
// fault script, so the difference on screen is the setting's doing.
import { parseDuration, presets } from "../engine/index.ts";
import { fmtS } from "./goals.ts";
import type { RawScenario } from "./scenario-tools.ts";

export interface Side {
  label: string;
  scenario: RawScenario;
}
export interface Comparison {
  id: string;
  title: string;
  /** the one difference, and what to watch for */
  summary: string;
  /** the fault script both runs share */
  script: Array<Record<string, unknown>>;
  a: Side;
  b: Side;
  /** moments where the two runs differ, offered as jumps; each label names the fault's own time,
   *  the anchor the summary uses ("12 s: 2 s into the pause that starts at 10 s", review 9b #15) */
  moments: Array<{ at: number; label: string }>;
}

const preset = (name: string) => structuredClone(presets[name].scenario) as RawScenario;
const withScript = (sc: RawScenario, script: Array<Record<string, unknown>>, until: string): RawScenario => ({
  ...sc,
  until,
  faults: structuredClone(script),
});

const ttlScript = [
  { at: "10s", do: "pause", node: "leader", for: "2.5s" },
  { at: "30s", do: "crash", node: "leader" },
];
const fenceScript = [{ at: "10s", do: "pause", node: "leader", for: "15s", during: "write" }];
const herdScript = [
  { at: "10s", do: "crash", node: "leader" },
  { at: "30s", do: "crash", node: "leader" },
];
const prevoteScript = [{ at: "1s", do: "isolate", node: "n5", for: "2.5s" }];

export const COMPARISONS: Comparison[] = [
  {
    id: "ttl",
    title: "Lease TTL 10 s against 2 s",
    summary:
      "The billing job on an etcd lease. The leader pauses for 2.5 s at 10 s, then crashes at 30 s. Watch the short lease hand leadership over during the pause, and the long one take longer to recover from the crash.",
    script: ttlScript,
    a: {
      label: "TTL 10 s",
      scenario: withScript(
        { ...preset("billing-crash"), timing: { ttl: "10s", renew: "3s" } },
        ttlScript,
        "45s",
      ),
    },
    b: {
      label: "TTL 2 s",
      scenario: withScript({ ...preset("billing-crash"), timing: { ttl: "2s" } }, ttlScript, "45s"),
    },
    moments: [
      { at: 12_000, label: "2 s into the pause that starts at 10 s" },
      { at: 34_000, label: "4 s after the crash at 30 s" },
    ],
  },
  {
    id: "fencing",
    title: "Fencing on against off",
    summary:
      "The leader freezes mid-write for 15 s under a 10 s lease and a new leader takes over. Watch the resource: with fencing tokens it refuses the old leader's late write; without them the write lands on top of the new leader's.",
    script: fenceScript,
    a: {
      label: "Fencing tokens on",
      scenario: withScript({ ...preset("fencing-diagram"), fencing: "token" }, fenceScript, "35s"),
    },
    b: {
      label: "Fencing off",
      scenario: withScript({ ...preset("fencing-diagram"), fencing: "none" }, fenceScript, "35s"),
    },
    moments: [
      { at: 20_000, label: "the new leader writes, 10 s into the pause that starts at 10 s" },
      { at: 26_000, label: "the old leader's late write, after its pause from 10 s to 25 s" },
    ],
  },
  {
    id: "watch",
    title: "Watching the predecessor against watching the leader",
    summary:
      "Twenty ZooKeeper clients; the leader dies at 10 s and again at 30 s. Watch how many clients wake when a leader's znode goes: one in the recipe, nineteen when everyone watches the leader.",
    script: herdScript,
    a: {
      label: "Watch the predecessor",
      scenario: withScript(preset("zk-herd-predecessor"), herdScript, "60s"),
    },
    b: { label: "Watch the leader", scenario: withScript(preset("zk-herd-leader"), herdScript, "60s") },
    moments: [{ at: 20_500, label: "just after the session of the leader that crashed at 10 s expires" }],
  },
  {
    id: "prevote",
    title: "Raft with Pre-Vote against without",
    summary:
      "At 1 s a follower is cut off for 2.5 s and keeps timing out. Watch its term: without Pre-Vote it climbs, and on its return it unseats the leader; with Pre-Vote it stays put and nothing happens.",
    script: prevoteScript,
    a: {
      label: "Pre-Vote on",
      scenario: withScript({ ...preset("raft-prevote"), options: { preVote: true } }, prevoteScript, "6s"),
    },
    b: {
      label: "Pre-Vote off",
      scenario: withScript({ ...preset("raft-prevote"), options: { preVote: false } }, prevoteScript, "6s"),
    },
    moments: [
      { at: 3_000, label: "while the follower is cut off, from 1 s to 3.5 s" },
      { at: 4_000, label: "after it returns (cut off from 1 s to 3.5 s)" },
    ],
  },
];

/** A fault of the script in words. */
export function describeFault(f: Record<string, unknown>): string {
  const who = f.node === "leader" ? "the leader" : String(f.node ?? "");
  const d = (v: unknown) => fmtS(parseDuration(v) ?? 0);
  const at = d(f.at);
  switch (f.do) {
    case "pause":
      return `at ${at}, ${who} pauses for ${d(f.for)}${f.during === "write" ? " in the middle of a write" : ""}`;
    case "crash":
      return `at ${at}, ${who} crashes`;
    case "isolate":
      return `at ${at}, ${who} is cut off from everyone${f.for ? ` for ${d(f.for)}` : ""}`;
    default:
      return `at ${at}, ${String(f.do)} ${who}`.trim();
  }
}
