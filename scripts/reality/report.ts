// The comparison as a Markdown table (reality/report.md) and JSON (reality/report.json).
import type { Comparison, Row } from "./compare.ts";
import type { Dist } from "./figures.ts";
import { KNOWN } from "./known-deviations.ts";

const s = (ms: number) => `${(ms / 1000).toFixed(2)}`;
const cell = (v: Row["real"]): string => {
  if (v === null) return "–";
  if ("n" in v && "median" in v) { const d = v as Dist; return `${s(d.min)} / ${s(d.median)} / ${s(d.max)}`; }
  return Object.entries(v as Record<string, number>).map(([k, n]) => `${k}×${n}`).join(", ");
};

export function markdown(cs: Comparison[], meta: { versions: { etcd: string | null; zookeeper: string | null }; timing: string; when: string }): string {
  const out: string[] = [];
  out.push(`# The course's scenarios on the real servers, beside the engine`, "");
  out.push(`Recorded ${meta.when} on etcd ${meta.versions.etcd ?? "?"} and ZooKeeper ${meta.versions.zookeeper ?? "?"} (Debian packages; real Go clientv3 through etcdctl, real Java client), ${meta.timing} timings. Re-record with \`npm run reality${meta.timing === "scaled" ? " -- --scaled" : ""}\`.`, "");
  out.push("Times are seconds from the fault, min / median / max. Discrete outcomes must match exactly; a timing must fall in the range the real mechanism allows (last column). `known` names the engine mechanism of issue 34 that differs.", "");
  out.push("While a node leads, its work process writes to a fenced resource the harness runs on loopback, with the leadership's token (create revision, term, sequence number, zxid), once at once and then at the preset's work interval; the resource refuses a token lower than the highest it has seen, as the engine's does. `wrote` lists whose writes it accepted, in order (old: the leader the fault struck; new: its successor); `refused` whose it turned away as stale. The work process is paused and killed with its client or server, and a cut holds its traffic too.", "");
  out.push("| scenario (preset) | figure | real | engine | mechanism range | verdict |", "|---|---|---|---|---|---|");
  for (const c of cs) {
    for (const r of c.rows) {
      const range = r.range ? `${s(r.range.lo)} to ${s(r.range.hi)}${r.realInRange === false ? " (real outside!)" : ""}` : "";
      const verdict = r.verdict === "known" ? `known: ${r.mechanism}` : r.verdict;
      out.push(`| ${c.scenario} (${c.preset}), ${c.trials.real}+${c.trials.engine} | ${r.figure} | ${cell(r.real)} | ${cell(r.engine)} | ${range} | ${verdict} |`);
    }
  }
  const wc = (w: { accepted: number; refused: number } | null) => (w ? `${w.accepted} accepted, ${w.refused} refused` : "not recorded");
  out.push("", "## Writes to the fenced resource, all trials", "", "| scenario | real | engine |", "|---|---|---|");
  for (const c of cs) out.push(`| ${c.scenario} | ${wc(c.writes?.real ?? null)} | ${wc(c.writes?.engine ?? null)} |`);
  out.push("", "## Why each range", "");
  for (const c of cs) for (const r of c.rows) if (r.range) out.push(`- **${c.scenario} ${r.figure}**: ${r.range.why}.`);
  out.push("", "## Known deviations (scripts/reality/known-deviations.ts)", "");
  for (const d of KNOWN) out.push(`- **${d.id}** (issue 34 #${d.issue}), ${d.figures.join(", ")} in ${d.scenarios.join(", ")}: ${d.mechanism}`);
  return out.join("\n") + "\n";
}
