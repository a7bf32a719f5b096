// Every protocol the engine runs (all.ts lists them, one line each), in the order each spec
// declares: the order the sandbox, the rules cards and error messages list them.
import type { NarrationAid, NoteNarration, ProtocolSpec, RuleSpec, Spoken, StepBack } from "./spec.ts";
import type { NoteInfo } from "../core/trace.ts";
import type { RulesCard } from "./card.ts";
import { COMMON_RULES } from "./why-common.ts";
import { COMMON_CHAIN } from "./chain-common.ts";
import * as ALL from "./all.ts";
import { learnerRule } from "./learner/why.ts";

type AllSpecs = typeof ALL;
ALL satisfies Record<string, ProtocolSpec>;
/** Every protocol's spec by name, in the course's order: a module namespace lists its exports
 *  alphabetically, so the entries are put back in the order each spec declares. */
export const SPECS: AllSpecs = Object.fromEntries(
  Object.entries(ALL).sort(([, a], [, b]) => a.order - b.order),
) as AllSpecs;

export type ProtocolName = keyof typeof SPECS;
export const PROTOCOL_NAMES = Object.keys(SPECS) as ProtocolName[];
/** The protocols the course teaches (rules cards, the sandbox picker): those whose spec carries a
 *  rules card, so all but the learner's own elector. */
export type BuiltInProtocol = {
  [P in ProtocolName]: (typeof SPECS)[P] extends { card: RulesCard } ? P : never;
}[ProtocolName];
export const BUILT_IN_PROTOCOLS = PROTOCOL_NAMES.filter((p): p is BuiltInProtocol => "card" in SPECS[p]);

/** A built-in protocol's rules card, read through its spec. */
export function cardOf(name: BuiltInProtocol): RulesCard {
  return SPECS[name].card;
}

export function isProtocol(name: unknown): name is ProtocolName {
  return typeof name === "string" && Object.prototype.hasOwnProperty.call(SPECS, name);
}

export function specOf(name: string): ProtocolSpec {
  if (!isProtocol(name)) throw new Error(`protocol "${name}" does not exist`);
  return SPECS[name];
}

/** Every rule a traced cause can name (issue 20): each protocol's, and the shared ones. */
export const ALL_RULES: Readonly<Record<string, RuleSpec>> = Object.assign(
  {},
  COMMON_RULES,
  ...Object.values(SPECS).map((s) => s.rules),
);

export function ruleOf(name: string): RuleSpec | undefined {
  // A learner's own rules (node.because) are named by the learner: one family, learner.<name>.
  return Object.prototype.hasOwnProperty.call(ALL_RULES, name) ? ALL_RULES[name] : learnerRule(name);
}

/** Every rule's "Why?" step back (issue 20): the shared ones, and each protocol's own. */
const ALL_STEPS: Readonly<Record<string, StepBack>> = Object.assign(
  {},
  COMMON_CHAIN.back,
  ...Object.values(SPECS).map((s: ProtocolSpec) => s.chain?.back ?? {}),
);

export function stepBackOf(rule: string): StepBack | undefined {
  return Object.prototype.hasOwnProperty.call(ALL_STEPS, rule) ? ALL_STEPS[rule] : undefined;
}

/** Rules that only keep a lease alive: true, but not what a learner asks "Why?" about. */
export const ROUTINE_RULES: ReadonlySet<string> = new Set(
  Object.values(SPECS).flatMap((s: ProtocolSpec) => s.chain?.routine ?? []),
);

/** Every protocol's words for the note kinds it (or its server) writes. */
const NOTE_WORDS: NoteNarration = Object.assign(
  {},
  ...Object.values(SPECS).map((s: ProtocolSpec) => s.narration?.notes ?? {}),
);

/** A note in plain words, by the protocol that declares its kind; null for a kind none words. */
export function noteWords(n: NoteInfo, node: string, a: NarrationAid): Spoken | null {
  // The table is keyed by kind, so the function found takes this kind's note: TypeScript cannot
  // follow that correlation through the lookup, hence the one widening here.
  const words = NOTE_WORDS[n.kind] as ((n: NoteInfo, node: string, a: NarrationAid) => Spoken) | undefined;
  return words ? words(n, node, a) : null;
}
