import { Link, createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { courseLessons } from "../catalog/manifest";
import { FirstSteps } from "../course/first-steps/FirstSteps";
import { FirstStepsRun } from "../app/FirstStepsRun";
import { nonNegative, readParams } from "../links/search-params.ts";

// /start: the first ten minutes, picture first. The page composes the feature (the screens) with
// the app's live run (the sandbox's guided run, loaded when a screen shows it). The screen is kept
// in the address (/start?screen=4), so a reload or a shared link opens the same screen.
type StartSearch = { screen?: number };

export const Route = createFileRoute("/start")({
  head: () => ({ meta: [{ title: "First steps · Election Lab" }] }),
  validateSearch: (search: Record<string, unknown>) =>
    readParams<StartSearch>(search, { screen: nonNegative }),
  component: StartPage,
});

// Exported, so the router's code splitting keeps it in the first bundle (an exported component is
// not split into a chunk of its own): /start paints its heading and still picture with the page
// frame, not a blank page until a second request came back (200 to 600 ms; review 14a #14).
// It is small (the screens' words and the still picture); the live run stays a chunk of its own.
export function StartPage() {
  const first = courseLessons[0];
  const { screen } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onScreen = useCallback(
    (index: number) => {
      const next = index > 0 ? index + 1 : undefined;
      if (next === screen) return;
      void navigate({ search: next === undefined ? {} : { screen: next }, replace: true });
    },
    [navigate, screen],
  );
  return (
    <FirstSteps
      Live={FirstStepsRun}
      initial={screen ? screen - 1 : 0}
      onScreen={onScreen}
      finish={
        <Link className="button primary" to="/learn/$lesson" params={{ lesson: first.id }}>
          Start the first lesson: {first.title}
        </Link>
      }
      finishShort={
        <Link
          className="button primary"
          to="/learn/$lesson"
          params={{ lesson: first.id }}
          aria-label={`Start the first lesson: ${first.title}`}
        >
          First lesson <span aria-hidden="true">›</span>
        </Link>
      }
    />
  );
}
