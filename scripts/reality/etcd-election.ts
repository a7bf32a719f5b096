// One trial of the etcd election recipe on a real etcd, with the real Go clientv3 in etcdctl.
// Each candidate is what concurrency.NewSession + Election.Campaign do, step by step: grant a
// lease of TTL seconds, keep it alive (`etcdctl lease keep-alive`: clientv3's KeepAlive, the
// process a crash kills and a pause stops), and put a key under the election prefix on that
// lease; the lowest create revision leads (the key's create revision is its fencing token).
// One watcher on the prefix sees every create and delete, so a successor's start is when the
// key before it is deleted, as its own waitDeletes would see it. Candidates reach etcd through
// a proxy each, so a cut holds only that candidate's traffic.
import { start, run, kill, signal, sleep, now, until, type Proc } from "./procs.ts";
import { startProxy, type Proxy } from "./proxy.ts";
import { pickPort } from "./ports.ts";
import type { Trial, Leadership } from "./record.ts";
import { phaseOf, type Params, type RealScenario, type TimingName } from "./scenarios.ts";

interface Candidate { node: string; lease: string; key: string; ka: Proc; proxy: Proxy; rev: number | null; gone: number | null }

const ctl = (endpoint: string, ...args: string[]) => run("etcdctl", ["--endpoints", endpoint, ...args], 10_000);

export async function etcdElectionTrial(endpoint: string, sc: RealScenario, timing: TimingName, trial: number): Promise<Trial> {
  const p: Params = sc.timings[timing];
  const phase = phaseOf(trial);
  const prefix = `/reality/${sc.name}/${timing}/${Date.now().toString(36)}-${trial}/`;
  const t0 = now();
  const rel = (t: number) => Math.round((t - t0) * 1000) / 1000;
  const cands: Candidate[] = [];
  const leaders: Leadership[] = [];
  const renewals: Record<string, number[]> = {};
  const notes: Record<string, number | string | null> = {};
  const [host, portStr] = endpoint.replace(/^https?:\/\//, "").split(":");
  const target = Number(portStr);
  if (host !== "127.0.0.1" && host !== "localhost") throw new Error("the etcd election scenarios proxy each client, so --etcd must be a loopback URL");

  // The watcher: keys by create revision; the lowest live one leads.
  let resign: Proc | null = null;
  const watch = start("etcd watch", "etcdctl", ["--endpoints", endpoint, "watch", "--prefix", prefix, "-w", "json"]);
  const live = new Map<string, number>();
  let current: Leadership | null = null;
  const nodeOf = (key: string) => cands.find((c) => c.key === key)?.node ?? "?";
  const reelect = (t: number) => {
    let best: [string, number] | null = null;
    for (const [k, r] of live) if (!best || r < best[1]) best = [k, r];
    const node = best ? nodeOf(best[0]) : null;
    if (current && current.node === node) return;
    if (current && current.to === null) current.to = rel(t);
    current = null;
    if (best && node) {
      current = { node, token: best[1], from: rel(t), to: null };
      leaders.push(current);
    }
  };
  watch.onLine((l) => {
    if (!l.text.startsWith("{")) return;
    const ev = JSON.parse(l.text) as { Events?: Array<{ type?: number; kv: { key: string; create_revision?: number } }> };
    for (const e of ev.Events ?? []) {
      const key = Buffer.from(e.kv.key, "base64").toString();
      if (e.type === 1) live.delete(key);
      else if (e.kv.create_revision !== undefined) live.set(key, e.kv.create_revision);
      const c = cands.find((x) => x.key === key);
      if (c && e.type === 1) c.gone = l.t;
      if (c && e.type !== 1) c.rev = e.kv.create_revision ?? null;
    }
    reelect(l.t);
  });
  try {
    await sleep(300); // the watch is registered before the first key
    for (const node of ["n1", "n2", "n3"]) {
      const out = await ctl(endpoint, "lease", "grant", String(p.ttl));
      const lease = /lease ([0-9a-f]+) granted/.exec(out)?.[1];
      if (!lease) throw new Error(`lease grant: ${out}`);
      const proxy = await startProxy(await pickPort(), target);
      // --keepalive-time: etcdctl dials with a gRPC keepalive by default; a library caller of
      // clientv3 sets none unless it asks, so the harness makes it long enough not to act.
      const ka = start(`keep-alive ${node}`, "etcdctl", ["--endpoints", `127.0.0.1:${proxy.port}`, "--keepalive-time", "3600s", "lease", "keep-alive", lease]);
      renewals[node] = [];
      ka.onLine((l) => { if (/keepalived with TTL/.test(l.text)) renewals[node].push(rel(l.t)); });
      const key = `${prefix}${lease}`;
      const c: Candidate = { node, lease, key, ka, proxy, rev: null, gone: null };
      cands.push(c);
      await ctl(endpoint, "put", key, node, `--lease=${lease}`);
      await until(`${node}'s key in the watch`, () => c.rev, 5_000);
    }
    const first = await until("a first leader", () => current, 5_000);
    const leaderC = cands.find((c) => c.node === first.node)!;
    // A resignation is Election.Resign: a delete of the leader's key. The etcdctl that sends it
    // is started before the fault and handed the request at the fault, so the time measured is
    // etcd's, not the time it takes to start a process.
    resign = sc.fault === "resign" ? start("etcd resign", "etcdctl", ["--endpoints", endpoint, "txn"], { stdin: true }) : null;
    await sleep(p.warm + phase * p.period);
    const at = now();
    const faults = [{ at: rel(at), do: sc.fault, node: leaderC.node, ...(p.faultFor ? { for: p.faultFor } : {}) }];
    // When the old leader's session ends on its own side: clientv3 closes the keepalive
    // channel (Session.Done) and etcdctl prints that the lease expired or was revoked.
    let sessionEnd: number | null = null;
    leaderC.ka.onLine((l) => { if (sessionEnd === null && /expired or revoked/.test(l.text)) sessionEnd = l.t; });
    switch (sc.fault) {
      case "crash": await kill(leaderC.ka); break;
      case "pause": signal(leaderC.ka, "SIGSTOP"); await sleep(p.faultFor!); signal(leaderC.ka, "SIGCONT"); break;
      case "cut": leaderC.proxy.hold(); await sleep(p.faultFor!); leaderC.proxy.heal(); break;
      case "resign":
        // etcdctl txn reads compares, then the requests on success, then on failure, each list
        // ended by a blank line: no compares, one delete.
        resign!.child.stdin!.end(`\ndel ${leaderC.key}\n\n\n`);
        await resign!.waitFor(/^SUCCESS/, 10_000);
        break;
    }
    const faultEnd = now();
    await sleep(Math.max(0, p.observe - (faultEnd - at)));
    // The leader's own end: killed at the fault, resigned at the fault, or when its session
    // ended (a pause or a cut that outlived the lease). Otherwise it still leads.
    const mine = leaders.find((l) => l.node === leaderC.node)!;
    if (sc.fault === "crash" || sc.fault === "resign") mine.to = rel(at);
    else mine.to = sessionEnd !== null ? rel(sessionEnd) : null;
    notes.keyDeleted = leaderC.gone !== null ? rel(leaderC.gone) : null;
    notes.sessionEnd = sessionEnd !== null ? rel(sessionEnd) : null;
    return { scenario: sc.name, side: "real", trial, phase, faults, leaders, renewals, notes, end: rel(now()) };
  } finally {
    for (const c of cands) { await kill(c.ka); await c.proxy.close(); }
    await kill(watch);
    if (resign) await kill(resign);
    await ctl(endpoint, "del", "--prefix", prefix).catch(() => "");
    for (const c of cands) await ctl(endpoint, "lease", "revoke", c.lease).catch(() => "");
  }
}
