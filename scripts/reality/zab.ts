// One trial of Zab on a real three-server ZooKeeper ensemble (fresh each trial). Each server's
// states come from its own log: QuorumPeer logs "Peer state changed: leading - discovery", "-
// synchronization", "- broadcast", and "looking" / "following" likewise. A leader counts from
// "leading - broadcast" (the new epoch is established: a quorum acknowledged NEWLEADER) as the
// engine's leader-start does; its token is the zxid it set on becoming leader ("setting last
// processed zxid"), whose high 32 bits are the epoch. Beside each server runs its work process
// (writer.mjs), writing to the harness's fenced resource with that zxid while its server leads,
// killed or stopped with its server.
import { kill, signal, sleep, now, until } from "./procs.ts";
import { startEnsemble } from "./zk-server.ts";
import { pickPort } from "./ports.ts";
import { startResource } from "./resource.ts";
import { startWriter, type Worker } from "./work.ts";
import type { Trial, Leadership } from "./record.ts";
import { phaseOf, workEvery, type RealScenario, type TimingName } from "./scenarios.ts";

const STATE = /Peer state changed: (looking|following|leading|observing)(?: - (\w+))?/;
const ZXID = /setting last processed zxid: (0x[0-9a-f]+)/;

export async function zabTrial(sc: RealScenario, timing: TimingName, trial: number): Promise<Trial> {
  const p = sc.timings[timing];
  const phase = phaseOf(trial);
  const t0 = now();
  const rel = (t: number) => Math.round((t - t0) * 1000) / 1000;
  const leaders: Leadership[] = [];
  const states: NonNullable<Trial["states"]> = [];
  const resource = await startResource(await pickPort(), rel);
  const writers = new Map<string, Worker>();
  const ens = await startEnsemble(3, { tickTime: p.tickTime!, initLimit: p.initLimit, syncLimit: p.syncLimit }).catch(async (e) => { await resource.close(); throw e; });
  try {
    for (const s of ens.servers) {
      const node = `n${s.id}`;
      const writer = startWriter(node, resource.port, workEvery(sc));
      writers.set(node, writer);
      let zxid = 0;
      const seen = (text: string, t: number) => {
        const z = ZXID.exec(text);
        if (z) zxid = Number(BigInt(z[1]));
        const hit = STATE.exec(text);
        if (!hit) return;
        const state = hit[2] ? `${hit[1]} - ${hit[2]}` : hit[1];
        states.push({ t: rel(t), node, state });
        const open = leaders.find((l) => l.node === node && l.to === null);
        if (open && !state.startsWith("leading")) { open.to = rel(t); writer.end(); }
        if (state === "leading - broadcast" && !open) { leaders.push({ node, token: zxid, term: Math.floor(zxid / 2 ** 32), from: rel(t), to: null }); writer.lead(zxid); }
      };
      for (const l of s.proc!.lines) seen(l.text, l.t);
      s.proc!.onLine((l) => seen(l.text, l.t));
    }
    // The warm-up counts from when every work process is connected: on a busy machine a
    // process can take seconds to start, and the first leader must have written before the fault.
    await Promise.all([...writers.values()].map((w) => w.ready));
    const first = await until("a first Zab leader", () => leaders.find((l) => l.to === null), 10_000);
    await sleep(p.warm + phase * p.period);
    const victim = ens.servers.find((s) => `n${s.id}` === first.node)!;
    const at = now();
    const faults = [{ at: rel(at), do: sc.fault, node: first.node, ...(p.faultFor ? { for: p.faultFor } : {}) }];
    const vw = writers.get(first.node)!;
    if (sc.fault === "crash") {
      await Promise.all([kill(victim.proc!), vw.kill()]);
      first.to = rel(at);
    } else {
      signal(victim.proc!, "SIGSTOP"); vw.stop();
      await sleep(p.faultFor!);
      signal(victim.proc!, "SIGCONT"); vw.cont();
    }
    await until("a new Zab leader", () => leaders.find((l) => l.node !== first.node && l.from > rel(at)), Math.max(1_000, at + p.observe - now())).catch(() => null);
    if (sc.fault === "pause") await until("the stopped leader to step down", () => (first.to !== null ? true : null), 5_000).catch(() => null);
    await sleep(300);
    return { scenario: sc.name, side: "real", trial, phase, faults, leaders, writes: [...resource.writes], states, end: rel(now()) };
  } finally {
    await Promise.all([...writers.values()].map((w) => w.kill()));
    await ens.stop();
    await resource.close();
  }
}
