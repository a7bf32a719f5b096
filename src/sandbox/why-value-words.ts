// The "Why?" panel's words for a cause's values and message kinds: labels, glosses and units (shared and per protocol), and the rows the panel shows.
import { SPECS, type ProtocolSpec, type Step } from "../engine/index.ts";
import { whenOf } from "./why.ts";

/** How a cause's value reads: a label in words, an optional one-line gloss, and its unit. */
interface ValueWord {
  label: string;
  gloss?: string;
  /** the value is a time or a duration in ms: shown in seconds */
  ms?: boolean;
  /** the value is a message kind: named in words */
  kind?: "message";
  /** the label naming the node the step is about, so a bare number says whose it is
   *  (review 10a #13: "Its number in line 2" named no node) */
  named?: (node: string) => string;
  /** how a count of nothing reads ("none" rather than a bare 0) */
  zero?: string;
}

/** A protocol's own words, from its spec (protocols/<name>/spec.ts `words`): what a protocol
 *  added after this shared vocabulary brings in its folder. The shared words win a clash. */
export const OWN = Object.values(SPECS).map((s: ProtocolSpec) => s.words ?? {});

/** The value keys the shared vocabulary words (collected over every preset of every protocol). */
const SHARED_VALUE_WORDS: Readonly<Record<string, ValueWord>> = {
  // Raft
  term: { label: "Term", gloss: "the election round number; a higher one wins" },
  candidate: { label: "Candidate" },
  lastHeardMs: { label: "Last heard from a leader", ms: true },
  minTimeoutMs: { label: "Shortest election timeout", ms: true },
  tickMs: { label: "One clock tick", ms: true },
  candidateLastTerm: { label: "Candidate's last log entry: term" },
  candidateLastIndex: { label: "Candidate's last log entry: position" },
  ownLastTerm: { label: "Own last log entry: term" },
  ownLastIndex: { label: "Own last log entry: position" },
  votedFor: { label: "Already voted for" },
  leader: { label: "Leader it follows" },
  msgTerm: { label: "Term in the message" },
  ownTerm: { label: "Its own term" },
  pre: { label: "A pre-vote", gloss: "a trial vote that does not raise the term" },
  granted: { label: "Votes granted" },
  quorum: { label: "Majority needed" },
  refused: { label: "Votes refused" },
  heard: { label: "Servers heard from" },
  of: { label: "Out of" },
  message: { label: "Message it came in", kind: "message" },
  // fencing and writes
  token: { label: "Token on the write", gloss: "the leader's number, checked by the resource" },
  maxSeen: { label: "Highest token accepted so far" },
  accepted: { label: "Accepted" },
  lockHolder: { label: "Lock holder now" },
  lockToken: { label: "Holder's lock number" },
  // processes
  node: { label: "Node" },
  was: { label: "State before" },
  // etcd
  requestedTtlMs: { label: "Lease time asked for", ms: true },
  minTtlMs: { label: "Shortest lease allowed", ms: true },
  ttlMs: { label: "Lease time (TTL)", gloss: "how long the lease lives without a renewal", ms: true },
  ttl: { label: "Lease time left in the reply (s)" },
  expiresAt: { label: "Expires at", ms: true },
  // Plain words first (review 5b #4: "Create revision" and "Store revision" went unexplained);
  // etcd's own name for the number is said once, in the glossary and the rules card, not on a
  // Why? line (review 9a #5: it made a third name beside "number in line" and "token").
  // Plain words on the row, etcd's own term on the secondary line (review 6b #8: "etcd's count
  // when its key was made" and "keys created before it" met a newcomer before any explanation).
  rev: {
    label: "Its number in line",
    named: (n) => `${n}'s number in line`,
    gloss:
      "the store counts every change and stamps the count on a new key; the lowest number leads, and the leader's number is its token",
  },
  created: { label: "Key newly made" },
  key: { label: "Key in the store" },
  predecessors: {
    label: "Nodes still ahead of it in line",
    named: (n) => `Nodes ahead of ${n} in line`,
    zero: "none",
    gloss: "keys in the election's folder that were made before its own",
  },
  atRev: { label: "Store's change count when it looked" },
  lastRenewAt: { label: "Last renewal at", ms: true },
  holder: { label: "Lease holder" },
  watchers: { label: "Clients watching the key" },
  lease: { label: "Lease number" },
  ackedAt: { label: "Last acknowledged keepalive sent at", ms: true },
  marginMs: { label: "Safety margin", ms: true },
  deadline: { label: "Deadline", ms: true },
  ackedRecv: { label: "Last keepalive reply received at", ms: true },
  error: { label: "Error" },
  // Kubernetes
  leaseTransitions: { label: "Times the Lease changed hands" },
  resourceVersion: {
    label: "Lease record version",
    gloss: "the API server's counter; an update must name the latest",
  },
  unchangedMs: { label: "Time the Lease record stayed unchanged", ms: true },
  leaseMs: { label: "Lease duration", ms: true },
  observedAt: { label: "Last seen changing at", ms: true },
  renewDeadlineMs: {
    label: "Renew deadline",
    gloss: "how long a leader keeps trying to renew before it gives up",
    ms: true,
  },
  roundDeadline: { label: "This round's deadline", ms: true },
  retryPeriodMs: { label: "Retry every", ms: true },
  emulationVersion: { label: "Version it behaves as" },
  binaryVersion: { label: "Version it runs" },
  among: { label: "Candidates that answered" },
  written: { label: "Lease duration written in the record (s)" },
  mine: { label: "Its own lease duration (s)" },
  candidates: { label: "Candidates pinged" },
  afterMs: { label: "Silent for at least", ms: true },
  current: { label: "Current holder" },
  expiredHolder: { label: "Holder whose lease ran out" },
  preferred: { label: "Preferred next holder" },
  // Bully and ring
  id: { label: "Its id" },
  higher: { label: "Higher ids alive" },
  from: { label: "From" },
  epoch: { label: "Epoch", gloss: "the leadership number; a newer one wins" },
  lower: { label: "Came from a lower id" },
  peer: { label: "Peer" },
  waitedMs: { label: "Waited", ms: true },
  restarted: { label: "Started again after a crash" },
  carried: { label: "Id the message carried" },
  wasLeader: { label: "It was the leader" },
  carriedIdx: { label: "Rank of the carried id" },
  ownIdx: { label: "Its own rank" },
  // ZooKeeper and Zab
  leading: { label: "Leads" },
  zxid: { label: "Newest transaction id", gloss: "how far its history goes; the longest history wins" },
  round: { label: "Election round" },
  acks: { label: "Servers that acknowledged" },
  synced: { label: "Synced" },
  phase: { label: "Phase" },
  requestedMs: { label: "Session timeout asked for", ms: true },
  minMs: { label: "Shortest timeout allowed", ms: true },
  maxMs: { label: "Longest timeout allowed", ms: true },
  timeoutMs: { label: "Session timeout", ms: true },
  mySeq: {
    label: "Its sequence number",
    gloss: "the number the server appended to its node; the lowest leads",
  },
  lowestSeq: { label: "Lowest sequence number" },
  children: { label: "Candidates in the queue" },
  watchingSeq: { label: "Sequence number it watches" },
  watching: { label: "Node it watches" },
  session: { label: "Session" },
  owner: { label: "Owner" },
  path: { label: "Node path" },
  silentMs: { label: "Silent for", ms: true },
  readTimeoutMs: { label: "Read timeout", ms: true },
  expiryMs: { label: "Session expires after", ms: true },
  // database
  prevHolder: { label: "Previous holder" },
  prevExpiresAt: { label: "Previous lease expired at", ms: true },
  now: { label: "Database clock", ms: true },
  rows: { label: "Rows changed" },
  // heartbeat and STONITH
  stonith: { label: "Fence device (STONITH)" },
  by: { label: "Asked by" },
  target: { label: "Target" },
  wasUp: { label: "Target was running" },
  due: { label: "Power cut at", ms: true },
  theirEpoch: { label: "Peer's epoch" },
  myEpoch: { label: "Its own epoch" },
  theirIdx: { label: "Peer's rank" },
  myIdx: { label: "Its own rank" },
};

/** Every value key a rule records: the shared words, and each protocol's own. A key missing
 *  here falls back to words made from its name, and the panel test fails on it. */
export const VALUE_WORDS: Readonly<Record<string, ValueWord>> = Object.assign(
  {},
  ...OWN.map((w) => w.values ?? {}),
  SHARED_VALUE_WORDS,
);

/** Where one key means something else under a family of rules: `rev` is a key's create revision
 *  when it campaigns but the delete's revision when the store deletes; `granted` counts votes in
 *  Raft but is the newest token granted when the resource judges a write. */
const RULE_VALUE_WORDS: ReadonlyArray<[RegExp, string, ValueWord]> = [
  [/^fence\./, "granted", { label: "Newest token granted to a leader" }],
  [
    /^etcd\.(key|watch)\.delete$/,
    "rev",
    { label: "etcd's count at the delete", gloss: "etcd adds one to its count at every change" },
  ],
  [/^zk\.(watch|znode)\./, "zxid", { label: "Transaction id of the delete" }],
  [/^raft\.initialLeader$/, "leader", { label: "Configured leader" }],
  [/^ring\.elected$/, "leader", { label: "Leader the message named" }],
  [/^bully\.(coordinator|answered)$/, "higher", { label: "From a higher id" }],
  [/^zab\.looking\./, "accepted", { label: "Epoch it had accepted" }],
  [/^zab\.looking\./, "synced", { label: "Synced with the leader" }],
  [/^sql\./, "ackedAt", { label: "Last renewal that matched, sent at", ms: true }],
  [/^hb\./, "timeoutMs", { label: "Deadtime", gloss: "how long silence means the peer is dead", ms: true }],
  [
    /^(hb|stonith)\./,
    "stonith",
    { label: "STONITH setting", gloss: "shoot the other node in the head: power it off before taking over" },
  ],
  [/^k8s\.lease\.expiredOnMyClock$/, "holder", { label: "Holder named in the record" }],
];

function wordsFor(rule: string | null, key: string): ValueWord | undefined {
  if (rule) for (const [re, k, w] of RULE_VALUE_WORDS) if (k === key && re.test(rule)) return w;
  return VALUE_WORDS[key];
}

/** A name made of words when no label is known: "fooBarMs" -> "foo bar". */
export function wordsOf(key: string): string {
  const w = key
    .replace(/Ms$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[-_]/g, " ")
    .toLowerCase();
  return w[0].toUpperCase() + w.slice(1);
}

export interface ValueRow {
  key: string;
  label: string;
  gloss?: string;
  value: string;
}

/** A value as the table shows it: times in seconds, yes/no, "none". */
function valueWords(w: ValueWord | undefined, v: unknown): string {
  if (v === null || v === undefined) return "none";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (v === 0 && w?.zero) return w.zero;
  if (w?.ms && typeof v === "number") return whenOf(v);
  if (w?.kind === "message" && typeof v === "string") return messageWords(v);
  return String(v);
}

/** The step's values as rows; a gloss only the first time a label appears in the panel. */
export function valueRows(
  step: Pick<Step, "values" | "rule"> & { node?: string | null },
  glossed: Set<string> = new Set(),
): ValueRow[] {
  return Object.entries(step.values).map(([key, v]) => {
    const w = wordsFor(step.rule, key);
    const label = (step.node && w?.named?.(step.node)) || (w?.label ?? wordsOf(key));
    const row: ValueRow = { key, label, value: valueWords(w, v) };
    if (w?.gloss && !glossed.has(key)) {
      row.gloss = w.gloss;
      glossed.add(key);
    }
    return row;
  });
}

/** Message kinds as a learner would name them (and each protocol's own, from its spec). */
const SHARED_MESSAGE_WORDS: Readonly<Record<string, string>> = {
  RequestVote: "vote request",
  RequestVoteResp: "vote reply",
  PreVote: "pre-vote request",
  PreVoteResp: "pre-vote reply",
  AppendEntries: "heartbeat (a log append from the leader)",
  Write: "write",
  LeaseGrant: "lease grant",
  LeaseKeepAliveResp: "keepalive reply",
  CampaignResp: "reply to the campaign (the key was made)",
  GetPredecessorResp: "answer to “which key was created just before mine?”",
  CreateResp: "reply to the create",
  GetResp: "reply to the read",
  UpdateResp: "reply to the update",
  CreateSession: "request to open a session",
  GetChildrenResp: "list of the nodes in the queue",
  ExistsResp: "reply setting the watch",
  WatchEvent: "watch notice (a watched key changed)",
  PingResp: "ping reply",
  CheckSequencerResp: "answer about the lock number",
  ConnectResp: "reply to the connect",
  Acquire: "acquire request",
  AcquireResp: "reply to the acquire",
  COORDINATOR: "COORDINATOR announcement",
  ELECTION: "ELECTION message",
  ELECTED: "ELECTED message",
  HEARTBEAT: "heartbeat",
  $closed: "notice that the connection closed",
};
const MESSAGE_WORDS: Readonly<Record<string, string>> = Object.assign(
  {},
  ...OWN.map((w) => w.messages ?? {}),
  SHARED_MESSAGE_WORDS,
);

export function messageWords(kind: string): string {
  return (
    MESSAGE_WORDS[kind] ??
    (/^[A-Z]+$/.test(kind)
      ? `${kind} message`
      : `${wordsOf(kind)
          .toLowerCase()
          .replace(/ resp$/, " reply")} message`)
  );
}
