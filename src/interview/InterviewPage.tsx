// The /interview route's body: the prompt list, one prompt's session, or the history, chosen by the
// URL's search (?prompt=ID, ?view=history). Prompts load lazily, outside the main chunk.
import { useEffect, useState } from "react";
import { HistoryView } from "./HistoryView";
import { PromptList, PromptListHead } from "./PromptList";
import type { Prompt } from "./schema";
import { SessionView } from "./SessionView";
import "./interview.css";
import "./phase-cards.css";

export type InterviewSearch = { prompt?: string; view?: "history" };
type Catalog = { prompts: Prompt[]; contentProblems: string[] };

let cached: Catalog | null = null;
function loadCatalog(): Promise<Catalog> {
  return cached
    ? Promise.resolve(cached)
    : import("./catalog").then((m) => (cached = { prompts: m.prompts, contentProblems: m.contentProblems }));
}

export function InterviewPage({
  search,
  go,
}: {
  search: InterviewSearch;
  go: (search: InterviewSearch) => void;
}) {
  const [catalog, setCatalog] = useState<Catalog | null>(cached);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (catalog) return;
    let live = true;
    loadCatalog().then(
      (c) => live && setCatalog(c),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [catalog]);

  let body;
  if (failed)
    body = (
      <p className="iv-error">
        The interview prompts could not be loaded. Check your connection and reload the page.
      </p>
    );
  else if (!catalog)
    body =
      search.prompt || search.view ? (
        <p className="muted">Loading the prompts…</p>
      ) : (
        <div className="iv-list">
          <PromptListHead />
          <p className="muted" role="status">
            Loading the prompts…
          </p>
        </div>
      );
  else if (search.view === "history")
    body = <HistoryView prompts={catalog.prompts} onOpen={(id) => go({ prompt: id })} />;
  else if (search.prompt) {
    const prompt = catalog.prompts.find((p) => p.id === search.prompt);
    body = prompt ? (
      <SessionView key={prompt.id} prompt={prompt} onFinish={() => go({ view: "history" })} />
    ) : (
      <>
        <h1>Prompt not found</h1>
        <p>There is no interview prompt called &ldquo;{search.prompt}&rdquo;. It may have been renamed.</p>
      </>
    );
  } else
    body = (
      <PromptList
        prompts={catalog.prompts}
        onOpen={(id) => go({ prompt: id })}
        onHistory={() => go({ view: "history" })}
      />
    );

  return (
    <div className="page iv-page">
      {(search.prompt || search.view) && (
        <nav aria-label="Interview" className="iv-breadcrumb">
          <a
            href="/interview"
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              go({});
            }}
          >
            <span aria-hidden="true">←</span> All prompts
          </a>
          {search.view !== "history" && (
            <a
              href="/interview?view=history"
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                go({ view: "history" });
              }}
            >
              History
            </a>
          )}
        </nav>
      )}
      {catalog && catalog.contentProblems.length > 0 && (
        <p className="iv-error">
          Some prompts could not be loaded: {catalog.contentProblems.length} problem(s) in the content.
        </p>
      )}
      {body}
    </div>
  );
}
