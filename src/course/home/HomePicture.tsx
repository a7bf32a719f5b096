// The home page's first picture (review 4a #15: no cluster on the first screen, the value only
// described). A still of the first /start screen's run drawn as plain SVG, in the sandbox's own
// shapes and colours: a star for the leader, circles for followers, the term under each. Heartbeat
// dots travel from the leader along its links; with reduced motion they rest mid-link. No D3,
// no worker and no engine: the home page stays light, and the live run is one click away.
import type { CSSProperties } from "react";
import "./home-picture.css";

const LEADER = { x: 160, y: 46 };
const FOLLOWERS = [
  { id: "n2", x: 58, y: 166 },
  { id: "n3", x: 262, y: 166 },
];

/** A five-pointed star around (x, y), the leader's shape in the sandbox. */
function starPoints(x: number, y: number, outer: number, inner: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

export function HomePicture() {
  return (
    <figure className="home-pic">
      <svg
        viewBox="0 0 320 236"
        role="img"
        aria-label="Three nodes: n1, a star, leads in term 2 and sends heartbeats to n2 and n3, two circles that follow it"
      >
        <g className="home-pic-links">
          {FOLLOWERS.map((f) => (
            <line key={f.id} x1={LEADER.x} y1={LEADER.y} x2={f.x} y2={f.y} />
          ))}
          <line x1={FOLLOWERS[0].x} y1={FOLLOWERS[0].y} x2={FOLLOWERS[1].x} y2={FOLLOWERS[1].y} />
        </g>
        {FOLLOWERS.map((f, i) => (
          <circle
            key={f.id}
            className={`home-pic-beat home-pic-beat-${i + 1}`}
            r={5}
            style={
              {
                "--dx": `${f.x - LEADER.x}px`,
                "--dy": `${f.y - LEADER.y}px`,
              } as CSSProperties
            }
            cx={LEADER.x}
            cy={LEADER.y}
          />
        ))}
        <polygon className="home-pic-leader" points={starPoints(LEADER.x, LEADER.y, 30, 14)} />
        <text className="home-pic-id home-pic-id-leader" x={LEADER.x} y={LEADER.y + 5}>
          n1
        </text>
        <text className="home-pic-role" x={LEADER.x + 40} y={LEADER.y - 4}>
          leader
        </text>
        <text className="home-pic-sub" x={LEADER.x + 40} y={LEADER.y + 11}>
          term 2
        </text>
        {FOLLOWERS.map((f) => (
          <g key={f.id}>
            <circle className="home-pic-follower" cx={f.x} cy={f.y} r={20} />
            <text className="home-pic-id" x={f.x} y={f.y + 5}>
              {f.id}
            </text>
            <text className="home-pic-role" x={f.x} y={f.y + 38}>
              follower
            </text>
            <text className="home-pic-sub" x={f.x} y={f.y + 52}>
              term 2
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        n1 leads and sends heartbeats. Pause it, and n2 or n3 takes over in a higher term.
      </figcaption>
    </figure>
  );
}
