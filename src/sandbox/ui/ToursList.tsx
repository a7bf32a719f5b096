// Every guided tour, listed on the sandbox page itself (not only beside its own example), so a
// learner finds them without opening the run settings. Starting one loads its run.
import { useId, useState } from "react";
import { presets } from "../../engine/index.ts";
import { loadTour, tourPresets } from "../tour-files.ts";
import { PanelHeading } from "./PanelHeading.tsx";
import { useController, useSandbox } from "./context.ts";
import { revealStage } from "./reveal.ts";

export function ToursList() {
  const ctl = useController();
  const headingId = useId();
  const active = useSandbox((s) => s.tour?.tour.preset ?? null);
  const [error, setError] = useState<string | null>(null);
  const start = (preset: string) => {
    setError(null);
    void loadTour(preset).then((t) => {
      if (t) {
        ctl.dispatch({ type: "tour-start", tour: t });
        revealStage(ctl);
      } else setError(`The tour "${presets[preset]?.title ?? preset}" could not be opened.`);
    });
  };
  return (
    <section className="sb-panel sb-tours" aria-labelledby={headingId} id="sb-tours">
      <PanelHeading id={headingId}>Guided tours</PanelHeading>
      <p className="sb-hint">
        Each tour runs an example step by step: it says what to do, does it for you if you like, and stops
        when the thing worth seeing happens.
      </p>
      <ul className="sb-tours-list">
        {tourPresets().map((p) => (
          <li key={p}>
            <span>{presets[p]?.title ?? p}</span>{" "}
            <button
              type="button"
              className="sb-btn"
              onClick={() => start(p)}
              disabled={active === p}
              aria-label={`${active === p ? "Running" : "Start"} tour: ${presets[p]?.title ?? p}`}
            >
              {active === p ? "Running" : "Start"}
            </button>
          </li>
        ))}
      </ul>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
