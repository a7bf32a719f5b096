// What the sandbox's lists hold after a long run (raft, a leader crash every 10 s): the host
// (its session: trace window, snapshots, narratable events, lane samples), and the page's
// store given the host's reset frame as postMessage copies it. Heap after a full collection,
// as the difference from before. Reports only.
import v8 from "node:v8";
import vm from "node:vm";
import { SimHost } from "../../src/worker/host.ts";
import { applyWorkerFrame, createSandboxStore, type SandboxState } from "../../src/sandbox/store.ts";
import { newNarrationContext } from "../../src/sandbox/narration.ts";
import type { FromWorker } from "../../src/worker/protocol.ts";
import type { StoreApi } from "zustand/vanilla";
import { benchScenario } from "./host.ts";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
const heap = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const mb = (b: number) => Math.round(b / 1e5) / 10;

export interface ListsRow {
  nodes: number;
  atS: number;
  /** heap the host holds after the load, MB (session, trace window, snapshots: the lot) */
  hostMB: number;
  /** its lists (narratable events, window and historic ones, and lane samples), MB as
   *  serialized (v8.serialize: a steady figure where the heap's is noisy) */
  hostListsMB: number;
  /** heap the page's store holds after applying the reset frame, MB (with the scenario, twice) */
  pageMB: number;
  /** its lists (events, historic events, lanes), MB as serialized */
  pageListsMB: number;
  /** narratable events the session holds (its window), historic ones, lane samples */
  sessionEvents: number;
  sessionHistory: number;
  sessionLanes: number;
  pageEvents: number;
  pageHistory: number;
  pageLanes: number;
}

type Reset = Extract<FromWorker, { type: "reset" }>;

type SessionLists = { narr: unknown[]; hist?: unknown[]; lanes: { list: unknown[] } };

/** The session's lists as serialized: one list, so an event in both the window and the
 *  historic ones counts once (as it is held once). */
function listBytes(s: SessionLists): number {
  return v8.serialize([s.narr, s.hist ?? [], s.lanes.list]).length;
}

export function benchLists(nodes: number, atS: number): ListsRow {
  const h0 = heap();
  let msg: Reset | null = null;
  let host: SimHost | null = new SimHost({
    post: (m) => {
      if (m.type === "reset") msg = m;
    },
    now: () => 0,
    estimate: false,
  });
  host.handle({
    type: "load",
    scenario: benchScenario(nodes, atS),
    at: atS * 1000,
    playing: false,
    speed: 1,
  });
  const held = host.session.held as { events: number; history?: number; lanes: number };
  const hostLists = listBytes(host.session as unknown as SessionLists);
  let copy: Reset | null = structuredClone(msg as unknown as Reset);
  msg = null;
  const h1 = heap();
  host = null;
  const h2 = heap();
  let store: StoreApi<SandboxState> | null = createSandboxStore({}, { kind: "custom" }, "");
  applyWorkerFrame(store, copy, { ctx: newNarrationContext("raft", "token") });
  copy = null;
  const h3 = heap();
  const s = store.getState() as SandboxState & { history?: unknown[] };
  const counts = {
    pageEvents: s.events.length,
    pageHistory: s.history?.length ?? 0,
    pageLanes: s.lanes.length,
  };
  const pageLists = v8.serialize([s.events, s.history ?? [], s.lanes]).length;
  store = null;
  return {
    nodes,
    atS,
    hostMB: mb(h1 - h2),
    hostListsMB: mb(hostLists),
    pageMB: mb(h3 - h0),
    pageListsMB: mb(pageLists),
    sessionEvents: held.events,
    sessionHistory: held.history ?? 0,
    sessionLanes: held.lanes,
    ...counts,
  };
}

if (process.argv[1]?.endsWith("host-lists.ts")) {
  const at = process.argv.slice(2).map(Number);
  for (const atS of at.length ? at : [600, 3000]) console.log(JSON.stringify(benchLists(25, atS)));
}
