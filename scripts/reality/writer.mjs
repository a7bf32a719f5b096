// A node's work process in a real trial: while its client (or server) leads, it writes to the
// fenced resource (resource.ts) with the leadership's token, at once and then every `every` ms,
// as the engine's leader does (core/work.ts: the work timer is armed at 0 on leader-start).
// The harness tells it on standard input when its client begins to lead ("LEAD <token>") and
// when it stops believing ("END"), from the same lines it records the leadership by. It is
// stopped (SIGSTOP) and killed with its client, so a paused leader's writer is paused too; its
// timer runs on the monotonic clock, so one that fell due during a pause fires on waking, before
// it can hear that the leadership ended: the late write of a woken leader.
// usage: node writer.mjs <node> <resource port> <every ms>
import net from "node:net";
import readline from "node:readline";

const [node, port, every] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const sock = net.connect(port, "127.0.0.1", () => console.log("READY"));
sock.on("error", () => process.exit(0));
let token = null;
let timer = null;
const write = () => { if (token !== null) sock.write(`W ${node} ${token}\n`); };
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const lead = /^LEAD (\d+)$/.exec(line);
  if (lead) {
    token = lead[1];
    clearInterval(timer);
    write();
    timer = setInterval(write, every);
  } else if (line === "END") {
    token = null;
    clearInterval(timer);
  }
}).on("close", () => process.exit(0));
