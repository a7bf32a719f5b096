// The quiz session in progress, kept in the tab's sessionStorage under an id the page's URL
// carries (/quiz?session=ID). Leaving the page ("Show me in the sandbox", a lesson link) and
// coming Back restores the same question with every answer, including one not yet rated. A tab
// keeps its own session (two tabs can quiz apart); a finished or ended session is forgotten.
import type { QuizSessionData } from "../progress/sections/quiz";
import type { QuestionDraft, QuestionResult } from "./QuestionView";

export type Mode = QuizSessionData["mode"];
export type Session = {
  /** the id in the URL */
  id: string;
  mode: Mode;
  ids: string[];
  index: number;
  results: QuestionResult[];
  done: boolean;
  /** the current question's state, so far */
  draft?: QuestionDraft;
};

const KEY = "election-lab:quiz-session";
const MODES: readonly Mode[] = ["learn", "exam", "missed", "due"];

/** Twelve hex digits that start with a letter (a to f). The router writes a search value that
 *  reads as JSON (all digits, or digits with one "e") in quotes, so it comes back a string: an id
 *  such as 316971139629 showed in the address as "%22316971139629%22". One that starts with a
 *  letter is never JSON, so the address shows it as it is. */
export function newSessionId(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return "abcdef"[bytes[0] % 6] + hex.slice(1);
}

/** The session named in the address: the id as written, from a link of any age. An old link may
 *  hold a digits-only id quoted (the router reads it back as text) or bare (read as a number). */
export function sessionFromSearch(value: unknown): string | undefined {
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === "string" && /^[0-9a-f]{12}$/.test(text) ? text : undefined;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    // Storage can be blocked outright (privacy settings): the quiz still works, unsaved.
    return null;
  }
}

export function saveSession(session: Session): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(session));
  } catch {
    // A full or blocked storage loses only the ability to come back; the session goes on.
  }
}

export function forgetSession(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing kept, nothing to forget
  }
}

function isSession(v: unknown): v is Session {
  if (typeof v !== "object" || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.id === "string" &&
    MODES.includes(s.mode as Mode) &&
    Array.isArray(s.ids) &&
    s.ids.every((x) => typeof x === "string") &&
    Number.isInteger(s.index) &&
    (s.index as number) >= 0 &&
    (s.index as number) < s.ids.length &&
    Array.isArray(s.results) &&
    typeof s.done === "boolean"
  );
}

/** The kept session, if there is one whose questions all still exist. `id` narrows it to the
 *  session a URL names. */
export function loadSession(known: ReadonlySet<string>, id?: string): Session | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(KEY) ?? "null");
  } catch {
    return null;
  }
  if (!isSession(parsed) || parsed.done) return null;
  if (id !== undefined && parsed.id !== id) return null;
  return parsed.ids.every((q) => known.has(q)) ? parsed : null;
}
