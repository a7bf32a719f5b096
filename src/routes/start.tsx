import { Link, createFileRoute } from "@tanstack/react-router";
import { courseLessons } from "../catalog/manifest";
import { FirstSteps } from "../course/first-steps/FirstSteps";
import { FirstStepsRun } from "../app/FirstStepsRun";

// /start: the first ten minutes, picture first. The page composes the feature (the screens) with
// the app's live run (the sandbox's guided run, loaded when a screen shows it).
export const Route = createFileRoute("/start")({
  head: () => ({ meta: [{ title: "First steps · Election Lab" }] }),
  component: StartPage,
});

function StartPage() {
  const first = courseLessons[0];
  return (
    <FirstSteps
      Live={FirstStepsRun}
      finish={
        <Link className="button primary" to="/learn/$lesson" params={{ lesson: first.id }}>
          Start the first lesson: {first.title}
        </Link>
      }
    />
  );
}
