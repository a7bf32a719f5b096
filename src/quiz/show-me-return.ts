// Where the learner was when "Show me in the sandbox" took them away: the question, and how far
// from the top of the window its Show me link sat. Back reopens the quiz from storage, and the
// page grows only as the question's feedback arrives (a prediction waits for the simulator), so
// the browser's own scroll restoration lands at the top; the question view puts the link back
// where it was instead, once it is drawn. Kept in the tab's sessionStorage, taken once.
const KEY = "election-lab:quiz-show-me-return";

export type ShowMeReturn = { question: string; top: number };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function rememberShowMe(question: string, top: number): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ question, top: Math.round(top) }));
  } catch {
    // Blocked storage: Back lands at the question's heading, as before.
  }
}

/** The saved place for `question`, if the learner left from it; left in storage until taken. */
export function peekShowMe(question: string): ShowMeReturn | null {
  try {
    const v = JSON.parse(storage()?.getItem(KEY) ?? "null") as Partial<ShowMeReturn> | null;
    return v && v.question === question && typeof v.top === "number" ? { question, top: v.top } : null;
  } catch {
    return null;
  }
}

export function forgetShowMe(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** The window's scroll offset that puts an element whose page offset is `pageTop` back at
 *  `top` pixels from the window's top. */
export function scrollFor(pageTop: number, top: number): number {
  return Math.max(0, Math.round(pageTop - top));
}
