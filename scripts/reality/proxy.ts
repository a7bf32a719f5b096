// A forwarding TCP proxy the harness controls, between one client and its server: the cut the
// engine calls "isolate". While held, bytes in both directions wait in the proxy (the sockets
// stop being read, so the kernel's buffers fill and the peer's TCP backs off as on a dead path)
// and flow again on heal; the connection itself stays open, as a partition leaves it.
import net from "node:net";

export interface Proxy { port: number; hold(): void; heal(): void; close(): Promise<void>; held: boolean }

export function startProxy(listenPort: number, target: number): Promise<Proxy> {
  const pairs: Array<[net.Socket, net.Socket]> = [];
  let held = false;
  const server = net.createServer((c) => {
    const s = net.connect(target, "127.0.0.1");
    pairs.push([c, s]);
    for (const [a, b] of [[c, s], [s, c]] as const) {
      a.on("data", (d) => { if (!b.write(d)) a.pause(); });
      b.on("drain", () => { if (!held) a.resume(); });
      a.on("error", () => b.destroy());
      a.on("close", () => b.destroy());
    }
    if (held) { c.pause(); s.pause(); }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => {
      const p: Proxy = {
        port: listenPort,
        get held() { return held; },
        hold() { held = true; for (const [a, b] of pairs) { a.pause(); b.pause(); } },
        heal() { held = false; for (const [a, b] of pairs) { a.resume(); b.resume(); } },
        close: () => new Promise<void>((r) => { for (const [a, b] of pairs) { a.destroy(); b.destroy(); } server.close(() => r()); }),
      };
      resolve(p);
    });
  });
}
