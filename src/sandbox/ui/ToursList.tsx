// Every guided tour, listed on the sandbox page itself (not only beside its own example), so a
// learner finds them without opening the run settings. Starting one loads its run.
import { useEffect, useId, useState } from "react";
import { loadTour, tourPresets } from "../tour-files.ts";
import type { Tour } from "../tour-rules.ts";
import { PanelHeading } from "./PanelHeading.tsx";
import { useController, useSandbox } from "./context.ts";
import { revealTour } from "./reveal.ts";

export function ToursList() {
  const ctl = useController();
  const headingId = useId();
  const active = useSandbox((s) => s.tour?.tour.preset ?? null);
  const [error, setError] = useState<string | null>(null);
  // Each tour under its own title, the one its step panel and the run's heading show (the list
  // once showed the preset's title, a second name for the same tour: review 4b #19).
  const [tours, setTours] = useState<Tour[] | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all(tourPresets().map(loadTour)).then((all) => {
      if (!live) return;
      const ok = all.filter((t): t is Tour => t !== null);
      setTours(ok);
      if (ok.length < all.length) setError("A tour could not be opened.");
    });
    return () => {
      live = false;
    };
  }, []);
  const start = (t: Tour) => {
    setError(null);
    ctl.dispatch({ type: "tour-start", tour: t });
    revealTour(ctl);
  };
  return (
    <section className="sb-panel sb-tours" aria-labelledby={headingId} id="sb-tours">
      <PanelHeading id={headingId}>Guided tours</PanelHeading>
      <p className="sb-hint">
        Each tour runs an example step by step: it says what to do, does it for you if you like, and stops
        when the thing worth seeing happens.
      </p>
      {tours === null ? (
        <p className="sb-hint">Loading the tours…</p>
      ) : (
        <ul className="sb-tours-list">
          {tours.map((t) => {
            const running = active === t.preset;
            return (
              <li key={t.preset}>
                <button
                  type="button"
                  className="sb-tour-start"
                  onClick={() => start(t)}
                  disabled={running}
                  aria-label={`${running ? "Running" : "Start"} tour: ${t.title} (${t.steps.length} steps)`}
                >
                  <span className="sb-tour-start-title">{t.title}</span>
                  <span className="sb-tour-start-meta">
                    {running ? "Running" : `Start · ${t.steps.length} steps`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
