// Honest lesson minutes (issue 36): a lesson's stated minutes, on the path and in its deep dives,
// must match what its text takes to read. The estimate is deliberately simple and stated once:
// prose at 230 words a minute (diagram sources and tag attributes other than captions are not
// read), plus half a minute for each embedded sandbox to press play and watch.
export const WORDS_PER_MINUTE = 230;
export const MINUTES_PER_SANDBOX = 0.5;

export type MinuteEstimate = { path: number; deepDive: number; pathWords: number; deepDiveWords: number };

function words(text: string): number {
  const t = text
    .replace(/chart=\{`[\s\S]*?`\}/g, " ") // Mermaid sources are drawn, not read
    .replace(/<(Check|TryToBreak)[^>]*\/>/g, " ")
    .replace(/<\/?[A-Za-z]+[^>]*?>/g, (tag) => tag.match(/caption="([^"]*)"/)?.[1] ?? " "); // keep captions
  return (t.match(/[A-Za-z0-9][A-Za-z0-9'’.-]*/g) ?? []).length;
}

const sandboxes = (text: string) => (text.match(/<Sandbox\b/g) ?? []).length;

/** Minutes to read a lesson's body (the MDX after its front matter), split into path and deep dives. */
export function estimateMinutes(body: string): MinuteEstimate {
  const deep = [...body.matchAll(/<DeepDive[^>]*>([\s\S]*?)<\/DeepDive>/g)].map((m) => m[1]).join("\n");
  const path = body.replace(/<DeepDive[^>]*>[\s\S]*?<\/DeepDive>/g, " ");
  const est = (t: string) => words(t) / WORDS_PER_MINUTE + sandboxes(t) * MINUTES_PER_SANDBOX;
  return { path: est(path), deepDive: est(deep), pathWords: words(path), deepDiveWords: words(deep) };
}

/** A stated figure is honest when it is within a quarter of the estimate, or one minute of it. */
export function minutesProblem(what: string, stated: number, estimate: number): string | null {
  const allowed = Math.max(1, 0.25 * estimate);
  if (Math.abs(stated - estimate) <= allowed) return null;
  return `${what} says ${stated} min, but its text reads in about ${Math.round(estimate)} min (${Math.round(estimate - allowed)} to ${Math.round(estimate + allowed)} would do)`;
}
