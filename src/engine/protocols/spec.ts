// What a protocol folder declares about itself, in one place (protocols/<name>/spec.ts). The
// registry (registry.ts) lists the specs; the scenario schema, the CLI, the sandbox's Run
// settings form, its labels, legend and narration all read them, so adding a protocol is one
// folder and one registry line.
import type { z } from "zod";
import type { Protocol } from "../core/protocol.ts";
import type { World } from "../core/world.ts";
import type { StoreFrame } from "../core/frame-types.ts";
import type { NormCtx, Raw } from "../validate/check.ts";
import type { ServerChoice } from "../servers/index.ts";
import type { CauseArm, CauseValues } from "../core/cause.ts";
import type { NoteKind, NoteOf, TraceEvent } from "../core/trace.ts";
import type { RulesCard } from "./card.ts";

/** One rule the engine decides by (issue 20): what a traced cause's `rule` names. */
export interface RuleSpec {
  /** the decision and its reason in one plain sentence: {name} is a cause value or the deciding
   *  node ({node}), {name:s} a value in ms shown in seconds */
  says: string;
  /** the sentence for these values, where the rule's reason differs by case (etcd: the first
   *  leader found no key ahead of its own; a later one, every key before its own gone); `says`
   *  is the general form */
  saysFor?(v: CauseValues): string;
  /** the lesson section that teaches it: "<lesson id>#<heading anchor>" */
  lesson: string;
  /** the primary source: a paper's section, or a project file at a tag */
  source: string;
  /** do the values reproduce the decision? `clockMs`: the judging clock's reading. The property
   *  tests check this for every traced cause. */
  holds(v: CauseValues, clockMs: number | undefined): boolean;
}

export type RuleTable = Readonly<Record<string, RuleSpec>>;

/** What a "Why?" step back reads (explain/chain.ts builds it for the event being explained):
 *  the event, its cause, and finders over the trace before it. */
export interface ChainLook {
  e: TraceEvent;
  /** the node the event is about, if any */
  node: string | null;
  /** its cause's values */
  v: CauseValues;
  /** what set the deciding handler going */
  arm: CauseArm | undefined;
  /** the latest event before this one that matches */
  lastBefore(p: (x: TraceEvent) => boolean): number | null;
  /** the latest fault that struck `who` (any node when null), else the latest fault of all */
  fault(who: string | null): number | null;
  /** the latest leader-start of `who` (anyone when null) with this token */
  leaderStart(who: string | null, token: unknown): number | null;
  /** a node id ("n3"), not the store or nobody */
  isNode(x: unknown): x is string;
  /** the rule an event's cause names ("" without one) */
  ruleOf(x: TraceEvent): string;
  /** the step back an event of this type takes when its rule has none of its own */
  otherwise(): number | null;
}

/** For an event decided by a rule: the index of the event that caused it, or null at a root. */
export type StepBack = (c: ChainLook) => number | null;

/** How "Why?" walks back through a protocol's causes (protocols/<name>/why.ts). */
export interface ChainSpec {
  /** per rule, the step back; a rule without one steps back to the latest fault that struck its node */
  back?: Readonly<Record<string, StepBack>>;
  /** rules that only keep a lease alive: true, but not what a learner asks "Why?" about */
  routine?: readonly string[];
}

/** A named scenario in its JSON form (durations as strings), exactly as a learner writes one. */
export interface Preset {
  name: string;
  title: string;
  /** one line */
  description: string;
  scenario: Record<string, unknown>;
}

/** A narrated line's tone in the sandbox: "hazard" (amber) a danger the design contained, "bad"
 *  (red) safety lost. */
export type Tone = "info" | "leader" | "fault" | "bad" | "good" | "hazard";

/** One narrated line, as a protocol words it (the sandbox adds the moment). */
export interface Spoken {
  text: string;
  tone: Tone;
  /** worth interrupting a screen reader for */
  important?: boolean;
  /** lines with the same key at the same moment merge into one ("n1, n2 and n3 ..."); with
   *  `within`, also a line up to that many ms after the last one with its key */
  merge?: { key: string; nodes: string[]; text: (nodes: string) => string; within?: number };
}

/** What the sandbox hands a protocol's narration: its words for numbers and the store. */
export interface NarrationAid {
  /** a token as the protocol writes it (Zab's zxid in hex) */
  token(t: number): string;
  /** a duration in ms, in seconds as the narration says them */
  seconds(ms: number): string;
  /** the store's name as a sentence starts with it ("Power switch", "etcd") */
  Store: string;
  /** remembered between the events of one run (Raft: each node's latest election term) */
  memo: Map<string, number>;
}

/** Plain words for note kinds, by kind, from the note's typed fields. */
export type NoteNarration = {
  readonly [K in NoteKind]?: (n: NoteOf<K>, node: string, a: NarrationAid) => Spoken;
};

/** How the sandbox narrates a protocol (protocols/<name>/notes.ts). */
export interface NarrationSpec {
  /** the note kinds it writes (and those of the server it runs with) */
  notes?: NoteNarration;
  /** its own words for an event the common narration would word alike for every protocol: a
   *  line, null for none, undefined to leave it to the common words */
  event?(e: TraceEvent, a: NarrationAid): Spoken | null | undefined;
  /** its own words for a leader's start, where the shared "became leader with token N" would
   *  leave a number unexplained; the narration and the "Why?" chain both say them, so the two
   *  never word one event two ways */
  leaderStart?(e: Extract<TraceEvent, { type: "leader-start" }>): string;
}

/** A protocol's own "Why?" vocabulary, by the names its causes record. */
export interface WhyWords {
  /** a cause value's label, an optional one-line gloss, and whether it is a time in ms */
  values?: Readonly<Record<string, { label: string; gloss?: string; ms?: boolean }>>;
  /** a message kind as a learner would name it ("vote request") */
  messages?: Readonly<Record<string, string>>;
  /** a timer as a learner would name it ("election timer") */
  timers?: Readonly<Record<string, string>>;
}

/** Each preset's trace fingerprints, full and lean (protocols/<name>/fingerprints.ts): test data
 *  only, read by presets.fingerprint.test.ts, never by the app. */
export type Fingerprints = Readonly<Record<string, readonly [full: string, roles: string]>>;

/** The timing and options schema: zod shapes, then a normaliser that fills in every default
 *  (in ms) and refuses bad combinations with an error naming the field. */
export interface ConfigSchema<T = unknown, O = unknown> {
  timing: z.ZodType;
  options: z.ZodType;
  normalise(timing: Raw, options: Raw, ctx: NormCtx): { timing: T; options: O };
}

/** One field a learner can set in Run settings. Its default is the normaliser's (read from the
 *  parsed starting scenario), never written a second time here. */
export interface FieldSpec {
  /** where it lives: timing.<key> or options.<key>; a range is [min, max] under one key */
  group: "timing" | "options";
  key: string;
  kind: "duration" | "range" | "count" | "boolean";
  /** the unit the form shows a duration in */
  unit?: "ms" | "s";
  label: string;
  /** one line: what it does, from the protocol's source */
  help: string;
  /** a live note under the field, from the form's current values (the unit's own numbers) */
  hint?: (values: Record<string, number | undefined>) => string | null;
}

/** What a node's number and fencing token are called, and what they mean. */
export interface TokenSpec {
  /** the short word before a node's number: "term", "rev", "seq"... */
  word: string;
  /** the word for a node that holds the token, when it differs (Kubernetes coordinated election) */
  leaderWord?: string;
  /** the word before a node's number when it does not hold the token and the number is what it
   *  last read, not its own (Kubernetes: "last saw token 1"), and the legend's gloss of it */
  followerWord?: string;
  followerMeans?: string;
  /** how a node with the number 0 reads, when 0 means it has none yet ("no key") */
  none?: string;
  /** what the fencing token is called in narration ("token", "zxid") */
  tokenWord: string;
  /** one line for the legend: what the number is, and how it relates to the fencing token */
  meaning: string;
}

/** How the protocol's messages travel, and why (the real system's transport). The core reads
 *  `kind` (core/connection.ts): a datagram a cut or loss hits is gone; on a connection it is
 *  held and retransmitted, and only a timeout or a dead process ends the connection. */
export interface TransportSpec {
  kind: "datagram" | "connection";
  /** one line naming the source that justifies the kind */
  why: string;
  /** one short line for the sandbox legend (TransportNote): what a cut or a lost packet does here */
  description: string;
  /** connections: what breaks one, with the real client's timeout */
  breaks?: string;
  /** connections: what the client does after a break */
  resume?: string;
}

/** A default the protocol takes from the real library, and the line that sets it there (issue
 *  34: every default is the real system's). spec-defaults.test.ts normalises a scenario that
 *  leaves the field out and checks it gets `value`. */
export interface LibraryDefault {
  /** where it lives: timing.<key> or options.<key> */
  path: string;
  /** the normalised value (durations in ms) a scenario that leaves the field out gets */
  value: number | boolean | string | null;
  /** the library and the source line that sets it, at a commit */
  source: string;
}

/** A rule of the course's own, not the library's: off unless a scenario (a preset, a lesson)
 *  turns it on, so the sandbox can say which are on. */
export interface CourseOption {
  /** options.<key> */
  path: string;
  /** what it does, in the learner's words */
  label: string;
  /** is it on in these normalised options? */
  on(options: Record<string, unknown>): boolean;
}

/** The labels of the course's own rules a run's normalised options turn on. */
export function courseOptionsOn(spec: Pick<ProtocolSpec, "courseOptions">, options: object): string[] {
  return (spec.courseOptions ?? [])
    .filter((c) => c.on(options as Record<string, unknown>))
    .map((c) => c.label);
}

export interface ProtocolSpec {
  name: string;
  /** where the course lists it (the sandbox picker, rules cards, error messages): lower first */
  order: number;
  /** its name as the learner reads it: "Raft", "etcd election" */
  title: string;
  /** one line for the sandbox header: what runs, on what */
  summary: string;
  protocol: Protocol;
  config: ConfigSchema;
  fields: readonly FieldSpec[];
  /** token words; variants (coordinated election, sequencer fencing) pick their own */
  token(variant: { coordinated: boolean; sequencer: boolean }): TokenSpec;
  /** the token as the protocol writes it (Zab's zxid in hex) */
  formatToken?(token: number): string;
  /** the token short enough to sit beside a node, and as said in a node's name, when they
   *  differ from the written form (Zab: "(2, 0)", "0x200000000 (epoch 2, counter 0)") */
  tokenForms?: { short(token: number): string; spoken(token: number): string };
  /** how a network cut plays out: "majority" (a side needs most nodes to elect), "store" (each
   *  node needs the server), or "reachable" (the nodes a node can reach elect among themselves) */
  quorum?: "majority" | "store" | "reachable";
  /** role names the frame shows, and what each means */
  roles: Readonly<Record<string, string>>;
  /** the server the store process stands for (null: the nodes elect among themselves) */
  server: null | {
    label: string;
    choose(scenario: { options: object }): ServerChoice;
    /** the store's one-line state as drawn, and as a screen reader hears it; default: revision and holder */
    describe?(store: NonNullable<StoreFrame>): { line: string; spoken: string };
  };
  /** can the fenced resource ask it whether a sequencer is current (Chubby CheckSequencer)? */
  lockService: boolean;
  transport: TransportSpec;
  /** how many nodes: the count it starts with, and a fixed count with its reason */
  nodes: { initial: number; fixed?: number; why?: string };
  /** the scenario the sandbox starts it with when a learner picks it in Run settings */
  sandbox: Record<string, unknown>;
  presets: readonly Preset[];
  /** the fields of its periodic timers (what fires again and again), for the run-length bounds */
  periodic: readonly string[];
  /** its message pattern, for the run-size estimate (scenario/limits.ts estimateEvents): engine
   *  events per node per period of its shortest periodic timer, and per node squared for each
   *  election (per node when `electionGrows` is "n": a few candidates each ask every node once);
   *  default { perPeriod: 4, election: 2 } */
  load?: { perPeriod: number; election: number; electionGrows?: "n" | "n2" };
  /** the lease length the sandbox draws arcs for (the TTL, the negotiated session timeout...) */
  leaseLength?(timing: object): number | null;
  /** the token's name in violation text, when a variant changes it; default protocol.tokenKind */
  tokenName?(scenario: { options: object }): string;
  /** how the fenced resource words a refused or late write, when it has its own language */
  writeDetail?: (w: World, from: number, token: number, rows: number) => string;
  /** every rule its traced causes name (protocols/<name>/why.ts) */
  rules: RuleTable;
  /** how the "Why?" panel words its own cause values, message kinds and timers, where the
   *  shared vocabulary (sandbox/why-words.ts) has none */
  words?: WhyWords;
  /** how the sandbox narrates its notes and its own events */
  narration?: NarrationSpec;
  /** how "Why?" steps back from the events its rules decide */
  chain?: ChainSpec;
  /** its printable rules card (protocols/<name>/card.ts); a protocol without one (the learner's
   *  own elector) is not among the course's built-in protocols */
  card?: RulesCard;
  /** the defaults it takes from the real library, each with its source line */
  defaults?: readonly LibraryDefault[];
  /** the course's own safer rules, off by default */
  courseOptions?: readonly CourseOption[];
}
