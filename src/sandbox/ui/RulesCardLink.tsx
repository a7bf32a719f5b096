// The link to the printable rules card of the protocol being run, with this run's timer values.
import { Link } from "@tanstack/react-router";
import { useSandbox } from "./context.ts";

/** The printable rules card of the protocol being run (src/course/rules/), with this run's own
 *  timer values beside the defaults (a run with a 10 s TTL never reads "60 s" there). */
export function RulesCardLink() {
  const protocol = useSandbox((s) => s.frame?.protocol ?? "");
  const timing = useSandbox((s) => s.parsed?.timing);
  if (!protocol) return null;
  // One flat set of plain values in the address (a range as "150-300"): an array or object would
  // be written into it as JSON (review 6b #12).
  const run: Record<string, number | string> = {};
  for (const [k, v] of Object.entries((timing ?? {}) as Record<string, unknown>)) {
    if (typeof v === "number") run[k] = v;
    else if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number"))
      run[k] = `${v[0]}-${v[1]}`;
  }
  return (
    <p className="sb-hint sb-rules-link">
      {/* In a new tab, said in its words: opened in this tab, Back returned a fresh run at 0 s and
          the learner's run was lost (review 5b #1). */}
      <Link to="/rules/$protocol" params={{ protocol }} search={run as never} target="_blank" rel="noopener">
        Rules card for this protocol (opens in a new tab)
      </Link>
      : state, messages, rules, timers (this run&apos;s and the defaults) and token on one page.
    </p>
  );
}
