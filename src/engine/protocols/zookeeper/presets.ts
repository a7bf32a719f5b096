// The ZooKeeper recipe presets: named scenarios the lessons, tours and quizzes open. Names are
// referenced by content and must not change. Each is kept in its JSON form (durations as
// strings), exactly as a learner would write it; parseScenario() validates them all.
import type { Preset } from "../spec.ts";

const zk = (nodes: number, extra: Record<string, unknown>, faults: unknown[], until = "60s") => ({
  protocol: "zookeeper",
  nodes,
  seed: 1,
  until,
  timing: { tickTime: "2s", sessionTimeout: "10s" },
  faults,
  ...extra,
});
const herd = (watch: string) =>
  zk(
    20,
    { options: { watch } },
    [
      { at: "10s", do: "crash", node: "leader" },
      { at: "30s", do: "crash", node: "leader" },
    ],
    "60s",
  );

export const presets: Preset[] = [
  {
    name: "zk-recipe",
    title: "ZooKeeper recipe: the lowest sequence leads, each watches its predecessor",
    description:
      "Five clients create ephemeral sequential znodes (tickTime 2 s, session 10 s); n2 holds the smallest. Middle candidate n3 dies first: when its session expires its successor n4 wakes, lists, sees it is still not the smallest, and watches n1 instead. Then the leader dies: its session expires on a tick boundary 10 to 12 s later and only its successor, n1, is told.",
    scenario: zk(5, {}, [
      { at: "10s", do: "crash", node: "n3" },
      { at: "30s", do: "crash", node: "leader" },
    ]),
  },
  {
    name: "zk-herd-leader",
    title: "ZooKeeper herd: 20 candidates all watch the leader",
    description:
      "The naive way: every candidate watches the lowest znode. Each time the leader's session expires, 19 watches fire at once and 19 clients list the children again: a thundering herd for one change of leader.",
    scenario: herd("leader"),
  },
  {
    name: "zk-herd-predecessor",
    title: "ZooKeeper herd avoided: 20 candidates watch their predecessor",
    description:
      "The recipe: each candidate watches only the znode just below its own. When the leader's session expires one watch fires, one client lists the children, and it leads: the same failover for a fraction of the messages.",
    scenario: herd("predecessor"),
  },
  {
    name: "zk-session-expiry",
    title: "ZooKeeper: a paused leader's session expires",
    description:
      "The leader pauses for 20 s mid-write. The server hears nothing, expires its session on the tick after 10 s and deletes its znode; the successor is told and leads. The old leader wakes still believing, sends its write (fenced: the resource has seen the newer sequence), then notices it is Disconnected and rejoins at the back with a new session.",
    scenario: zk(3, {}, [{ at: "10s", do: "pause", node: "leader", for: "20s", during: "write" }], "45s"),
  },
  {
    name: "chubby-sequencer",
    title: "Chubby sequencers: the resource asks the lock service",
    description:
      "Fencing by sequencer on a ZooKeeper lock (the generation is the znode's sequence). The leader pauses; its session expires and n2 takes the lock; n1 wakes 3 ms later and its write reaches the resource before n2 has written anything, which max-seen fencing would accept. The resource asks CheckSequencer, hears that n2 holds generation 1, and refuses; n2 confirms its own sequencer before it acts.",
    scenario: zk(
      3,
      { fencing: "sequencer" },
      [{ at: "10s", do: "pause", node: "leader", for: "8.003s" }],
      "30s",
    ),
  },
];
