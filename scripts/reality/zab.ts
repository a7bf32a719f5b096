// One trial of Zab on a real three-server ZooKeeper ensemble (fresh each trial). Each server's
// states come from its own log: QuorumPeer logs "Peer state changed: leading - discovery", "-
// synchronization", "- broadcast", and "looking" / "following" likewise. A leader counts from
// "leading - broadcast" (the new epoch is established: a quorum acknowledged NEWLEADER) as the
// engine's leader-start does; its token is the zxid it set on becoming leader ("setting last
// processed zxid"), whose high 32 bits are the epoch.
import { kill, signal, sleep, now, until } from "./procs.ts";
import { startEnsemble } from "./zk-server.ts";
import type { Trial, Leadership } from "./record.ts";
import { phaseOf, type RealScenario, type TimingName } from "./scenarios.ts";

const STATE = /Peer state changed: (looking|following|leading|observing)(?: - (\w+))?/;
const ZXID = /setting last processed zxid: (0x[0-9a-f]+)/;

export async function zabTrial(sc: RealScenario, timing: TimingName, trial: number): Promise<Trial> {
  const p = sc.timings[timing];
  const phase = phaseOf(trial);
  const t0 = now();
  const rel = (t: number) => Math.round((t - t0) * 1000) / 1000;
  const leaders: Leadership[] = [];
  const states: NonNullable<Trial["states"]> = [];
  const ens = await startEnsemble(3, { tickTime: p.tickTime!, initLimit: p.initLimit, syncLimit: p.syncLimit });
  try {
    for (const s of ens.servers) {
      const node = `n${s.id}`;
      let zxid = 0;
      const seen = (text: string, t: number) => {
        const z = ZXID.exec(text);
        if (z) zxid = Number(BigInt(z[1]));
        const hit = STATE.exec(text);
        if (!hit) return;
        const state = hit[2] ? `${hit[1]} - ${hit[2]}` : hit[1];
        states.push({ t: rel(t), node, state });
        const open = leaders.find((l) => l.node === node && l.to === null);
        if (open && !state.startsWith("leading")) open.to = rel(t);
        if (state === "leading - broadcast" && !open) leaders.push({ node, token: zxid, term: Math.floor(zxid / 2 ** 32), from: rel(t), to: null });
      };
      for (const l of s.proc!.lines) seen(l.text, l.t);
      s.proc!.onLine((l) => seen(l.text, l.t));
    }
    const first = await until("a first Zab leader", () => leaders.find((l) => l.to === null), 10_000);
    await sleep(p.warm + phase * p.period);
    const victim = ens.servers.find((s) => `n${s.id}` === first.node)!;
    const at = now();
    const faults = [{ at: rel(at), do: sc.fault, node: first.node, ...(p.faultFor ? { for: p.faultFor } : {}) }];
    if (sc.fault === "crash") {
      await kill(victim.proc!);
      first.to = rel(at);
    } else {
      signal(victim.proc!, "SIGSTOP");
      await sleep(p.faultFor!);
      signal(victim.proc!, "SIGCONT");
    }
    await until("a new Zab leader", () => leaders.find((l) => l.node !== first.node && l.from > rel(at)), Math.max(1_000, at + p.observe - now())).catch(() => null);
    if (sc.fault === "pause") await until("the stopped leader to step down", () => (first.to !== null ? true : null), 5_000).catch(() => null);
    await sleep(300);
    return { scenario: sc.name, side: "real", trial, phase, faults, leaders, states, end: rel(now()) };
  } finally {
    await ens.stop();
  }
}
