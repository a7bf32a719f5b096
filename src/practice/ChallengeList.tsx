// /practice: every challenge with its standing, and what else the practice pages offer; the app
// adds the elector list under it (`children`).
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useProgress } from "../progress/react";
import { readChallengeRecord } from "../progress/sections/practice";
import { challenges, lessonTitle } from "./challenges.ts";
import { DIFFICULTY_TEXT, StatusOf } from "./ChallengeStatus.tsx";
import "./practice.css";

export function ChallengeList({ missing, children }: { missing?: string; children?: ReactNode }) {
  const section = useProgress((s) => s.data.practice);
  const done = challenges.filter((c) => readChallengeRecord(section, c.id)?.solvedAt).length;
  return (
    <div className="page pr-page pr-list">
      <h1>Practice</h1>
      {missing !== undefined && (
        <p className="pr-alert" role="alert">
          There is no challenge called “{missing}”. Pick one from the list below.
        </p>
      )}
      {/* Two short sentences at body size (review 5b #20: four large lines filled a phone's first
          screen); how a check judges is said on each challenge, beside its goal. */}
      <p className="lede">
        Problems to solve in a live cluster. Change what a challenge lets you change, act in the sandbox, then
        check your run against the rules the protocol promises.
      </p>
      <p className="hero-meta">
        {challenges.length} challenges · {done} done
      </p>
      <p className="pr-also">
        Also: <Link to="/experiments">run the experiments</Link> behind the lessons&apos; claims,{" "}
        <Link to="/compare">compare two configurations</Link> side by side, or{" "}
        <a href="#el-list-title">write your own elector</a> and let the judge try to break it.
      </p>
      <ul className="pr-cards">
        {challenges.map((c) => (
          <li key={c.id} className="pr-card">
            <h2 className="pr-card-title">
              <Link to="/practice" search={{ challenge: c.id }}>
                {c.title}
              </Link>
            </h2>
            <p className="pr-card-meta">
              <StatusOf rec={readChallengeRecord(section, c.id)} /> · {DIFFICULTY_TEXT[c.difficulty]} ·{" "}
              {c.lessons.map(lessonTitle).join(", ")}
            </p>
            <p>{c.summary}</p>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
