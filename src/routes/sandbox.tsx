import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { presets } from "../engine/index.ts";
import { Sandbox } from "../sandbox/Sandbox.tsx";
import type { SandboxProps } from "../sandbox/sandbox-props.ts";
import {
  rememberChecked,
  DEFAULT_SCENARIO,
  DEFAULT_TITLE,
  DEFAULT_DESCRIPTION,
  presetScenario,
} from "../sandbox/scenarios.ts";
import { checkOffPage } from "../worker/check-client.ts";
import { ShowMeCue, type RunView } from "../quiz/ShowMeCue.tsx";
import type { SandboxController } from "../sandbox/controller.ts";
import { fitPictureOnScreen } from "../sandbox/ui/first-screen.ts";
import { useNarrow } from "../sandbox/ui/use-narrow.ts";
import { matching, nonNegative, readParams, text } from "../links/search-params.ts";
import { encodeCode } from "../elector-ui/share-code.ts";
import { challengeById } from "../elector/challenges/index.ts";

// /sandbox?preset=NAME&at=MS opens a preset and pauses at MS; /sandbox?run=CODE opens a share
// link. Anything malformed is dropped here and explained on the page, never a blank screen.
type SandboxSearch = {
  preset?: string;
  at?: number;
  run?: string;
  title?: string;
  break?: string;
  faults?: string;
  quiz?: string;
};
const readSearch = (search: Record<string, unknown>): SandboxSearch =>
  readParams<SandboxSearch>(search, {
    preset: (v) => text(v, 1, 100),
    at: nonNegative,
    // No length cap here: decodeRun refuses an over-long link with a message, not a silent default.
    run: (v) => text(v),
    // A share link's run title, so it reopens under its own name.
    title: (v) => text(v, 1, 120),
    // A lesson's "Try to break it" link: the panel opens set up with this property and faults.
    break: (v) => text(v, 1, 100),
    faults: (v) => text(v, 1, 200),
    // The quiz question whose "Show me" opened the run: the page says what Play will show.
    quiz: (v) => matching(v, /^[a-z0-9-]{1,80}$/),
  });

export const Route = createFileRoute("/sandbox")({
  head: () => ({ meta: [{ title: "Sandbox · Election Lab" }] }),
  validateSearch: readSearch,
  component: SandboxRoute,
});

const defaults = (notices: string[] = []): SandboxProps => ({
  scenario: structuredClone(DEFAULT_SCENARIO),
  source: { kind: "default" },
  title: DEFAULT_TITLE,
  description: DEFAULT_DESCRIPTION,
  notices,
});

function fromPreset(name: string, at: number | undefined): SandboxProps {
  const sc = presetScenario(name);
  if (!sc) return defaults([`There is no preset called "${name}". The default scenario is shown instead.`]);
  return {
    scenario: sc,
    source: { kind: "preset", name },
    title: presets[name].title,
    description: presets[name].description,
    at,
    preset: name,
  };
}

function SandboxRoute() {
  const search = Route.useSearch();
  const key = JSON.stringify(search);
  const [opened, setOpened] = useState<{ key: string; props: SandboxProps } | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    const done = (props: SandboxProps) => live && setOpened({ key, props });
    if (search.run !== undefined) {
      // Decoded and validated in the check worker, never on the page, within a time budget.
      void checkOffPage({ kind: "link", code: search.run }).then((r) => {
        if (!r.ok && r.stage === "link")
          return done(
            defaults([
              `This share link cannot be opened: ${r.message} The default scenario is shown instead.`,
            ]),
          );
        if (!r.ok && r.stage === "budget")
          return done(
            defaults([
              `This share link cannot be opened: ${r.message} The default scenario is shown instead.`,
            ]),
          );
        if (!r.ok)
          return done(
            defaults([
              `This share link cannot be opened: its scenario is invalid (${r.message}). The default scenario is shown instead.`,
            ]),
          );
        // A learner's own elector is code: from a link it is shown in the editor and runs only
        // when the learner presses Run there (issue 37), never on opening the link.
        if (r.parsed.protocol === "learner") {
          const o = r.parsed.options as { source: string; challenge: string };
          if (live && challengeById(o.challenge))
            return void navigate({
              to: "/practice/elector/$challenge",
              params: { challenge: o.challenge },
              search: { code: encodeCode(o.source) },
              replace: true,
            });
          return done(
            defaults([
              "This link holds someone's own elector code for a challenge that does not exist here, so it was not run. The default scenario is shown instead.",
            ]),
          );
        }
        rememberChecked(r.scenario, r.parsed);
        done({
          scenario: r.scenario,
          source: search.quiz ? { kind: "link", quiz: true } : { kind: "link" },
          title: search.title ?? "A shared run",
          description: search.quiz
            ? "Paused just before the moment your question is about."
            : "Opened from a share link: the same scenario, paused at the same moment.",
          at: r.at,
        });
      });
    } else if (search.preset !== undefined) {
      const props = fromPreset(search.preset, search.at);
      done(
        search.break !== undefined && props.preset
          ? { ...props, breakIt: { property: search.break, faults: search.faults } }
          : props,
      );
    } else done({ ...defaults(), at: search.at });
    return () => {
      live = false;
    };
  }, [
    key,
    navigate,
    search.run,
    search.title,
    search.quiz,
    search.preset,
    search.at,
    search.break,
    search.faults,
  ]);

  // Opened from a quiz question: the cue and the whole picture on the first screen (on a phone
  // the header, the cue and the time bar once left the lower nodes below the fold).
  const cueRef = useRef<HTMLDivElement>(null);
  // The run's controller, so the cue follows the run (before, during and after its moment).
  const [ctl, setCtl] = useState<SandboxController | null>(null);
  const run = useMemo<RunView | null>(
    () =>
      ctl && {
        subscribe: (onChange) => ctl.store.subscribe(onChange),
        now: () => {
          const s = ctl.store.getState();
          return s.frame
            ? { now: s.frame.t, playing: s.playing, actedAt: s.actedAt, lines: s.narration }
            : null;
        },
      },
    [ctl],
  );
  const ready = Boolean(search.quiz && opened && opened.key === key);
  // At three columns the question sits in the column left of the picture, under the node's
  // actions (review 17a #19: that column was blank under a 110 px card, while the cue took a
  // row above the run); narrower, it leads the page.
  const columns = useNarrow("(min-width: 1181px)");
  const cue = search.quiz ? (
    <div ref={cueRef}>
      <ShowMeCue questionId={search.quiz} run={run} />
    </div>
  ) : null;
  useEffect(
    () => (ready && cueRef.current ? fitPictureOnScreen(cueRef.current) : undefined),
    [ready, key, columns],
  );

  return (
    <div className="page sb-page">
      {!columns && cue}
      {opened && opened.key === key ? (
        <Sandbox
          key={key}
          {...opened.props}
          hideWatch={Boolean(search.quiz)}
          onController={search.quiz ? setCtl : undefined}
          besidePicture={columns ? cue : undefined}
        />
      ) : (
        <>
          <h1>Sandbox</h1>
          <p className="sb-hint">Opening the run…</p>
        </>
      )}
    </div>
  );
}
