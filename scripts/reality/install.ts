// Makes sure the real servers and clients exist: etcd 3.4 (server and etcdctl, whose commands
// are the Go clientv3) and ZooKeeper (server and Java client, plus javac to compile the recipe
// client). As root on Debian it installs the distribution's packages, as ensure-chromium.mjs
// does; otherwise it stops and names the command to run.
import { execSync } from "node:child_process";
import fs from "node:fs";

const has = (cmd: string) => {
  try { execSync(`command -v ${cmd}`, { stdio: "ignore", shell: "/bin/bash" }); return true; } catch { return false; }
};
export const zkJars = (): string[] => {
  const dir = "/usr/share/java";
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.endsWith(".jar")).map((f) => `${dir}/${f}`);
};
const zkPresent = () => zkJars().some((j) => /\/zookeeper(-\d[\d.]*)?\.jar$/.test(j));

export interface Need { etcd: boolean; zookeeper: boolean }

export function ensureInstalled(need: Need): void {
  const pkgs: string[] = [];
  if (need.etcd && !has("etcd")) pkgs.push("etcd-server");
  if (need.etcd && !has("etcdctl")) pkgs.push("etcd-client");
  if (need.zookeeper && !zkPresent()) pkgs.push("zookeeper");
  if (need.zookeeper && !has("javac")) pkgs.push("default-jdk-headless");
  if (pkgs.length === 0) return;
  const cmd = `apt-get install -y ${pkgs.join(" ")}`;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !has("apt-get")) {
    throw new Error(`reality: missing ${pkgs.join(", ")}. Install with:  sudo ${cmd}`);
  }
  console.log(`reality: installing ${pkgs.join(", ")} from apt (once)...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${cmd} -qq`, { stdio: "inherit", shell: "/bin/bash" });
  // Debian's packages may start their own daemons where an init system runs; this harness starts
  // its own servers on its own ports, so nothing it relies on listens on the default ones.
}

export function versions(): { etcd: string | null; zookeeper: string | null } {
  let etcd: string | null = null;
  try { etcd = /etcd Version: (\S+)/.exec(execSync("etcd --version", { encoding: "utf8" }))?.[1] ?? null; } catch { etcd = null; }
  const zk = zkJars().map((j) => /zookeeper-(\d[\d.]*)\.jar$/.exec(j)?.[1]).find(Boolean) ?? null;
  let zkVer = zk;
  if (!zkVer) {
    try { zkVer = /^(\d[\d.]*)/.exec(execSync("dpkg-query -W -f='${Version}' zookeeper", { encoding: "utf8", shell: "/bin/bash" }))?.[1] ?? null; } catch { zkVer = null; }
  }
  return { etcd, zookeeper: zkVer };
}
