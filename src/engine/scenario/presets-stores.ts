// Presets for the recipes on a store: the ZooKeeper election recipe, the database row lease,
// Kubernetes coordinated leader election and Chubby-style sequencers.
import type { Preset } from "./presets.ts";

const zk = (nodes: number, extra: Record<string, unknown>, faults: unknown[], until = "60s") => ({
  protocol: "zookeeper", nodes, seed: 1, until, timing: { tickTime: "2s", sessionTimeout: "10s" }, faults, ...extra,
});
const db = (faults: unknown[], until: string) => ({
  protocol: "database", nodes: 3, seed: 1, until, timing: { ttl: "10s", renew: "3s", poll: "2s" }, faults,
});
const herd = (watch: string) => zk(20, { options: { watch } }, [{ at: "10s", do: "crash", node: "leader" }, { at: "30s", do: "crash", node: "leader" }], "60s");

export const storePresets: Preset[] = [
  {
    name: "zk-recipe",
    title: "ZooKeeper recipe: the lowest sequence leads, each watches its predecessor",
    description: "Five clients create ephemeral sequential znodes (tickTime 2 s, session 10 s); n2 holds the smallest. Middle candidate n3 dies first: when its session expires its successor n4 wakes, lists, sees it is still not the smallest, and watches n1 instead. Then the leader dies: its session expires on a tick boundary 10 to 12 s later and only its successor, n1, is told.",
    scenario: zk(5, {}, [{ at: "10s", do: "crash", node: "n3" }, { at: "30s", do: "crash", node: "leader" }]),
  },
  {
    name: "zk-herd-leader",
    title: "ZooKeeper herd: 20 candidates all watch the leader",
    description: "The naive way: every candidate watches the lowest znode. Each time the leader's session expires, 19 watches fire at once and 19 clients list the children again: a thundering herd for one change of leader.",
    scenario: herd("leader"),
  },
  {
    name: "zk-herd-predecessor",
    title: "ZooKeeper herd avoided: 20 candidates watch their predecessor",
    description: "The recipe: each candidate watches only the znode just below its own. When the leader's session expires one watch fires, one client lists the children, and it leads: the same failover for a fraction of the messages.",
    scenario: herd("predecessor"),
  },
  {
    name: "zk-session-expiry",
    title: "ZooKeeper: a paused leader's session expires",
    description: "The leader freezes for 20 s mid-write. The server hears nothing, expires its session on the tick after 10 s and deletes its znode; the successor is told and leads. The old leader wakes still believing, sends its write (fenced: the storage has seen the newer sequence), then notices it is Disconnected and rejoins at the back with a new session.",
    scenario: zk(3, {}, [{ at: "10s", do: "pause", node: "leader", for: "20s", during: "write" }], "45s"),
  },
  {
    name: "chubby-sequencer",
    title: "Chubby sequencers: the storage asks the lock service",
    description: "Fencing by sequencer on a ZooKeeper lock (the generation is the znode's sequence). The leader freezes; its session expires and n2 takes the lock; n1 wakes 3 ms later and its write reaches the storage before n2 has written anything, which max-seen fencing would accept. The storage asks CheckSequencer, hears that n2 holds generation 1, and refuses; n2 confirms its own sequencer before it acts.",
    scenario: zk(3, { fencing: "sequencer" }, [{ at: "10s", do: "pause", node: "leader", for: "10.003s" }], "30s"),
  },
  {
    name: "database-lease",
    title: "Database row lease: the holder crashes",
    description: "Three workers share one leader_lease row (ttl 10 s, renew every 3 s, candidates poll every 2 to 4.4 s). The holder crashes; its expires_at passes on the database's clock about 10 s after its last renew, and the next poll's UPDATE matches the row and bumps the epoch.",
    scenario: db([{ at: "15s", do: "crash", node: "leader" }], "45s"),
  },
  {
    name: "database-stale-write",
    title: "Database row lease: a stale leader's fenced write changes zero rows",
    description: "The holder freezes for 15 s mid-write. Its row expires, another worker takes it with epoch 2 and writes. The old holder wakes and sends its write with epoch 1: UPDATE jobs ... WHERE fence <= 1 matches 0 rows because the fence is already 2. Only then does it check its own clock and step down.",
    scenario: db([{ at: "10s", do: "pause", node: "leader", for: "15s", during: "write" }], "40s"),
  },
  {
    name: "k8s-coordinated",
    title: "Kubernetes coordinated election: a rolling upgrade keeps the oldest version leading",
    description: "Three control-plane components on 1.32 register LeaseCandidates and the API server's election controller picks the holder. The controller creates the Lease, and names each new holder, with leaseDurationSeconds 5; the holder's first client-go renewal then writes its own, 15. They are upgraded to 1.33 one at a time. When leader n2 comes back on 1.33 the controller marks n3, the last 1.32, as preferredHolder: n2 does not renew, its 15 s lease lapses on the controller's clock, and n3 leads. Once n3 is upgraded too, all are 1.33: the controller prefers the oldest candidate, n2, n3 stops renewing, and when its 15 s lapse n2 gets the lease back.",
    scenario: {
      protocol: "kubernetes", nodes: 3, seed: 1, until: "120s",
      options: { coordinated: true, releaseOnCancel: false, versions: { n1: ["1.32", "1.33"], n2: ["1.32", "1.33"], n3: ["1.32", "1.33"] } },
      faults: [
        { at: "20s", do: "shutdown", node: "n1" }, { at: "22s", do: "restart", node: "n1" },
        { at: "40s", do: "shutdown", node: "n2" }, { at: "42s", do: "restart", node: "n2" },
        { at: "80s", do: "shutdown", node: "n3" }, { at: "82s", do: "restart", node: "n3" },
      ],
    },
  },
];
