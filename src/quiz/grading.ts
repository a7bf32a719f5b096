// Whether an answer is right, and the order an ordering question is first shown in.
import type { Question } from "./schema";
import { fnv1a32 } from "../engine/core/digest.ts";

export type Answer = { kind: "choice"; selected: string[] } | { kind: "order"; order: string[] };

/** The ids of the right options. For a prediction, pass the key computed by the engine. */
export function rightOptionIds(q: Question, predictKey?: string | null): string[] {
  if (q.kind === "single" || q.kind === "multiple")
    return q.options.filter((o) => o.correct).map((o) => o.id);
  if (q.kind === "predict") return predictKey ? [predictKey] : [];
  return q.steps.map((s) => s.id);
}

export function isCorrect(q: Question, answer: Answer, predictKey?: string | null): boolean {
  if (q.kind === "ordering") {
    if (answer.kind !== "order") return false;
    return answer.order.length === q.steps.length && answer.order.every((id, i) => q.steps[i].id === id);
  }
  if (answer.kind !== "choice") return false;
  const right = new Set(rightOptionIds(q, predictKey));
  if (right.size === 0) return false;
  return answer.selected.length === right.size && answer.selected.every((id) => right.has(id));
}

function stableShuffle<T>(items: readonly T[], key: string): T[] {
  const shuffled = [...items];
  let seed = fnv1a32(key);
  for (let i = shuffled.length - 1; i > 0; i--) {
    seed = Math.imul(seed ^ (seed >>> 15), 2246822507) >>> 0;
    const j = seed % (i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  return shuffled;
}

/** A stable shuffle of an ordering question's steps that never starts in the right order. */
export function initialOrder(q: Extract<Question, { kind: "ordering" }>): string[] {
  const ids = q.steps.map((s) => s.id);
  const shuffled = stableShuffle(ids, q.id);
  if (shuffled.every((id, i) => id === ids[i])) shuffled.push(shuffled.shift()!);
  return shuffled;
}

/**
 * The options of a choice or prediction question in the order shown: a stable shuffle per
 * question, so the right answer is not always in the same place, while number keys, feedback
 * and tests all agree on one order.
 */
export function displayOptions<T extends { id: string }>(q: { id: string; options: readonly T[] }): T[] {
  return stableShuffle(q.options, `${q.id}:options`);
}

/** Moves one item of a list by `delta` places, clamped to the ends. */
export function moveItem(order: string[], id: string, delta: number): string[] {
  const from = order.indexOf(id);
  if (from < 0) return order;
  const to = Math.max(0, Math.min(order.length - 1, from + delta));
  if (to === from) return order;
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
