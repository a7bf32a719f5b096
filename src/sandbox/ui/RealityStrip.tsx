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
  real: Array<number | null>;
  simulated: Array<number | null>;
}

const data = strip as Record<string, StripEntry>;

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const list = (xs: Array<number | null>) => {
  const got = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  const none = xs.length - got.length;
  const parts = got.map(secs);
  if (none > 0) parts.push(`no takeover in ${none}`);
  return parts.join(", ");
};

export function RealityStrip({ preset, entries = data }: { preset: string | null; entries?: Record<string, StripEntry> }) {
  const e = preset ? entries[preset] : undefined;
  if (!e) return null;
  const all = [...e.real, ...e.simulated].filter((x): x is number => x !== null);
  if (all.length === 0) return null;
  const hi = Math.max(...all) * 1.1, lo = 0;
  const W = 280, H = 44, pad = 10;
  const x = (ms: number) => pad + ((ms - lo) / (hi - lo)) * (W - 2 * pad);
  const ticks = [0, hi / 2, hi].map((t) => Math.round(t / 500) * 500);
  return (
    <figure className="sb-reality" aria-labelledby="sb-reality-title">
      <figcaption id="sb-reality-title">
        <strong>On a real {e.system}</strong>: {e.what}, each run of the real servers beside the simulation.
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`Real: ${list(e.real)}. Simulated: ${list(e.simulated)}.`}>
        <line x1={pad} x2={W - pad} y1={H - 14} y2={H - 14} className="sb-reality-axis" />
        {ticks.map((t) => (
          <text key={t} x={x(t)} y={H - 2} textAnchor="middle" className="sb-reality-tick">{secs(t)}</text>
        ))}
        {e.real.map((v, i) => v !== null && <circle key={`r${i}`} cx={x(v)} cy={10} r={4} className="sb-reality-real" />)}
        {e.simulated.map((v, i) => v !== null && <rect key={`s${i}`} x={x(v) - 3.5} y={19} width={7} height={7} className="sb-reality-sim" />)}
      </svg>
      <ul className="sb-reality-list">
        <li><span aria-hidden="true">○</span> Real servers ({e.real.length} runs, {e.recorded}): {list(e.real)}</li>
        <li><span aria-hidden="true">■</span> Simulated ({e.simulated.length} runs): {list(e.simulated)}</li>
      </ul>
    </figure>
  );
}
