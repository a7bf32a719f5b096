// What is due: plain date comparisons on the stored cards, with no ts-fsrs and no question bank,
// so the home page can show "due today" without loading either.
import type { QuizSection } from "../progress/sections/quiz";

/** The hour (local) at which a study day ends. A session that runs past midnight stays one day:
 *  a question missed at 23:55 comes back ten minutes later, and "nothing is due today, your next
 *  review is in 10 minutes" would contradict itself. Anki draws the same line ("next day starts
 *  at" 4 hours past midnight by default). */
export const STUDY_DAY_ENDS_AT_HOUR = 4;

/** The last millisecond of the study day containing `now`: just before the next 04:00 local. */
export function endOfDay(now: Date): Date {
  const end = new Date(now);
  // setDate, not + 24 h, so a daylight-saving change does not move the line by an hour
  if (end.getHours() >= STUDY_DAY_ENDS_AT_HOUR) end.setDate(end.getDate() + 1);
  end.setHours(STUDY_DAY_ENDS_AT_HOUR, 0, 0, 0);
  return new Date(end.getTime() - 1);
}

export type DueEntry = { id: string; due: Date };

/** Questions whose next review falls before the study day ends, soonest first. */
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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A moment written one way for every reader, in local time: "5 Dec 2026, 07:45". The browser's
 *  own locale string ("12/5/2026, 7:45:29 AM") reads as 12 May in most of the world. */
export function formatMoment(d: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}
