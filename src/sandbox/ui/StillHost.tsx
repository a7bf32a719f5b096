// The sandbox's picture before its worker sends the first frame: the cluster drawn still, at the
// places and the size the live picture will give it (GuidedStill's StillPicture), so a lesson
// embed or /sandbox opens on its nodes rather than an empty box beside "Loading…" (review 14a
// #4: the 470x480 panel of a lesson's embed stayed blank for seconds; /sandbox's for 2 s).
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { SPECS } from "../../engine/index.ts";
import { StillPicture } from "../GuidedStill.tsx";
import { useSandbox } from "./context.ts";
import { stillWords } from "./still-words.ts";

/** The live picture's height cap on /sandbox (views/cluster-resize.ts measureRoom). */
function roomBelow(el: HTMLElement): number {
  if (window.innerWidth <= 760) {
    // /compare on a phone: each of its two pictures takes half the screen (measureRoom).
    return el.closest(".pr-side")
      ? Math.max(240, Math.floor((window.innerHeight - 220) / 2 / 4) * 4)
      : Infinity;
  }
  const top = el.getBoundingClientRect().top + window.scrollY;
  return Math.max(300, Math.floor((window.innerHeight - top - 14) / 4) * 4);
}

export function StillHost({
  compact,
  fitScreen,
  simple = false,
}: {
  compact: boolean;
  fitScreen: boolean;
  simple?: boolean;
}) {
  const waiting = useSandbox((s) => s.frame === null && s.status !== "failed");
  const parsed = useSandbox((s) => s.parsed);
  // The first live frame's words, so the hand-over changes nothing but the controls.
  const words = useMemo(
    () => (parsed && waiting ? stillWords(parsed, simple) : null),
    [parsed, waiting, simple],
  );
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ fit: number; resource: boolean } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !waiting) return;
    // A run whose leader writes nothing shows no resource (CompactLayout's gr-no-resource).
    setPlace({ fit: fitScreen ? roomBelow(el) : Infinity, resource: !el.closest(".gr-no-resource") });
  }, [waiting, fitScreen]);
  if (!waiting || !parsed) return null;
  const server = SPECS[parsed.protocol]?.server ?? null;
  return (
    <div ref={ref} className="sb-still-host">
      {place && (
        <StillPicture
          nodes={parsed.nodes}
          store={server?.label}
          resource={place.resource}
          compact={compact}
          fit={place.fit}
          words={words ?? false}
          flow
        />
      )}
    </div>
  );
}
