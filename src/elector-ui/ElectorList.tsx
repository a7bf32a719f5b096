// The practice page's list of "write your own elector" challenges, each with the learner's state
// (not started, in progress, passed) from their progress. Light: no editor, no engine.
import { Link } from "@tanstack/react-router";
import { useProgress } from "../progress/react";
import { electorState, readElectorRecord } from "../progress/sections/elector";
import { lessonTitle } from "../practice/challenges.ts";
import type { Challenge } from "../elector/types.ts";
import { StateBadge } from "./StateBadge.tsx";
import { ELECTOR_CHALLENGES } from "./catalog.ts";
import "./elector.css";

/** The brief's opening: its first sentences up to about 60 characters (a very short first
 *  sentence, "Three nodes, no store.", says too little alone). */
function firstSentence(brief: string): string {
  const sentences = brief.split(/\n\s*\n/)[0].match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [brief];
  let out = "";
  for (const s of sentences) {
    out = `${out} ${s.trim()}`.trim();
    if (out.length >= 60) break;
  }
  return out;
}

export function ElectorList({ challenges = ELECTOR_CHALLENGES }: { challenges?: readonly Challenge[] }) {
  const section = useProgress((s) => s.data.elector);
  if (challenges.length === 0) return null;
  const passed = challenges.filter((c) => electorState(readElectorRecord(section, c.id)) === "passed").length;
  return (
    <section aria-labelledby="el-list-title" className="el-list-section">
      <h2 id="el-list-title">Write your own elector</h2>
      <p>
        Write the election code yourself, in TypeScript, and let the judge try schedules of crashes, pauses
        and cuts until one breaks it. {challenges.length} challenges · {passed} passed ·{" "}
        <Link to="/practice/elector/api">the elector API</Link>
      </p>
      <ul className="el-list">
        {challenges.map((c) => (
          <li key={c.id}>
            <h3>
              <Link to="/practice/elector/$challenge" params={{ challenge: c.id }}>
                {c.title}
              </Link>
            </h3>
            <p className="el-muted">
              <StateBadge state={electorState(readElectorRecord(section, c.id))} />
              {c.lessons.length > 0 && <> · practises {c.lessons.map(lessonTitle).join(", ")}</>}
            </p>
            <p>{firstSentence(c.brief)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
