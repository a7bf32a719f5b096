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
  // The way on in a few words, one line beside Back: "Start lesson 1: Why a leader" (the whole
  // title wrapped to two lines in a 568 px button with 270 px of it empty; review 15a #5). The
  // lesson's title up to its first comma or colon: its short name.
  const short = `Start lesson 1: ${first.title.split(/[,:]/)[0]}`;
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
          {short} <span aria-hidden="true">›</span>
        </Link>
      }
      finishShort={
        <Link className="button primary" to="/learn/$lesson" params={{ lesson: first.id }} aria-label={short}>
          Lesson 1 <span aria-hidden="true">›</span>
        </Link>
      }
    />
  );
}
