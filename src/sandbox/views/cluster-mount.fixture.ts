// Mounting the cluster view in happy-dom for its tests: a sandbox controller on an in-process
// worker, the view in a fresh element, and a ResizeObserver that reports the width a browser
// would (happy-dom lays nothing out). Everything is undone by the returned cleanups.
import { act } from "@testing-library/react";
import { presets } from "../../engine/index.ts";
import { SandboxController } from "../controller.ts";
import { InProcessWorker, settle } from "../testing.ts";
import { mountClusterView } from "./ClusterView.ts";

class FixedWidth {
  constructor(private cb: ResizeObserverCallback) {}
  observe(el: Element) {
    queueMicrotask(() =>
      this.cb(
        [{ target: el, contentRect: { width: 900, height: 600 } } as unknown as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
}

/** The cluster view of `preset` at `at` ms, 900 px wide; `cleanups` gets what undoes it. */
export async function mountedCluster(preset: string, at: number, cleanups: Array<() => void>) {
  const saved = globalThis.ResizeObserver;
  globalThis.ResizeObserver = FixedWidth as unknown as typeof ResizeObserver;
  cleanups.push(() => {
    globalThis.ResizeObserver = saved;
  });
  const c = new SandboxController({
    scenario: structuredClone(presets[preset].scenario) as Record<string, unknown>,
    source: { kind: "preset", name: preset },
    title: "t",
    at,
    createWorker: () => new InProcessWorker(),
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  c.start();
  const host = document.createElement("div");
  document.body.append(host);
  const unmount = mountClusterView(host, c);
  cleanups.push(() => {
    unmount();
    c.dispose();
    host.remove();
  });
  await act(() => settle(12));
  return { c, host };
}
