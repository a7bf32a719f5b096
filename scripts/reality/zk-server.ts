// Real ZooKeeper servers on loopback: one for the recipe, three for Zab. Each runs
// QuorumPeerMain from Debian's jars with its own data directory and ports, logging through
// slf4j-simple to stderr so every "Peer state changed" line (QuorumPeer.setZabState) arrives
// stamped. Also compiles the recipe client (java/ZkElect.java) once with javac.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { pickPort } from "./ports.ts";
import { start, kill, type Proc } from "./procs.ts";
import { zkJars } from "./install.ts";

export function classpath(): string {
  const jars = zkJars();
  const pick = (re: RegExp) => jars.filter((j) => re.test(path.basename(j)));
  const want = [
    ...pick(/^zookeeper-\d[\d.]*\.jar$/), ...pick(/^zookeeper-jute-\d[\d.]*\.jar$/), ...pick(/^slf4j-api\.jar$/), ...pick(/^slf4j-simple\.jar$/),
    ...pick(/^netty-(buffer|codec|common|handler|resolver|transport|transport-native-epoll|transport-native-unix-common)\.jar$/),
    ...pick(/^metrics-core\.jar$/), ...pick(/^commons-cli\.jar$/), ...pick(/^snappy-java\.jar$/), ...pick(/^audience-annotations.*\.jar$/),
  ];
  if (!want.some((j) => /zookeeper-\d/.test(j))) throw new Error("no zookeeper jar in /usr/share/java; install the zookeeper package");
  return want.join(":");
}

const here = path.dirname(fileURLToPath(import.meta.url));
let compiled: string | null = null;
/** Directory holding ZkElect.class, compiled on first use into a temporary directory. */
export function recipeClasses(): string {
  if (compiled) return compiled;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "reality-zkelect-"));
  execFileSync("javac", ["-d", out, "-cp", classpath(), path.join(here, "java", "ZkElect.java")], { stdio: "inherit" });
  compiled = out;
  process.on("exit", () => fs.rmSync(out, { recursive: true, force: true }));
  return out;
}

export interface ZkServer { id: number; client: number; dir: string; proc: Proc | null }
export interface Ensemble { servers: ZkServer[]; hosts: string; stop(): Promise<void> }

const JVM = ["-Xmx256m", "-XX:+UseSerialGC", "-Xshare:auto", "-Dorg.slf4j.simpleLogger.showDateTime=false", "-Dzookeeper.admin.enableServer=false"];

export async function startEnsemble(n: number, t: { tickTime: number; initLimit?: number; syncLimit?: number }): Promise<Ensemble> {
  const servers: ZkServer[] = [];
  const quorum: string[] = [];
  for (let i = 1; i <= n; i++) {
    const s: ZkServer = { id: i, client: await pickPort(), dir: fs.mkdtempSync(path.join(os.tmpdir(), "reality-zk-")), proc: null };
    servers.push(s);
    if (n > 1) quorum.push(`server.${i}=127.0.0.1:${await pickPort()}:${await pickPort()}`);
  }
  for (const s of servers) {
    const cfg = [
      `tickTime=${t.tickTime}`, `initLimit=${t.initLimit ?? 10}`, `syncLimit=${t.syncLimit ?? 5}`,
      `dataDir=${s.dir}`, `clientPort=${s.client}`, "clientPortAddress=127.0.0.1", "4lw.commands.whitelist=srvr",
      "admin.enableServer=false", "maxSessionTimeout=60000", ...quorum,
    ].join("\n");
    fs.writeFileSync(path.join(s.dir, "zoo.cfg"), cfg + "\n");
    if (n > 1) fs.writeFileSync(path.join(s.dir, "myid"), `${s.id}\n`);
    s.proc = start(`zookeeper ${s.id}`, "java", [...JVM, "-cp", classpath(), "org.apache.zookeeper.server.quorum.QuorumPeerMain", path.join(s.dir, "zoo.cfg")]);
  }
  const ens: Ensemble = {
    servers, hosts: servers.map((s) => `127.0.0.1:${s.client}`).join(","),
    async stop() {
      await Promise.all(servers.map((s) => (s.proc ? kill(s.proc) : Promise.resolve())));
      for (const s of servers) fs.rmSync(s.dir, { recursive: true, force: true });
    },
  };
  const ready = await Promise.allSettled(servers.map((s) => s.proc!.waitFor(n > 1 ? /Peer state changed: (leading|following) - broadcast/ : /binding to port|Started AdminServer|ZooKeeper audit is|Snapshot taken|Created server with tickTime/, 30_000)));
  const failed = ready.find((r) => r.status === "rejected");
  if (failed) { await ens.stop(); throw (failed as PromiseRejectedResult).reason; }
  return ens;
}
