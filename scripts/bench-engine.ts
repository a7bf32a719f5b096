// `npx tsx scripts/bench-engine.ts [protocol ...]`: only the engine rows of `npm run bench`, for
// some protocols (all when none is named), to compare one change on a quiet machine.
import { benchEngine, ENGINE_HEADER } from "./bench/engine.ts";
import { PROTOCOLS } from "../src/engine/index.ts";

const names = process.argv.slice(2);
for (const n of names)
  if (!(PROTOCOLS as readonly string[]).includes(n))
    throw new Error(`unknown protocol "${n}" (one of ${PROTOCOLS.join(", ")})`);
console.log(ENGINE_HEADER);
benchEngine(console.log, names.length ? names : PROTOCOLS);
