// The zookeeper rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/zookeeper).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts), or from
// the run the card was opened from, into the "{timer}" slots of the rules.
// Each line says what happens in the course's words first; ZooKeeper's names come second
// (ZooKeeper Recipes and Solutions, "Leader Election"; Programmer's Guide, sessions and watches).
import type { RulesCard } from "../card.ts";

export const zookeeperCard = {
  protocol: "zookeeper",
  gist: "Each node joins a numbered line in ZooKeeper that lasts only while its session is alive; the lowest number leads, and each node watches the one just ahead of it.",
  title: "ZooKeeper's election recipe",
  lesson: "leases-on-a-store",
  preset: "zk-recipe",
  state: [
    {
      say: "A session with the ZooKeeper server, kept alive by pings.",
      api: "session id and negotiated timeout",
    },
    {
      say: "Your place in line: a znode that lives only as long as your session, with a number the server gave it. The leader's number is its token.",
      api: "an EPHEMERAL_SEQUENTIAL znode under the election parent, such as n_0000000003",
    },
  ],
  messages: [
    {
      say: "Join the line (create your znode); read the whole line once; ask to be told when the znode just ahead of yours goes; ping to keep the session.",
      api: "create (ephemeral, sequential); getChildren without a watch; exists or getData with a watch on the next-lower znode; ping",
    },
  ],
  rules: [
    {
      say: "The node whose znode has the lowest number leads.",
      api: "lowest sequence number among the children",
    },
    {
      say: "Every other node watches only the znode just ahead of its own, so one leaving wakes one node, not all of them. When woken, read the line again: the one that left may have been waiting too, not leading.",
      api: "a watch on the next-lower znode; NodeDeleted, then getChildren again",
    },
    {
      say: "A session silent for {sessionTimeout} expires (on the next {tickTime} tick), and the server deletes its znode, which moves the line along.",
      api: "session expiry is checked on tickTime boundaries; the timeout is clamped to 2–20 × tickTime",
    },
    {
      say: "Losing the connection is not losing the session: a disconnected node cannot tell whether its session still lives, so it cannot know whether it still leads.",
      api: "Disconnected and Expired are different session states",
    },
  ],
  token: {
    say: "The token is the number the server gave the leader's znode. Znodes wait in line by it: the lowest leads, and each later znode gets a larger number.",
    api: "the znode's sequence number, the digits in n_0000000003",
  },
  timers: {
    tickTime: {
      label: "Tick time",
      meaning: "the server's unit; session timeouts are clamped to 2–20 ticks",
    },
    sessionTimeout: {
      label: "Session timeout",
      meaning: "the lease: how long the server waits for a silent session",
    },
  },
  sources: ["ZooKeeper Recipes and Solutions, \"Leader Election\"; Programmer's and Administrator's Guides"],
} satisfies RulesCard;
