// One trial of etcd's own Raft: three fresh members on loopback (etcd's defaults: heartbeat
// 100 ms, election timeout 1000 ms, CheckQuorum always on, Pre-Vote per --pre-vote). Every
// state change comes from the members' own logs (etcd-io/raft logs "<id> became leader at term
// N" in becomeLeader, and likewise for follower, candidate and pre-candidate), stamped on
// arrival. A crash is SIGKILL of the leader member, a pause SIGSTOP and SIGCONT. Beside each
// member runs its work process (writer.mjs), which writes to the harness's fenced resource with
// the term as the token while its member leads (told from the same log lines), and is killed or
// stopped with its member.
import { kill, signal, sleep, now, until } from "./procs.ts";
import { startCluster } from "./etcd-server.ts";
import { pickPort } from "./ports.ts";
import { startResource } from "./resource.ts";
import { startWriter, type Worker } from "./work.ts";
import type { Trial, Leadership } from "./record.ts";
import { phaseOf, workEvery, type RealScenario, type TimingName } from "./scenarios.ts";

/** Once the outcome is settled, how long the trial keeps watching (a woken leader's late write). */
const SETTLE = 300;

const STATE = /became (leader|follower|candidate|pre-candidate) at term (\d+)/;

export async function etcdRaftTrial(sc: RealScenario, timing: TimingName, trial: number): Promise<Trial> {
  const p = sc.timings[timing];
  const phase = phaseOf(trial);
  const t0 = now();
  const rel = (t: number) => Math.round((t - t0) * 1000) / 1000;
  const leaders: Leadership[] = [];
  const states: NonNullable<Trial["states"]> = [];
  const resource = await startResource(await pickPort(), rel);
  const writers = new Map<string, Worker>();
  const cluster = await startCluster(3, { preVote: p.preVote, heartbeat: p.heartbeat, election: p.election }).catch(async (e) => { await resource.close(); throw e; });
  try {
    for (const m of cluster.members) {
      const writer = startWriter(m.name, resource.port, workEvery(sc));
      writers.set(m.name, writer);
      const seen = (text: string, t: number) => {
        let msg = text;
        try { msg = (JSON.parse(text) as { msg?: string }).msg ?? text; } catch { /* a plain line */ }
        const hit = STATE.exec(msg);
        if (!hit) return;
        const [, state, term] = hit;
        states.push({ t: rel(t), node: m.name, state, term: Number(term) });
        const open = leaders.find((l) => l.node === m.name && l.to === null);
        if (open && state !== "leader") { open.to = rel(t); writer.end(); }
        if (state === "leader") { leaders.push({ node: m.name, token: Number(term), term: Number(term), from: rel(t), to: null }); writer.lead(Number(term)); }
      };
      for (const l of m.proc!.lines) seen(l.text, l.t);
      m.proc!.onLine((l) => seen(l.text, l.t));
    }
    // The warm-up counts from when every work process is connected: on a busy machine a
    // process can take seconds to start, and the first leader must have written before the fault.
    await Promise.all([...writers.values()].map((w) => w.ready));
    const first = await until("a first Raft leader", () => leaders.find((l) => l.to === null), 10_000);
    await sleep(p.warm + phase * p.period);
    const victim = cluster.members.find((m) => m.name === first.node)!;
    const at = now();
    const faults = [{ at: rel(at), do: sc.fault, node: victim.name, ...(p.faultFor ? { for: p.faultFor } : {}) }];
    const vw = writers.get(victim.name)!;
    if (sc.fault === "crash") {
      await Promise.all([kill(victim.proc!), vw.kill()]);
      first.to = rel(at);
    } else {
      signal(victim.proc!, "SIGSTOP"); vw.stop();
      await sleep(p.faultFor!);
      signal(victim.proc!, "SIGCONT"); vw.cont();
    }
    const newLeader = () => leaders.find((l) => l.node !== victim.name && l.from > rel(at));
    await until("a new Raft leader", newLeader, p.observe).catch(() => null);
    if (sc.fault === "pause") await until("the paused leader to step down", () => (first.to !== null ? true : null), 5_000).catch(() => null);
    await sleep(SETTLE);
    return { scenario: sc.name, side: "real", trial, phase, faults, leaders, writes: [...resource.writes], states, end: rel(now()) };
  } finally {
    await Promise.all([...writers.values()].map((w) => w.kill()));
    await cluster.stop();
    await resource.close();
  }
}
