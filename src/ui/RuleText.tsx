// Text from content that may cite an engine rule as "[rule: NAME]" (the content check refuses a
// name no protocol declares). The learner sees the rule's name as code in parentheses: the same
// name the sandbox's "Why?" panel shows for the decision, so the two can be matched.
import { Fragment } from "react";

const CITE = /\s*\[rule: ([A-Za-z0-9_.-]+)\]/g;

export function RuleText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(CITE)) {
    const at = m.index ?? 0;
    parts.push(<Fragment key={`t${at}`}>{text.slice(last, at)}</Fragment>);
    parts.push(
      <Fragment key={`r${at}`}>
        {" ("}rule <code className="rule-name">{m[1]}</code>)
      </Fragment>,
    );
    last = at + m[0].length;
  }
  if (last === 0) return <>{text}</>;
  parts.push(<Fragment key="end">{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}
