// The fenced resource of a real trial: a small TCP service on loopback that the harness runs in
// its own process, with the engine's rule (core/resource.ts, mode "token", after Kleppmann 2016):
// it keeps the highest token it has seen and refuses a write whose token is lower; an equal token
// is accepted (one leadership writes many times). Each write is one line, "W <node> <token>",
// sent by the node's work process (writer.mjs) over a connection it keeps open, so a cut that
// holds the connection's bytes (proxy.ts) delays the writes exactly as it delays the client's
// other traffic. Every outcome is stamped on arrival with the harness's clock.
import net from "node:net";
import { now } from "./procs.ts";
import type { WriteOutcome } from "./record.ts";

export interface Resource { port: number; writes: WriteOutcome[]; close(): Promise<void> }

export function startResource(port: number, rel: (t: number) => number): Promise<Resource> {
  const writes: WriteOutcome[] = [];
  const sockets = new Set<net.Socket>();
  let maxSeen = 0;
  const server = net.createServer((sock) => {
    sockets.add(sock);
    let buf = "";
    sock.setEncoding("utf8");
    sock.on("data", (chunk: string) => {
      const t = now();
      buf += chunk;
      let i: number;
      while ((i = buf.indexOf("\n")) >= 0) {
        const m = /^W (\S+) (\d+)$/.exec(buf.slice(0, i).trim());
        buf = buf.slice(i + 1);
        if (!m) continue;
        const token = Number(m[2]);
        const result = token < maxSeen ? "rejected" : "accepted";
        if (token > maxSeen) maxSeen = token;
        writes.push({ t: rel(t), node: m[1], token, result });
      }
    });
    sock.on("error", () => sock.destroy());
    sock.on("close", () => sockets.delete(sock));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve({
      port, writes,
      close: () => new Promise<void>((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
    }));
  });
}
