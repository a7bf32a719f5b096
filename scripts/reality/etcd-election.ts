// One trial of the etcd election recipe on a real etcd, with the real Go clientv3 in etcdctl.
// Each candidate is what concurrency.NewSession + Election.Campaign do, step by step: grant a
// lease of TTL seconds, keep it alive (`etcdctl lease keep-alive`: clientv3's KeepAlive, the
// process a crash kills and a pause stops), and put a key under the election prefix on that
// lease; the lowest create revision leads (the key's create revision is its fencing token).
// One watcher on the prefix sees every create and delete, so a successor's start is when the
// key before it is deleted, as its own waitDeletes would see it. Candidates reach etcd through
// a proxy each, so a cut holds only that candidate's traffic. While a candidate leads, its work
// process (writer.mjs) writes to the harness's fenced resource with the create revision as the
// token, through a second proxy that the cut holds too.
import { start, run, kill, signal, sleep, now, until, type Proc } from "./procs.ts";
import { startProxy, type Proxy } from "./proxy.ts";
import { pickPort } from "./ports.ts";
import { startResource, type Resource } from "./resource.ts";
import { startWriter, type Worker } from "./work.ts";
import type { Trial, Leadership } from "./record.ts";
import { phaseOf, workEvery, type Params, type RealScenario, type TimingName } from "./scenarios.ts";

interface Candidate { node: string; lease: string; key: string; ka: Proc; proxy: Proxy; resProxy: Proxy; writer: Worker; rev: number | null; gone: number | null }

/** After the fault, how long the trial keeps watching once its outcome is settled: the old
 *  leader's writes held by a cut flow on heal, and a woken one's late write is on its way. */
const SETTLE = 300;

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
      // Campaign returns: the candidate believes it leads, and its work begins.
      cands.find((c) => c.node === node)?.writer.lead(best[1]);
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
  let resource: Resource | null = null;
  try {
    resource = await startResource(await pickPort(), rel);
    await sleep(300); // the watch is registered before the first key
    for (const node of ["n1", "n2", "n3"]) {
      const out = await ctl(endpoint, "lease", "grant", String(p.ttl));
      const lease = /lease ([0-9a-f]+) granted/.exec(out)?.[1];
      if (!lease) throw new Error(`lease grant: ${out}`);
      const proxy = await startProxy(await pickPort(), target);
      // --keepalive-time: etcdctl dials with a gRPC keepalive by default; a library caller of
      // clientv3 sets none unless it asks, so the harness makes it long enough not to act.
      const ka = start(`keep-alive ${node}`, "etcdctl", ["--endpoints", `127.0.0.1:${proxy.port}`, "--keepalive-time", "3600s", "lease", "keep-alive", lease]);
      const resProxy = await startProxy(await pickPort(), resource.port);
      const writer = startWriter(node, resProxy.port, workEvery(sc));
      renewals[node] = [];
      const key = `${prefix}${lease}`;
      const c: Candidate = { node, lease, key, ka, proxy, resProxy, writer, rev: null, gone: null };
      // Session.Done: clientv3 closed the keepalive channel, and the client stops believing.
      ka.onLine((l) => {
        if (/keepalived with TTL/.test(l.text)) renewals[node].push(rel(l.t));
        if (/expired or revoked/.test(l.text)) writer.end();
      });
      cands.push(c);
      await ctl(endpoint, "put", key, node, `--lease=${lease}`);
      await until(`${node}'s key in the watch`, () => c.rev, 5_000);
    }
    // The warm-up counts from when every work process is connected (see etcd-raft.ts).
    await Promise.all(cands.map((c) => c.writer.ready));
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
    // The client is its keepalive and its work: a crash kills both, a pause stops both, a cut
    // holds the traffic of both.
    switch (sc.fault) {
      case "crash": await Promise.all([kill(leaderC.ka), leaderC.writer.kill()]); break;
      case "pause":
        signal(leaderC.ka, "SIGSTOP"); leaderC.writer.stop();
        await sleep(p.faultFor!);
        signal(leaderC.ka, "SIGCONT"); leaderC.writer.cont();
        break;
      case "cut":
        leaderC.proxy.hold(); leaderC.resProxy.hold();
        await sleep(p.faultFor!);
        leaderC.proxy.heal(); leaderC.resProxy.heal();
        break;
      case "resign":
        // Election.Resign: the leader stops acting as one, then deletes its key. etcdctl txn
        // reads compares, then the requests on success, then on failure, each list ended by a
        // blank line: no compares, one delete.
        leaderC.writer.end();
        resign!.child.stdin!.end(`\ndel ${leaderC.key}\n\n\n`);
        await resign!.waitFor(/^SUCCESS/, 10_000);
        break;
    }
    const faultEnd = now();
    // The trial ends once its outcome is settled, bounded by the scenario's observe window:
    // after a crash or a resignation, when the successor leads; after a pause or a cut, when
    // either a successor leads and the old leader's session has ended, or the old leader's
    // lease was renewed after the fault (answered with a TTL, so it did not expire: no failover).
    const successor = () => leaders.find((l) => l.node !== leaderC.node && l.from > rel(at));
    const renewedAfter = () => renewals[leaderC.node].some((t) => t > rel(faultEnd));
    const settled = () => (sc.fault === "crash" || sc.fault === "resign"
      ? successor()
      : (successor() && sessionEnd !== null) || (!successor() && sessionEnd === null && renewedAfter())) ? true : null;
    await until("the outcome to settle", settled, Math.max(0, p.observe - (faultEnd - at))).catch(() => null);
    await sleep(SETTLE);
    // The leader's own end: killed at the fault, resigned at the fault, or when its session
    // ended (a pause or a cut that outlived the lease). Otherwise it still leads.
    const mine = leaders.find((l) => l.node === leaderC.node)!;
    if (sc.fault === "crash" || sc.fault === "resign") mine.to = rel(at);
    else mine.to = sessionEnd !== null ? rel(sessionEnd) : null;
    notes.keyDeleted = leaderC.gone !== null ? rel(leaderC.gone) : null;
    notes.sessionEnd = sessionEnd !== null ? rel(sessionEnd) : null;
    return { scenario: sc.name, side: "real", trial, phase, faults, leaders, writes: [...resource.writes], renewals, notes, end: rel(now()) };
  } finally {
    for (const c of cands) { await Promise.all([kill(c.ka), c.writer.kill()]); await c.proxy.close(); await c.resProxy.close(); }
    await resource?.close();
    await kill(watch);
    if (resign) await kill(resign);
    await ctl(endpoint, "del", "--prefix", prefix).catch(() => "");
    for (const c of cands) await ctl(endpoint, "lease", "revoke", c.lease).catch(() => "");
  }
}
