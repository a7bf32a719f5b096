// The ZooKeeper leader election recipe (ZooKeeper "Recipes and Solutions", Leader Election):
// ephemeral sequential znodes on sessions; the lowest sequence leads, each watches its predecessor.
import type { ProtocolSpec } from "../spec.ts";
import { zookeeper } from "./protocol.ts";
import { zookeeperConfig, type ZkTiming } from "./config.ts";
import { presets } from "./presets.ts";
import { zookeeperCard } from "./card.ts";
import { zookeeperChain } from "./why-chain.ts";
import { zookeeperNarration } from "./notes.ts";
import { negotiatedTimeout } from "../../servers/index.ts";
import { zookeeperRules } from "./why.ts";

export const zookeeperSpec = {
  rules: zookeeperRules,
  card: zookeeperCard,
  chain: zookeeperChain,
  narration: zookeeperNarration,
  name: "zookeeper",
  order: 7,
  title: "ZooKeeper recipe",
  summary:
    "ZooKeeper recipe: each node creates an ephemeral sequential znode on its session; the lowest sequence leads and each watches the one just below it.",
  protocol: zookeeper,
  config: zookeeperConfig,
  fields: [
    {
      group: "timing",
      key: "tickTime",
      kind: "duration",
      unit: "s",
      label: "Server tick (s)",
      help: "The server's tickTime: sessions expire on its boundaries and the timeout is negotiated in ticks.",
    },
    {
      group: "timing",
      key: "sessionTimeout",
      kind: "duration",
      unit: "s",
      label: "Session timeout asked for (s)",
      help: "What the client asks for; the server negotiates it into 2 to 20 ticks.",
      hint: ({ tickTime, sessionTimeout }) => {
        if (
          !(tickTime !== undefined && tickTime > 0) ||
          !(sessionTimeout !== undefined && sessionTimeout > 0)
        )
          return "The server negotiates it into 2 to 20 ticks.";
        const got = negotiatedTimeout(tickTime, sessionTimeout);
        return `The server negotiates it into 2 to 20 ticks (${2 * tickTime} to ${20 * tickTime} s)${got !== sessionTimeout ? `: this run gets ${got} s` : ""}.`;
      },
    },
  ],
  token: ({ sequencer }) => ({
    word: "seq",
    tokenWord: "token",
    meaning: sequencer
      ? "seq: the sequence number of the node's ephemeral sequential znode; the lowest holds the lock, and its seq is the sequencer's generation, which the resource checks with ZooKeeper"
      : "seq: the sequence number of the node's ephemeral sequential znode; the lowest leads, and the leader's is its fencing token",
  }),
  roles: {
    follower: "watches the znode just below its own",
    candidate: "connecting, creating its znode or listing the children",
    leader: "holds the lowest sequence number",
  },
  server: {
    label: "ZooKeeper",
    choose: () => ({ kind: "zookeeper" }),
    describe: (st) => ({
      line: `zxid ${st.rev} · leader ${st.holder ?? "none"}`,
      spoken: `last zxid ${st.rev}, lowest znode owned by ${st.holder ?? "nobody"}${st.holder ? ` with sequence ${st.holderToken}` : ""}`,
    }),
  },
  lockService: true,
  transport: {
    kind: "connection",
    why: "A client keeps one TCP connection to the ensemble for its session; on reconnect within the session timeout its watches are set again.",
    description:
      "One TCP connection per session: a cut or a lost packet only delays bytes; the client drops the connection after 2/3 of the session timeout of silence and reconnects.",
    breaks:
      "The client closes it when nothing arrived for readTimeout = sessionTimeout x 2/3 (ClientCnxn; it pings after readTimeout/2 of idle sending); the server closes it when the session expires.",
    resume:
      "The client reconnects after a random pause under 1 s; inside the session timeout the session and its watches survive (the recipe lists again), after it the session is expired and a new one joins at the back.",
  },
  nodes: { initial: 3 },
  sandbox: { protocol: "zookeeper", nodes: 3, seed: 1, until: "60s" },
  presets,
  periodic: ["timing.tickTime"],
  defaults: [
    {
      path: "timing.tickTime",
      value: 2_000,
      source: "apache/zookeeper @53a78e36f996 conf/zoo_sample.cfg tickTime=2000",
    },
    {
      path: "options.watch",
      value: "predecessor",
      source:
        "apache/zookeeper @53a78e36f996 zookeeper-docs recipes.md, Leader Election: watch the next lower znode (no herd)",
    },
  ],
  // The lease the sandbox draws is the session timeout the server grants, not the one asked for.
  leaseLength: (t) => negotiatedTimeout((t as ZkTiming).tickTime, (t as ZkTiming).sessionTimeout),
} satisfies ProtocolSpec;
