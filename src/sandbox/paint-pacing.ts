// Paces the page's acknowledgements to the worker by how late frames are painted.
/** Two display frames at 60 Hz: a frame painted later than this after it came means the page
 *  is short of CPU (see afterPaint). */
const LAG_MS = 34;

/** `since`: when the frame being painted arrived. A page that paints it more than LAG_MS
 *  later is short of CPU (other processes hold the cores): it lets a display frame more
 *  pass for each LAG_MS of lag before it asks for the next, so it draws every second to
 *  fourth display frame (each time the newest state: the worker's clock runs on meanwhile)
 *  and its main thread idles between them. Under load the page's long tasks held 2-7 ms of
 *  CPU each inside 50-500 ms of wall time: its thread descheduled mid-task; one that idles
 *  more is descheduled less often (issue 39). */
export function afterPaint(
  custom: ((cb: () => void) => void) | undefined,
  cb: () => void,
  since?: number,
): void {
  if (custom) custom(cb);
  else if (typeof requestAnimationFrame === "function")
    requestAnimationFrame(() => {
      // One display frame more for each LAG_MS of lag, at most three (15 pictures a second).
      let extra = since === undefined ? 0 : Math.min(3, Math.floor((performance.now() - since) / LAG_MS));
      const next = () => (extra-- > 0 ? requestAnimationFrame(next) : cb());
      next();
    });
  else setTimeout(cb, 16);
}
