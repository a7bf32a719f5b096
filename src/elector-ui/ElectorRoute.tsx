// The route's component: finds the challenge, decodes shared code, and hands the page the real
// engine (the judge worker and the compiler, both loaded on demand).
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { ElectorPage } from "./ElectorPage.tsx";
import { ELECTOR_CHALLENGES, findElectorChallenge } from "./catalog.ts";
import { engineDeps } from "./engine-deps.ts";
import { decodeCode } from "./share-code.ts";
import { useDocumentTitle } from "../ui/useDocumentTitle.ts";

export function ElectorRoute({ id, code }: { id: string; code?: string }) {
  const challenge = findElectorChallenge(id);
  const shared = useMemo(() => (code === undefined ? undefined : (decodeCode(code) ?? undefined)), [code]);
  useDocumentTitle(challenge ? `${challenge.title} · Election Lab` : "Write your own elector · Election Lab");
  if (!challenge)
    return (
      <div className="page narrow">
        <h1>Write your own elector</h1>
        <p role="alert">There is no elector challenge called “{id}”.</p>
        <ul>
          {ELECTOR_CHALLENGES.map((c) => (
            <li key={c.id}>
              <Link to="/practice/elector/$challenge" params={{ challenge: c.id }}>
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  return <ElectorPage key={challenge.id} challenge={challenge} sharedCode={shared} deps={engineDeps} />;
}
