// Real etcd members on loopback: one for the election recipe, three for the Raft scenarios. Each
// has its own data directory (removed afterwards) and ports picked by the harness, and logs with
// zap to stderr so every Raft state change arrives as a line ("<id> became leader at term N").
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pickPort } from "./ports.ts";
import { start, kill, type Proc } from "./procs.ts";

export interface Member { name: string; client: number; peer: number; dir: string; proc: Proc | null }
export interface Cluster { members: Member[]; endpoints: string; stop(): Promise<void> }

export async function startCluster(n: number, opts: { preVote?: boolean; heartbeat?: number; election?: number } = {}): Promise<Cluster> {
  const members: Member[] = [];
  for (let i = 1; i <= n; i++) {
    members.push({ name: `n${i}`, client: await pickPort(), peer: await pickPort(), dir: fs.mkdtempSync(path.join(os.tmpdir(), "reality-etcd-")), proc: null });
  }
  const token = `reality-${path.basename(members[0].dir)}`;
  const initial = members.map((m) => `${m.name}=http://127.0.0.1:${m.peer}`).join(",");
  for (const m of members) {
    m.proc = start(`etcd ${m.name}`, "etcd", [
      "--name", m.name, "--data-dir", m.dir,
      "--listen-client-urls", `http://127.0.0.1:${m.client}`, "--advertise-client-urls", `http://127.0.0.1:${m.client}`,
      "--listen-peer-urls", `http://127.0.0.1:${m.peer}`, "--initial-advertise-peer-urls", `http://127.0.0.1:${m.peer}`,
      "--initial-cluster", initial, "--initial-cluster-state", "new", "--initial-cluster-token", token,
      "--heartbeat-interval", String(opts.heartbeat ?? 100), "--election-timeout", String(opts.election ?? 1000),
      `--pre-vote=${opts.preVote ? "true" : "false"}`,
      "--logger", "zap", "--log-outputs", "stderr",
    ]);
  }
  const cluster: Cluster = {
    members,
    endpoints: members.map((m) => `127.0.0.1:${m.client}`).join(","),
    async stop() {
      await Promise.all(members.map((m) => (m.proc ? kill(m.proc) : Promise.resolve())));
      for (const m of members) fs.rmSync(m.dir, { recursive: true, force: true });
    },
  };
  const ready = await Promise.allSettled(members.map((m) => m.proc!.waitFor(/serving client traffic|ready to serve client requests/, 20_000)));
  const failed = ready.find((r) => r.status === "rejected");
  if (failed) {
    await cluster.stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  return cluster;
}
