// One protocol's engine row (engine.ts benchEngineRow), measured in this fresh process and
// printed as JSON for benchEngine, which runs one of these per protocol.
import { benchEngineRow } from "./engine.ts";

const protocol = process.argv[2];
if (!protocol) throw new Error("usage: engine-row.ts <protocol>");
process.stdout.write(JSON.stringify(benchEngineRow(protocol)));
