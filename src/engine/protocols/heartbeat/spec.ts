// A heartbeat failover pair with STONITH (Linux-HA heartbeat's ha.cf, Pacemaker's fencing):
// one active node, one standby watching its heartbeats, each able to power the other off.
import type { ProtocolSpec } from "../spec.ts";
import { heartbeat } from "./protocol.ts";
import { heartbeatConfig } from "./config.ts";
import { presets } from "./presets.ts";
import { heartbeatCard } from "./card.ts";
import { heartbeatChain } from "./why-chain.ts";
import { heartbeatNarration } from "./notes.ts";
import { heartbeatRules } from "./why.ts";

export const heartbeatSpec = {
  rules: heartbeatRules,
  card: heartbeatCard,
  chain: heartbeatChain,
  narration: heartbeatNarration,
  name: "heartbeat",
  order: 9,
  title: "Heartbeat pair",
  summary:
    "Heartbeat pair: the standby takes over when the active node's heartbeats stop for the deadtime, and powers it off first through the fence device.",
  protocol: heartbeat,
  config: heartbeatConfig,
  fields: [
    {
      group: "timing",
      key: "heartbeat",
      kind: "duration",
      unit: "s",
      label: "Heartbeat every (s)",
      help: "How often each node tells the other it is alive (ha.cf keepalive).",
    },
    {
      group: "timing",
      key: "timeout",
      kind: "duration",
      unit: "s",
      label: "Deadtime (s)",
      help: "Silence that makes a node declare its peer dead (ha.cf deadtime).",
    },
    {
      group: "timing",
      key: "fence",
      kind: "duration",
      unit: "s",
      label: "Power switch takes (s)",
      help: "How long the fence device takes to power a node off once asked.",
    },
  ],
  token: () => ({
    word: "epoch",
    tokenWord: "token",
    meaning:
      "epoch: the pair's failover counter, raised by each takeover (an extension of this course); the token is epoch × 100 + the node's number",
  }),
  roles: {
    follower: "standby, watching the active node",
    candidate: "asking the fence device to power its peer off",
    leader: "active",
  },
  server: {
    label: "power switch",
    choose: () => ({ kind: "power-switch" }),
    describe: (st) => {
      const shots = st.keys.length;
      return {
        line: shots ? `${shots} shot${shots === 1 ? "" : "s"} pending` : "no shots pending",
        spoken: shots
          ? `${shots} power-off${shots === 1 ? "" : "s"} pending: ${st.keys.map((k) => `${k.key.replace(/^outlet\//, "")} ${String(k.value)}`).join("; ")}`
          : "no power-offs pending",
      };
    },
  },
  lockService: false,
  transport: {
    kind: "datagram",
    why: "heartbeat sends its keepalives as UDP packets; a lost one is simply late.",
    description:
      "Datagrams: a heartbeat caught by a cut or a lost packet is gone; the next one is due a beat later.",
  },
  nodes: {
    initial: 2,
    fixed: 2,
    why: "A heartbeat failover pair is exactly two nodes: one active, one standby watching it, each able to shoot the other.",
  },
  sandbox: { protocol: "heartbeat", nodes: 2, seed: 1, until: "60s" },
  presets,
  periodic: ["timing.heartbeat", "timing.fence"],
  defaults: [
    {
      path: "timing.heartbeat",
      value: 2_000,
      source: "Linux-HA heartbeat ha.cf keepalive 2 (its sample ha.cf)",
    },
    {
      path: "timing.timeout",
      value: 30_000,
      source: "Linux-HA heartbeat ha.cf deadtime 30 (its sample ha.cf)",
    },
    {
      path: "options.stonith",
      value: "confirm",
      source:
        "Pacemaker 2.1.8 pacemaker-schedulerd(7): stonith-enabled defaults to true; a lost node's resources are recovered only after its fencing is confirmed",
    },
  ],
} satisfies ProtocolSpec;
