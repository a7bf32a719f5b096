// "On a real etcd 3.4.23": for an example run that was also run on the real servers (npm run
// reality, recorded in reality/strip.json), the failover time of each real run beside the same
// scenario simulated over as many seeds, on one axis. Real runs are drawn as rings and
// simulated ones as filled squares, and both are listed in text, so nothing rests on colour.
import strip from "../../../reality/strip.json";
import "./reality-strip.css";

export interface StripEntry {
  system: string;
  what: string;
  recorded: string;
  /** the recording's scenario and timing (reality/recordings/<timing>/<scenario>.json) */
  scenario?: string;
  timing?: string;
  real: Array<number | null>;
  simulated: Array<number | null>;
}

const data = strip as Record<string, StripEntry>;

/** Whether the learner opened the collapsed strip: kept across the replay and back, which
 *  unmounts and mounts the sandbox's columns. */
let stripOpen = false;

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const list = (xs: Array<number | null>) => {
  const got = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  const none = xs.length - got.length;
  const parts = got.map(secs);
  if (none > 0) parts.push(none === xs.length ? "no takeover in any run" : `no takeover in ${none}`);
  return parts.join(", ");
};

/** `onReplay`: replay real run n (0-based) of this entry; no replay buttons without it. */
/** `collapsed`: one summary line that opens to the strip (the full sandbox, where the first
 *  screen has no room for the figure beside the run). */
export function RealityStrip({
  preset,
  entries = data,
  onReplay,
  collapsed = false,
}: {
  preset: string | null;
  entries?: Record<string, StripEntry>;
  onReplay?: (e: StripEntry, n: number) => void;
  collapsed?: boolean;
}) {
  const e = preset ? entries[preset] : undefined;
  if (!e) return null;
  const all = [...e.real, ...e.simulated].filter((x): x is number => x !== null);
  const hi = Math.max(1000, ...all) * 1.1,
    lo = 0;
  const W = 240,
    pad = 12;
  const x = (ms: number) => pad + ((ms - lo) / (hi - lo)) * (W - 2 * pad);
  const ticks = [0, hi / 2, hi].map((t) => Math.floor(t / 500) * 500);
  // Runs that land within a mark's width of each other stack upwards instead of hiding.
  const stack = (xs: Array<number | null>) => {
    const placed: Array<{ cx: number; level: number }> = [];
    for (const v of xs.filter((y): y is number => y !== null).sort((a, b) => a - b)) {
      const cx = x(v);
      const level = placed.filter((p) => Math.abs(p.cx - cx) < 7).length;
      placed.push({ cx, level });
    }
    return placed;
  };
  const real = stack(e.real),
    sim = stack(e.simulated);
  const levels = Math.max(1, ...real.map((p) => p.level + 1), ...sim.map((p) => p.level + 1));
  const H = 2 * levels * 9 + 30,
    axis = H - 16,
    mid = levels * 9 + 4;
  const figure = (
    <figure className="sb-reality" aria-labelledby="sb-reality-title">
      <figcaption id="sb-reality-title">
        <strong>On a real {e.system}</strong>: {e.what}, each run of the real servers beside the simulation.
      </figcaption>
      {all.length > 0 && (
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          role="img"
          aria-label={`Real: ${list(e.real)}. Simulated: ${list(e.simulated)}.`}
        >
          <line x1={pad} x2={W - pad} y1={axis} y2={axis} className="sb-reality-axis" />
          {ticks.map((t, i) => (
            <text
              key={t}
              x={x(t)}
              y={H - 3}
              textAnchor={i === 0 ? "start" : i === ticks.length - 1 ? "end" : "middle"}
              className="sb-reality-tick"
            >
              {secs(t)}
            </text>
          ))}
          {real.map((p, i) => (
            <circle key={`r${i}`} cx={p.cx} cy={mid - 5 - p.level * 9} r={3.5} className="sb-reality-real" />
          ))}
          {sim.map((p, i) => (
            <rect
              key={`s${i}`}
              x={p.cx - 3.5}
              y={mid + 2 + p.level * 9}
              width={7}
              height={7}
              className="sb-reality-sim"
            />
          ))}
        </svg>
      )}
      <ul className="sb-reality-list">
        <li>
          <span aria-hidden="true">○</span> Real servers ({e.real.length} runs, {e.recorded}): {list(e.real)}
        </li>
        <li>
          <span aria-hidden="true">■</span> Simulated ({e.simulated.length} runs): {list(e.simulated)}
        </li>
      </ul>
      {onReplay && e.scenario && e.timing && e.real.some((v) => v !== null) && (
        <div className="sb-reality-replay" role="group" aria-labelledby="sb-reality-replay-label">
          <span id="sb-reality-replay-label">Replay a real run:</span>
          {e.real.map((v, i) =>
            v === null ? null : (
              <button
                key={i}
                type="button"
                className="sb-btn"
                aria-label={`Replay real run ${i + 1} (failover ${secs(v)})`}
                onClick={() => onReplay(e, i)}
              >
                {secs(v)}
              </button>
            ),
          )}
        </div>
      )}
    </figure>
  );
  if (!collapsed) return figure;
  const got = e.real.filter((v): v is number => v !== null);
  return (
    <details
      className="sb-reality-more"
      open={stripOpen}
      onToggle={(ev) => {
        stripOpen = ev.currentTarget.open;
      }}
    >
      <summary>
        On a real {e.system}:{" "}
        {got.length > 0
          ? `${secs(Math.min(...got))} to ${secs(Math.max(...got))} over ${e.real.length} runs`
          : `${e.real.length} runs`}
      </summary>
      {figure}
    </details>
  );
}
