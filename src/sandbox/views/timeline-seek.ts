// The timeline as a slider: a click or a drag on it seeks there, and with focus the arrow keys
// move 0.1 s, Page Up / Page Down 1 s, Home and End to the ends.
import type { SandboxController } from "../controller.ts";

/** `timeAt`: the simulated time under a pointer's clientX, on the timeline's current scale. */
export function bindTimelineSeek(
  el: SVGSVGElement,
  ctl: SandboxController,
  timeAt: (clientX: number) => number,
): void {
  const store = ctl.store;
  let dragging = false;
  const seekAt = (ev: PointerEvent) => {
    const f = store.getState().frame;
    if (!f) return;
    const t = Math.round(Math.max(0, Math.min(f.until, timeAt(ev.clientX))));
    ctl.dispatch({ type: "seek", t });
  };
  el.addEventListener("pointerdown", (ev: PointerEvent) => {
    dragging = true;
    el.setPointerCapture?.(ev.pointerId);
    seekAt(ev);
  });
  el.addEventListener("pointermove", (ev: PointerEvent) => {
    if (dragging) seekAt(ev);
  });
  const stop = () => {
    dragging = false;
  };
  el.addEventListener("pointerup", stop);
  el.addEventListener("pointercancel", stop);
  el.addEventListener("keydown", (ev: KeyboardEvent) => {
    const f = store.getState().frame;
    if (!f) return;
    const step: Record<string, number> = {
      ArrowRight: 100,
      ArrowUp: 100,
      ArrowLeft: -100,
      ArrowDown: -100,
      PageUp: 1000,
      PageDown: -1000,
    };
    let t: number | null = null;
    if (ev.key in step) t = f.t + step[ev.key];
    else if (ev.key === "Home") t = 0;
    else if (ev.key === "End") t = f.until;
    if (t === null) return;
    // Handled here, so the page's shortcuts (Home: to the start) do not act on it again.
    ev.preventDefault();
    ev.stopPropagation();
    ctl.dispatch({ type: "seek", t: Math.round(Math.max(0, Math.min(f.until, t))) });
  });
}
