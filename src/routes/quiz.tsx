import { createFileRoute } from "@tanstack/react-router";
import { QuizPage } from "../quiz/QuizPage";

type QuizSearch = { start?: "due" | "missed" };

export const Route = createFileRoute("/quiz")({
  head: () => ({ meta: [{ title: "Quiz · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>): QuizSearch =>
    search.start === "due" || search.start === "missed" ? { start: search.start } : {},
  component: QuizRoute,
});

function QuizRoute() {
  const { start } = Route.useSearch();
  return <QuizPage start={start} />;
}
