// Loopback ports for the servers a run starts: the harness owns 23000-23999 and checks each
// port is free by binding it before handing it out.
import net from "node:net";

// Start from a place that depends on the process id, so two runs at once rarely probe the same
// ports first (each still checks by binding).
let next = 23000 + (process.pid % 500);

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

export async function pickPort(): Promise<number> {
  for (let i = 0; i < 1000; i++) {
    const p = next;
    next = next >= 23999 ? 23000 : next + 1;
    if (await free(p)) return p;
  }
  throw new Error("no free port in 23000-23999");
}
