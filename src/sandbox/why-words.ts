// The "Why?" panel in a learner's words (issue 33): the engine's causes carry field names
// (`rev`, `atRev`, `predecessors`), rule ids, message numbers and source paths, which are right
// for `sim explain` and tests but read as our internals on a page. This turns one chain step
// into what the panel shows: labelled values with a short gloss, what set the decision going
// (who sent which message when), whose clock it read, the lesson section by its real title, and
// the source as one quiet line naming the real system and file.
// (The words for values and message kinds are in why-value-words.ts.)
import { whenOf } from "./why.ts";
import type { Step } from "../engine/index.ts";
import { messageWords, OWN, wordsOf } from "./why-value-words.ts";

const SHARED_TIMER_WORDS: Readonly<Record<string, string>> = {
  election: "election timer",
  checkQuorum: "quorum check timer",
  demote: "stop-leading timer",
  deadline: "deadline timer",
  pong: "wait for a ping reply",
  answer: "wait for an answer",
  finalize: "wait before announcing itself",
  started: "start-up timer",
  read: "read timeout",
  deadtime: "deadtime (how long silence means dead)",
};
const TIMER_WORDS: Readonly<Record<string, string>> = Object.assign(
  {},
  ...OWN.map((w) => w.timers ?? {}),
  SHARED_TIMER_WORDS,
);

/** Timers the store (or the fence device) runs, as a whole phrase. */
const STORE_TIMER_WORDS: Readonly<Record<string, (store: string) => string>> = {
  "lease-expiry": (store) => `${store}'s regular check for expired leases`,
  "zk-expiry": (store) => `${store}'s regular check for expired sessions`,
  cle: (store) => `${store}'s election controller, on its regular round`,
  "shot-1": () => "the fence device cutting the power",
  "shot-2": () => "the fence device cutting the power",
};

const FAULT_WORDS: Readonly<Record<string, string>> = {
  crash: "crash",
  shutdown: "shutdown",
  pause: "pause",
  isolate: "cut-off",
  partition: "network cut",
  "store-outage": "store outage",
  clock: "clock drift",
  slow: "slowdown",
  network: "network fault",
  drop: "dropped messages",
};

const timerWords = (t: string) => TIMER_WORDS[t] ?? `${wordsOf(t).toLowerCase()} timer`;

/** Who sent it: a node by name, the store by the store's own name. */
const whoOf = (from: string, storeName: string) => (from === "store" ? storeName : from);

/** What set the decision going, with who and when: "n1's reply to its vote request, sent at 0.10 s". */
export function armText(step: Pick<Step, "armedBy" | "sentAt">, storeName = "the store"): string {
  const a = step.armedBy;
  if (!a) return "";
  switch (a.kind) {
    case "message": {
      const sent = step.sentAt !== undefined ? `, sent at ${whenOf(step.sentAt)}` : "";
      return `${whoOf(a.from, storeName)}'s ${messageWords(a.msgKind)}${sent}`;
    }
    case "timer":
      return `${a.node}'s ${timerWords(a.timer)}, set at ${whenOf(a.armedAt)}`;
    case "store-timer":
      return STORE_TIMER_WORDS[a.timer]?.(storeName) ?? `${storeName}'s ${timerWords(a.timer)}`;
    case "fault":
      return `the ${FAULT_WORDS[a.fault] ?? a.fault} at ${whenOf(a.at)}`;
    case "boot":
      return `${a.node} starting up`;
  }
}

/** Whose clock the rule read, in words. */
export function clockText(step: Pick<Step, "clock">, storeName = "the store"): string {
  const c = step.clock;
  if (!c) return "";
  if (c.kind === "none") return "none: it compares two numbers";
  const whose =
    c.kind === "store"
      ? `${storeName}'s own clock`
      : c.kind === "wall"
        ? `${c.node === "store" ? "the database's" : `${c.node}'s`} wall clock (it can be set or jump)`
        : `${c.node}'s own clock (it only counts forward)`;
  return c.ms !== undefined ? `${whose}, reading ${whenOf(c.ms)}` : whose;
}

/** The real systems, as a learner knows them, by the prefix our rule tables cite them with. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/^etcd-io\/raft\b/, "etcd's Raft library"],
  [/^etcd\b/, "etcd"],
  [/^apache\/zookeeper\b/, "ZooKeeper"],
  [/^kubernetes client-go\b/, "Kubernetes client-go"],
  [/^kubernetes\b/, "Kubernetes"],
];

/** The source as one plain line naming the real system, its release and the file:
 *  "etcd v3.5.0, file client/v3/concurrency/key.go". The function names stay in the rule
 *  tables and in `sim explain`; a paper or a manual is cited as written (authors, section). */
export function sourceText(source: string): string {
  return source
    .split(/;\s*/)
    .map((raw) => {
      const part = raw.trim();
      const path = /(?:^|\s)((?:[\w.-]+\/)*[\w-]+\.(?:go|java))\b/.exec(part);
      const system = SYSTEMS.find(([re]) => re.test(part));
      if (!path || !system) return part;
      const file = path[1].replace(/^zookeeper-server\/src\/main\/java\/org\/apache\/zookeeper\//, "");
      const v = /\((?:release-)?(v?\d[\w.]*|@[0-9a-f]+)\)\s*$/.exec(part)?.[1];
      const version = !v ? "" : v.startsWith("@") ? ` (commit ${v.slice(1, 8)})` : ` ${v}`;
      return `${system[1]}${version}, file ${file}`;
    })
    .join("; ");
}

/** The engine's sentences say "the store"; the picture names it (etcd, the API server): the
 *  panel uses the picture's name, so one thing has one name on the screen. */
export function storeWords(text: string, storeName: string): string {
  if (storeName === "the store") return text;
  return text.replace(/\b([Tt])he store\b/g, (_, t: string) =>
    t === "T" ? storeName[0].toUpperCase() + storeName.slice(1) : storeName,
  );
}
