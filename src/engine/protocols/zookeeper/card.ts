// The zookeeper rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/zookeeper).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts).
import type { RulesCard } from "../card.ts";

export const zookeeperCard = {
  protocol: "zookeeper",
  title: "ZooKeeper's election recipe",
  lesson: "leases-on-a-store",
  preset: "zk-recipe",
  state: [
    "A session, kept alive by pings.",
    "Your ephemeral sequential znode under the election parent, and its sequence number.",
  ],
  messages: [
    "create (ephemeral, sequential); getChildren without a watch; exists (or getData) with a watch on the next-lower znode; pings.",
  ],
  rules: [
    "The lowest sequence number leads.",
    "Otherwise watch only the znode just below yours; when the watch fires, list the children again: the vanished node may have been a candidate, not the leader.",
    "The server expires a silent session after its timeout, rounded up to the next tick, and deletes its ephemeral znodes.",
    "Disconnected is not Expired: a disconnected client cannot know whether its session still lives.",
  ],
  timers: {
    tickTime: { label: "tickTime", meaning: "the server's unit; session timeouts are clamped to 2–20 ticks" },
    sessionTimeout: {
      label: "Session timeout",
      meaning: "the lease: how long the server waits for a silent session",
    },
  },
  sources: ["ZooKeeper Recipes and Solutions, \"Leader Election\"; Programmer's and Administrator's Guides"],
} satisfies RulesCard;
