// One trial of etcd's own Raft: three fresh members on loopback (etcd's defaults: heartbeat
// 100 ms, election timeout 1000 ms, CheckQuorum always on, Pre-Vote per --pre-vote). Every
// state change comes from the members' own logs (etcd-io/raft logs "<id> became leader at term
// N" in becomeLeader, and likewise for follower, candidate and pre-candidate), stamped on
// arrival. A crash is SIGKILL of the leader member, a pause SIGSTOP and SIGCONT.
import { kill, signal, sleep, now, until } from "./procs.ts";
import { startCluster } from "./etcd-server.ts";
import type { Trial, Leadership } from "./record.ts";
import { phaseOf, type RealScenario, type TimingName } from "./scenarios.ts";

const STATE = /became (leader|follower|candidate|pre-candidate) at term (\d+)/;

export async function etcdRaftTrial(sc: RealScenario, timing: TimingName, trial: number): Promise<Trial> {
  const p = sc.timings[timing];
  const phase = phaseOf(trial);
  const t0 = now();
  const rel = (t: number) => Math.round((t - t0) * 1000) / 1000;
  const leaders: Leadership[] = [];
  const states: NonNullable<Trial["states"]> = [];
  const cluster = await startCluster(3, { preVote: p.preVote, heartbeat: p.heartbeat, election: p.election });
  try {
    for (const m of cluster.members) {
      const seen = (text: string, t: number) => {
        let msg = text;
        try { msg = (JSON.parse(text) as { msg?: string }).msg ?? text; } catch { /* a plain line */ }
        const hit = STATE.exec(msg);
        if (!hit) return;
        const [, state, term] = hit;
        states.push({ t: rel(t), node: m.name, state, term: Number(term) });
        const open = leaders.find((l) => l.node === m.name && l.to === null);
        if (open && state !== "leader") open.to = rel(t);
        if (state === "leader") leaders.push({ node: m.name, token: Number(term), term: Number(term), from: rel(t), to: null });
      };
      for (const l of m.proc!.lines) seen(l.text, l.t);
      m.proc!.onLine((l) => seen(l.text, l.t));
    }
    const first = await until("a first Raft leader", () => leaders.find((l) => l.to === null), 10_000);
    await sleep(p.warm + phase * p.period);
    const victim = cluster.members.find((m) => m.name === first.node)!;
    const at = now();
    const faults = [{ at: rel(at), do: sc.fault, node: victim.name, ...(p.faultFor ? { for: p.faultFor } : {}) }];
    if (sc.fault === "crash") {
      await kill(victim.proc!);
      first.to = rel(at);
    } else {
      signal(victim.proc!, "SIGSTOP");
      await sleep(p.faultFor!);
      signal(victim.proc!, "SIGCONT");
    }
    const newLeader = () => leaders.find((l) => l.node !== victim.name && l.from > rel(at));
    await until("a new Raft leader", newLeader, p.observe).catch(() => null);
    if (sc.fault === "pause") await until("the paused leader to step down", () => (first.to !== null ? true : null), 5_000).catch(() => null);
    const settle = Math.max(0, at + (p.faultFor ?? 0) + p.observe - now());
    await sleep(Math.min(settle, 1_500));
    return { scenario: sc.name, side: "real", trial, phase, faults, leaders, states, end: rel(now()) };
  } finally {
    await cluster.stop();
  }
}
