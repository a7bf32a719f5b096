import { createFileRoute } from "@tanstack/react-router";
import { QuizPage } from "../quiz/QuizPage";
import { sessionFromSearch } from "../quiz/session-store";

// ?start=due|missed opens a new session; ?session=ID is the session in progress (its answers are
// kept in the tab, src/quiz/session-store.ts), so Back from "Show me" returns to it.
type QuizSearch = { start?: "due" | "missed"; session?: string };

export const Route = createFileRoute("/quiz")({
  head: () => ({ meta: [{ title: "Quiz · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>): QuizSearch => {
    const session = sessionFromSearch(search.session);
    return {
      ...(search.start === "due" || search.start === "missed" ? { start: search.start } : {}),
      ...(session ? { session } : {}),
    };
  },
  // The bank starts loading with the route (and on a Quiz link's hover, by intent preloading),
  // not only once the page has drawn; the page waits for the same (cached) promise. An error is
  // the page's to show. Imported here so the bank stays out of the main chunk.
  loader: () => {
    import("../quiz/bank").then((m) => m.loadBank()).catch(() => undefined);
  },
  component: QuizRoute,
});

function QuizRoute() {
  const { start, session } = Route.useSearch();
  return <QuizPage start={start} sessionId={session} />;
}
