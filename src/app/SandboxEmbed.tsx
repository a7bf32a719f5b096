// The lesson's window onto the simulator. The caption shows at once; the live sandbox (D3, the
// worker, the engine) is a separate chunk loaded when the embed scrolls near the viewport, so
// lesson text never waits for it and lessons with several embeds start only what is seen.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { EmbedProps } from "../sandbox/Embed.tsx";

const LiveSandbox = lazy(() => import("../sandbox/Embed.tsx"));

/** The caption up to its first full stop, cut at a word near 80 characters: a short region name. */
export function firstSentence(caption: string): string {
  const sentence = caption.split(/(?<=[.!?])\s/)[0].replace(/[.!?]$/, "");
  if (sentence.length <= 80) return sentence;
  const cut = sentence.slice(0, 80);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

/** Before the live part loads: the label, the caption and what is happening. */
function Waiting({ caption, status }: { caption?: string; status: string }) {
  return (
    <>
      {/* A plain label: a triangle before it read as a collapsed section that would not open. */}
      <p className="sandbox-embed-title">Live sandbox</p>
      {caption && <p>{caption}</p>}
      <p className="sandbox-embed-status">{status}</p>
    </>
  );
}

/** `until`: the run's length in this lesson ("20s"), when the preset's own is too short to act
 *  in (review 5a #5: a 4 s run ended before the learner could step through it). */
export function SandboxEmbed({ preset, caption, until, simple }: EmbedProps) {
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver !== "function") {
      const t = setTimeout(() => setVisible(true), 0);
      return () => clearTimeout(t);
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: "300px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);

  return (
    // Named by what it shows (the caption's first sentence), never by the scenario's internal name.
    <section
      ref={ref}
      className={`sandbox-embed${visible ? " live" : ""}`}
      aria-label={caption ? `Live sandbox: ${firstSentence(caption)}` : "Live sandbox"}
      data-preset={preset}
    >
      {visible ? (
        // Live, the sandbox shows its own title line and the caption under its picture, so the
        // picture is what comes first (review 5a #1).
        <Suspense fallback={<Waiting caption={caption} status="Loading the live sandbox…" />}>
          <LiveSandbox preset={preset} caption={caption} until={until} simple={simple} />
        </Suspense>
      ) : (
        <Waiting caption={caption} status="The live sandbox starts when you scroll to it." />
      )}
    </section>
  );
}
