// The sandbox layouts' hooks: keyboard shortcuts, and whether the picture has left the screen.
import { useEffect, useState } from "react";
import { runShortcut } from "./actions.ts";
import { useController } from "./ui/context.ts";

export function useShortcuts(target: "window" | HTMLElement | null, openHelp: () => void) {
  const ctl = useController();
  useEffect(() => {
    if (!target) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (e.key === "?" && !(e.target as HTMLElement)?.closest?.("input, textarea, select")) {
        e.preventDefault();
        openHelp();
        return;
      }
      runShortcut(ctl, e);
    };
    const el: Window | HTMLElement = target === "window" ? window : target;
    el.addEventListener("keydown", onKey as EventListener);
    return () => el.removeEventListener("keydown", onKey as EventListener);
  }, [ctl, target, openHelp]);
}

/** Whether the picture has left the screen. The time bar stays pinned to the window's top only
 *  while the picture is in view: pinned over the tabs far below it, it covered their controls
 *  (a field scrolled under it was left 12 px of target) and offered Play for a picture nobody
 *  could see. Being sticky, the bar keeps its place in the flow, so unpinning it moves nothing. */
export function usePictureAway(): [boolean, (el: HTMLDivElement | null) => void] {
  const [away, setAway] = useState(false);
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!el || typeof IntersectionObserver !== "function") return;
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) setAway(!e.isIntersecting);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [el]);
  return [away, setEl];
}
