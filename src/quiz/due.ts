// What is due: plain date comparisons on the stored cards, with no ts-fsrs and no question bank,
// so the home page can show "due today" without loading either.
import type { QuizSection } from "../progress/sections/quiz";

/** The end of the learner's local day containing `now`. */
export function endOfDay(now: Date): Date {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  return end;
}

export type DueEntry = { id: string; due: Date };

/** Questions whose next review falls on or before the end of today, soonest first. */
export function dueToday(section: QuizSection, now: Date, known?: ReadonlySet<string>): DueEntry[] {
  const limit = endOfDay(now).getTime();
  return Object.entries(section.items)
    .filter(([id]) => !known || known.has(id))
    .map(([id, item]) => ({ id, due: new Date(item.card.due) }))
    .filter((e) => e.due.getTime() <= limit)
    .sort((a, b) => a.due.getTime() - b.due.getTime() || a.id.localeCompare(b.id));
}

/** Every scheduled question, soonest first. */
export function scheduled(section: QuizSection, known?: ReadonlySet<string>): DueEntry[] {
  return Object.entries(section.items)
    .filter(([id]) => !known || known.has(id))
    .map(([id, item]) => ({ id, due: new Date(item.card.due) }))
    .sort((a, b) => a.due.getTime() - b.due.getTime() || a.id.localeCompare(b.id));
}

/** "now", "in 10 minutes", "in 3 days", "tomorrow": a short human description of a due time. */
export function describeDue(due: Date, now: Date): string {
  const ms = due.getTime() - now.getTime();
  if (ms <= 30_000) return "now";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(ms / 3_600_000);
  if (hours < 24 && due.getTime() <= endOfDay(now).getTime())
    return `in ${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.max(1, Math.round(ms / 86_400_000));
  if (days === 1) return "tomorrow";
  return `in ${days} days`;
}
