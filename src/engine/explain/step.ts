// One step of a causal chain, as the CLI prints it and the "Why?" panel shows it: the event, its
// rule (name, plain sentence, lesson section, primary source), the values it read and the clock
// it read them on. Built from a trace event alone: typed fields, never message text.
import type { Cause, CauseArm, CauseClock, CauseValues, TraceEvent } from "../core/trace.ts";
import { isProtocol, ruleOf, specOf } from "../protocols/registry.ts";
import { appliedOutOfOrder } from "../core/write-result.ts";

export interface Step {
  /** the event's index in the full trace */
  index: number;
  t: number;
  type: TraceEvent["type"];
  /** the node the event is about (the deciding node, the fault's target) */
  node: string | null;
  /** a short heading: "n2's write was refused", "n1 was paused" */
  title: string;
  /** one plain sentence: why */
  sentence: string;
  rule: string | null;
  values: CauseValues;
  clock: CauseClock | null;
  /** what set the deciding handler going (a timer, a message, a fault) */
  armedBy: CauseArm | null;
  /** when the arming message was sent, if the trace holds its send (so the panel can say
   *  "n1's vote reply, sent at 0.10 s" instead of a message number) */
  sentAt?: number;
  lesson: string | null;
  source: string | null;
}

const secs = (ms: number) => `${Math.round(ms / 10) / 100} s`;

/** A rule's sentence with its values filled in: {name} and {name:s} (ms shown in seconds);
 *  {cluster} is the run's number of nodes, so a count reads against the whole ("3 of 5 votes",
 *  review 6a #10: "3 votes made the majority of 3" read as a cluster of three). */
export function fill(template: string, values: CauseValues, node: string | null, cluster?: number): string {
  return template.replace(/\{(\w+)(:s)?\}/g, (_, key: string, s?: string) => {
    if (key === "node") return node ?? "the node";
    if (key === "cluster") return cluster === undefined ? "all the" : String(cluster);
    const v = values[key];
    if (v === undefined || v === null)
      return key === "holder" || key === "prevHolder" || key === "lockHolder" ? "nobody" : "none";
    if (key === "leading" && typeof v === "boolean") return v ? "leads" : "follows it";
    if (s && typeof v === "number") return secs(v);
    return String(v);
  });
}

function nodeOf(e: TraceEvent): string | null {
  if (e.type === "fault") return e.resolved && e.resolved !== "nobody" ? e.resolved : (e.node ?? null);
  if ("node" in e && typeof e.node === "string") return e.node;
  return null;
}

/** A role change as a learner reads it: "n2 went down", not "n2 became crashed". */
const ROLE_WORDS: Record<string, string> = {
  crashed: "went down (crashed)",
  stopped: "stopped (shut down)",
  precandidate: "became a pre-candidate (asking whether it could win first)",
  candidate: "became a candidate",
  follower: "became a follower",
  leader: "became leader",
};

function titleOf(e: TraceEvent, protocol: string | null): string {
  switch (e.type) {
    case "write":
      return e.result === "rejected"
        ? `${e.node}'s write with token ${e.token} was refused`
        : e.result === "stale-accepted"
          ? appliedOutOfOrder(e)
            ? `${e.node}'s older write with token ${e.token} was applied after token ${e.maxSeen}`
            : `${e.node}'s write with token ${e.token} landed before the new leader wrote`
          : `${e.node}'s write with token ${e.token} was accepted`;
    case "leader-start": {
      // A protocol with its own words for this moment (bully: the epoch its token comes from)
      // says them here as its narration does.
      const own = protocol && isProtocol(protocol) ? specOf(protocol).narration?.leaderStart : undefined;
      return own ? own(e) : `${e.node} became leader with token ${e.token}`;
    }
    case "leader-end":
      return `${e.node} stopped leading (token ${e.token})`;
    case "role":
      return `${e.node} ${ROLE_WORDS[e.to] ?? `became ${e.to}`}`;
    case "vote":
      return `${e.node} ${e.granted ? "granted" : "refused"} its ${e.pre ? "pre-vote" : "vote"} to ${e.candidate} in term ${e.term}`;
    case "lease":
      return `${e.action === "expire" ? `${e.node}'s lease expired` : e.action === "self-demote" ? `${e.node} demoted itself` : e.action === "takeover" ? `${e.node} took the lease over` : `lease ${e.action} for ${e.node}`}${e.judge === "store" ? " at the store" : ""}`;
    case "store":
      return e.op === "delete"
        ? e.key
          ? `the store deleted ${e.key}`
          : "the store deleted a key"
        : `the store: ${e.op}${e.key ? ` ${e.key}` : ""}`;
    case "note":
      return `${e.node}: ${e.note.kind.replace(/-/g, " ")}`;
    case "fault":
      return faultTitle(e);
    default:
      return e.type;
  }
}

function faultTitle(e: Extract<TraceEvent, { type: "fault" }>): string {
  const who = nodeOf(e) ?? "";
  const span = e.for !== undefined ? ` for ${secs(e.for)}` : "";
  switch (e.fault) {
    case "pause":
      return e.effect === "armed"
        ? `a pause of ${who}${span} was armed for its next write`
        : `${who} was paused${span}`;
    case "crash":
      return `${who} crashed`;
    case "restart":
      return `${who} was restarted`;
    case "shutdown":
      return `${who} was shut down`;
    case "partition":
      return `links were cut${span}`;
    case "isolate":
      return `${who} was cut off from the network${span}`;
    case "store-outage":
      return `the store went down${span}`;
    case "clock":
      return `${who}'s clock was set to run fast or slow${span}`;
    case "slow":
      return `${who} was slowed down${span}`;
    default:
      return `fault: ${e.fault}${who ? ` on ${who}` : ""}${span}`;
  }
}

/** The step for trace event `index`. */
export function stepOf(trace: readonly TraceEvent[], index: number): Step {
  const e = trace[index];
  const node = nodeOf(e);
  const why: Cause | undefined = "why" in e ? e.why : undefined;
  const rule = why ? ruleOf(why.rule) : undefined;
  const named = (text: string) => nameKeys(trace, index, text);
  const title = named(titleOf(e, protocolOf(trace)));
  const sentence = named(
    rule && why
      ? fill(rule.saysFor?.(why.values) ?? rule.says, why.values, node, clusterOf(trace))
      : e.type === "fault"
        ? `${title}. This is the fault the chain starts from.`
        : title,
  );
  const step: Step = {
    index,
    t: e.t,
    type: e.type,
    node,
    title,
    sentence,
    rule: why?.rule ?? null,
    values: why?.values ?? {},
    clock: why?.clock ?? null,
    armedBy: why?.armedBy ?? null,
    lesson: rule?.lesson ?? null,
    source: rule?.source ?? null,
  };
  const arm = why?.armedBy;
  if (arm?.kind === "message") {
    const sent = sendOf(trace, index, arm.msg);
    if (sent !== undefined) step.sentAt = sent;
  }
  return step;
}

/** An election key read by whose it is: etcd names a campaign key by its lease's id
 *  ("/election/694d7701", client/v3/concurrency/election.go Campaign: prefix + lease ID in hex)
 *  and ZooKeeper by a sequence number; to a learner both are "n2's election key". The owner is
 *  the node whose campaign first recorded that key (or the delete's own `owner`), found in the
 *  trace before this step; a key no node claimed keeps its path. */
function nameKeys(trace: readonly TraceEvent[], index: number, text: string): string {
  if (!text.includes("/")) return text;
  return text.replace(/\/[\w./-]+/g, (key) => {
    const owner = keyOwner(trace, index, key);
    return owner ? `${owner}'s election key` : key;
  });
}

function keyOwner(trace: readonly TraceEvent[], index: number, key: string): string | null {
  const own = trace[index];
  const v = "why" in own ? own.why?.values : undefined;
  if (v && v.key === key && typeof v.owner === "string") return v.owner;
  for (let j = 0; j <= index; j++) {
    const x = trace[j];
    if (x.type === "fault" || !("why" in x) || x.why?.values.key !== key) continue;
    if ("node" in x && typeof x.node === "string" && x.why.values.created === true) return x.node;
  }
  return null;
}

/** The run's protocol, from its start event (the first event of every trace). */
function protocolOf(trace: readonly TraceEvent[]): string | null {
  const first = trace[0];
  return first?.type === "start" ? first.protocol : null;
}

/** The run's number of nodes, from its start event. */
function clusterOf(trace: readonly TraceEvent[]): number | undefined {
  const first = trace[0];
  return first?.type === "start" ? first.nodes : undefined;
}

/** The send time of message `id`, scanning back from `index` (sends come before their use). */
function sendOf(trace: readonly TraceEvent[], index: number, id: number): number | undefined {
  for (let j = index - 1; j >= 0; j--) {
    const x = trace[j];
    if (x.type === "send" && x.id === id) return x.t;
  }
  return undefined;
}
