// `host-engine.ts <nodes>`: the host bench's plain engine run (raft, full trace, to 600 s) in a
// fresh process, printing its CPU ms. Run in the bench's own process after the host, the same
// run took 526 ms at 25 nodes where a fresh process took 99 to 114 ms (issue 39): the engine's
// functions carried the host's type feedback, which no learner's run pays.
import { createSimulation } from "../../src/engine/index.ts";
import { benchScenario } from "./host.ts";

const nodes = Number(process.argv[2]);
const c0 = process.cpuUsage();
createSimulation(benchScenario(nodes), { trace: "full" }).runUntil(600_000);
const c = process.cpuUsage(c0);
process.stdout.write(String((c.user + c.system) / 1000));
