// What the sandbox does when the worker refuses an act or a scenario, or reports an error.
import type { StoreApi } from "zustand/vanilla";
import type { FromWorker } from "../worker/protocol.ts";
import type { ActLedger } from "./act-ledger.ts";
import type { Command } from "./commands.ts";
import { refusalWords } from "./refusal-words.ts";
import { DEFAULT_SCENARIO, DEFAULT_TITLE } from "./scenarios.ts";
import { addNotice, type SandboxState } from "./store.ts";

/** What the last reset showed, to fall back on when a new scenario fails to load. */
export type ShownRun = Pick<SandboxState, "scenario" | "parsed" | "source" | "title">;

interface ErrorHost {
  store: StoreApi<SandboxState>;
  acts: ActLedger;
  shown: ShownRun | null;
  dispatch(cmd: Command): void;
}

export function onWorkerError(host: ErrorHost, msg: Extract<FromWorker, { type: "error" }>): void {
  if (msg.scope === "act" && msg.id !== undefined) {
    host.acts.refuse(msg.id);
    host.store.setState({ pending: host.acts.size });
    addNotice(host.store, "error", refusalWords(msg.message));
    return;
  }
  if (msg.scope === "load") {
    const s = host.store.getState();
    const shown = host.shown;
    if (!s.frame || !shown) {
      // Nothing is showing yet: say why, and open the default scenario instead.
      addNotice(
        host.store,
        "error",
        `This scenario cannot run: ${msg.message}. The default scenario is shown instead.`,
      );
      host.dispatch({
        type: "load",
        scenario: structuredClone(DEFAULT_SCENARIO),
        source: { kind: "default" },
        title: DEFAULT_TITLE,
      });
    } else {
      addNotice(host.store, "error", `This scenario cannot run: ${msg.message}`);
      // The load already put the refused scenario and its parsed form in the store.
      host.store.setState({ ...shown });
    }
    return;
  }
  addNotice(host.store, "error", msg.message);
}
