// One trial of the ZooKeeper election recipe: three real Java clients (java/ZkElect.java, the
// recipe on org.apache.zookeeper.ZooKeeper) against one real server. Each creates an ephemeral
// sequential znode, leads if it is the lowest, else watches only its predecessor. A crash is
// SIGKILL of the leader's JVM, a pause SIGSTOP then SIGCONT: either way the server expires its
// session on a tick boundary and deletes the znode, and the successor's watch fires. The token
// is the znode's sequence number. Beside each client runs its work process (writer.mjs), writing
// to the harness's fenced resource with that number while the client leads (from its LEADER
// line until it reports Disconnected or Expired), killed or stopped with its JVM.
import { start, kill, signal, sleep, now, until, type Proc } from "./procs.ts";
import { recipeClasses, classpath } from "./zk-server.ts";
import { pickPort } from "./ports.ts";
import { startResource, type Resource } from "./resource.ts";
import { startWriter, type Worker } from "./work.ts";
import type { Trial, Leadership } from "./record.ts";
import { phaseOf, workEvery, type RealScenario, type TimingName } from "./scenarios.ts";

export async function zkRecipeTrial(hosts: string, sc: RealScenario, timing: TimingName, trial: number): Promise<Trial> {
  const p = sc.timings[timing];
  const phase = phaseOf(trial);
  const t0 = now();
  const rel = (t: number) => Math.round((t - t0) * 1000) / 1000;
  const path = `/reality-${sc.name}-${timing}-${Date.now().toString(36)}-${trial}`;
  const leaders: Leadership[] = [];
  const notes: Record<string, number | string | null> = {};
  const clients: Array<{ node: string; proc: Proc; writer: Worker; seq: number | null }> = [];
  const cp = `${recipeClasses()}:${classpath()}`;
  let resource: Resource | null = null;
  try {
    resource = await startResource(await pickPort(), rel);
    // The three clients start together: whichever creates the lowest znode leads.
    for (const node of ["n1", "n2", "n3"]) {
      const proc = start(`zk client ${node}`, "java", ["-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", cp, "ZkElect", hosts, path, String(p.session)]);
      const writer = startWriter(node, resource.port, workEvery(sc));
      const c = { node, proc, writer, seq: null as number | null };
      clients.push(c);
      proc.onLine((l) => {
        const z = /^ZNODE n_(\d+)/.exec(l.text);
        if (z) c.seq = Number(z[1]);
        if (/^LEADER /.test(l.text)) { leaders.push({ node, token: c.seq ?? -1, from: rel(l.t), to: null }); writer.lead(c.seq ?? -1); }
        if (/^STATE (Disconnected|Expired)/.test(l.text)) writer.end();
        if (/^SESSION /.test(l.text)) notes[`${node}.session`] = l.text;
      });
    }
    await Promise.all(clients.map((c) => c.proc.waitFor(/^(WATCH|LEADER) /, 30_000)));
    // The warm-up counts from when every work process is connected: on a busy machine a
    // process can take seconds to start, and the first leader must have written before the fault.
    await Promise.all(clients.map((c) => c.writer.ready));
    const first = await until("a first recipe leader", () => leaders[0], 5_000);
    const victim = clients.find((c) => c.node === first.node)!;
    await sleep(p.warm + phase * p.period);
    const at = now();
    const faults = [{ at: rel(at), do: sc.fault, node: first.node, ...(p.faultFor ? { for: p.faultFor } : {}) }];
    if (sc.fault === "crash") {
      await Promise.all([kill(victim.proc), victim.writer.kill()]);
      first.to = rel(at);
    } else {
      signal(victim.proc, "SIGSTOP"); victim.writer.stop();
      await sleep(p.faultFor!);
      const resumed = victim.proc.lines.length;
      signal(victim.proc, "SIGCONT"); victim.writer.cont();
      // The woken leader learns it lost its session: Disconnected, then Expired on reconnect.
      const l = await victim.proc.waitFor(/^STATE (Disconnected|Expired)/, 10_000, resumed).catch(() => null);
      first.to = l ? rel(l.t) : null;
    }
    await until("a new recipe leader", () => leaders.find((l) => l.node !== first.node && l.from > rel(at)), Math.max(1_000, at + (p.faultFor ?? 0) + p.observe - now())).catch(() => null);
    await sleep(300);
    return { scenario: sc.name, side: "real", trial, phase, faults, leaders, writes: [...resource.writes], notes, end: rel(now()) };
  } finally {
    await Promise.all(clients.flatMap((c) => [kill(c.proc), c.writer.kill()]));
    await resource?.close();
  }
}
