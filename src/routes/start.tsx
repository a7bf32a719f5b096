import { Link, createFileRoute } from "@tanstack/react-router";
import { courseLessons } from "../catalog/manifest";
import { FirstSteps } from "../course/first-steps/FirstSteps";

// /start: the first ten minutes, visual first. The page composes the feature; the live runs are
// the lesson embed, loaded when a screen shows one.
export const Route = createFileRoute("/start")({
  head: () => ({ meta: [{ title: "First steps · Election Lab" }] }),
  component: StartPage,
});

function StartPage() {
  const first = courseLessons[0];
  return (
    <FirstSteps
      finish={
        <Link className="button primary" to="/learn/$lesson" params={{ lesson: first.id }}>
          Start the first lesson: {first.title}
        </Link>
      }
    />
  );
}
