// The lesson embed's layout: the run's title, the picture with the time controls, the node's
// actions and the latest events beside it, then what to watch, the timeline and the rest.
import { TimelineKey } from "./ui/TimelineKey.tsx";
import { useRef, useState } from "react";
import { useWholeOnPlay } from "./ui/whole-on-play.ts";
import { useStageStill } from "./ui/stage-still.ts";
import { watchLineOf } from "./caption.ts";
import type { SandboxProps } from "./sandbox-props.ts";
import { useShortcuts } from "./sandbox-hooks.ts";
import { useController, useSandbox } from "./ui/context.ts";
import { HelpDialog } from "./ui/HelpDialog.tsx";
import { NarrationLog } from "./ui/Logs.tsx";
import { Legend } from "./ui/Legend.tsx";
import { LatestPanel } from "./ui/LatestPanel.tsx";
import { NowMetrics } from "./ui/NowMetrics.tsx";
import { registerHead, registerStage } from "./ui/reveal.ts";
import { NodePanel } from "./ui/NodePanel.tsx";
import { Toolbar } from "./ui/Toolbar.tsx";
import { extendedWords, useExtendedTo, useExtendOnSelect } from "./ui/extend-on-select.ts";
import { isExtendedNotice } from "./run-room.ts";
import { parseDuration } from "../engine/validate/duration.ts";
import { TourOffer, TourPanel } from "./ui/TourPanel.tsx";
import "./ui/picture-parts.css";
import { ClusterHost as ClusterView, SandboxNotices as Notices, TimelineHost } from "./ui/Hosts.tsx";

/** Opens a disclosure once, when it mounts, on a screen wider than a phone's. */
const openWhereWide = (el: HTMLDetailsElement | null) => {
  if (el && window.matchMedia?.("(min-width: 761px)").matches) el.open = true;
};

/** Longer names than this take more than two lines on a phone. */
const LONG_TITLE = 48;

/** A newcomer's embed offers only what lesson 1 has taught: crash a node, restart it. */
const SIMPLE_ACTIONS = ["crash", "restart"] as const;

/** The lesson embed, picture first: the title, the picture with Play, Next event and the clock
 *  beside it, a node's actions, Why? and the latest events under them (a sheet on a phone);
 *  what to watch, the lesson's caption, the timeline and the full log follow. */
export function CompactLayout(props: SandboxProps) {
  const ctl = useController();
  const helpRef = useRef<HTMLDialogElement>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [openHelp] = useState(() => () => helpRef.current?.showModal());
  const watch = useSandbox(watchLineOf);
  useShortcuts(root, openHelp);
  const stageRef = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLDivElement | null>(null);
  useWholeOnPlay(ctl, stageRef, root);
  // Selecting a node never moves the picture (review 17a #17).
  useStageStill(mainRef, stageRef);
  useExtendOnSelect();
  const extendedTo = useExtendedTo(parseDuration(props.scenario.until));
  const [head, tail] = splitTitle(props.title);
  // A name too long for two lines on a phone moves its second half into the caption there (CSS).
  const long = props.title.length > LONG_TITLE;
  // A run whose leader writes nothing leaves the resource out of its picture, as /start does
  // (review 14a #3: lesson 1's box read "no writes yet" while n2 and n3 led).
  const writes = ((props.scenario.work as { every?: unknown } | undefined)?.every ?? 1) !== 0;
  return (
    <div className={`sb-compact-body${writes ? "" : " gr-no-resource"}`} ref={setRoot}>
      {/* The run's title, then the picture (review 5a #1: intro text, "Press Play" and two rows
          of controls once stood above it, so a played run showed only its top). The title is
          whole, never cut with an ellipsis (review 6a #15), on a phone too: its second half says
          what to watch (review 8a #11: "No fencing" alone lost "the late write lands"); there the
          "Live sandbox" word is left to screen readers, so the title takes two lines at most. */}
      {/* A jump (a Why? step) scrolls to the title when it fits on one screen with the picture,
          so the title is never sliced at the window's top (review 8a #12). */}
      <p
        className={`sandbox-embed-title sb-compact-title${long ? " sb-compact-title-long" : ""}`}
        ref={(el) => registerHead(ctl, el)}
      >
        <span className="sb-compact-kicker">Live sandbox: </span>
        {head}
        {tail && <span className="sb-compact-tail">: {tail}</span>}
      </p>
      <div
        className="sb-compact-main"
        ref={(el) => {
          mainRef.current = el;
          registerStage(ctl, el);
        }}
      >
        <TourPanel />
        <div className="sb-compact-stage" ref={stageRef}>
          <ClusterView compact fitScreen={false} network={!props.simple} simple={props.simple} />
        </div>
        <div className="sb-compact-now">
          {/* Play, Next event and the clock beside the picture (a row above it on a phone). */}
          <div className="sb-compact-controls">
            <Toolbar compact />
            {/* Said once, politely, beside the clock whose length just grew (review 16a #9). The
                region is there from the start, so the words are announced when they arrive. */}
            <p className="sb-hint sb-extended-note" aria-live="polite">
              {extendedTo !== null ? extendedWords(extendedTo) : ""}
            </p>
          </div>
          {/* The node's actions come first in the column beside the picture, so a click on a
              node shows them within the first screen (review 5a #2: they opened 960 px down,
              under the latest events); on a phone they open as a sheet. */}
          <NodePanel compact sheet {...(props.simple ? { allowed: SIMPLE_ACTIONS, simple: true } : {})} />
          <div className="sb-why-slot" />
          {/* A longer run is said once, beside the clock, not again in a notice under it. */}
          <Notices said={extendedTo !== null ? isExtendedNotice : undefined} />
          {/* Named by the run: a lesson can show two embeds, and landmarks must not share a name. */}
          <LatestPanel lines={2} name={`Latest events: ${props.title}`} />
          <NowMetrics compact name={`Key metrics: ${props.title}`} />
        </div>
      </div>
      {/* The lesson's own caption, when it already says when to press Play and what happens,
          is the one plan said (review 18a #7: "Press Play: the leader pauses…" came twice). */}
      {watch && !captionSaysPlan(props.caption) && <p className="sb-compact-watch">{watch}</p>}
      {(props.caption || (long && tail)) && (
        <p className="sb-compact-caption">
          {long && tail && <span className="sb-compact-tail-copy">{sentence(tail)} </span>}
          {props.caption}
        </p>
      )}
      {/* Named by the run too: a lesson can show two embeds, and landmarks must not share a name. */}
      <section className="sb-compact-timeline" aria-label={`Timeline: ${props.title}`}>
        <TimelineHost compact />
        <p className="sb-hint sb-compact-tl-hint" aria-hidden="true">
          One lane per node. Click or use the arrow keys to move.
        </p>
        {/* Open by itself where there is room; on a phone its eleven lines would stand between
            the strip and the lesson (the region grew from under 170 px to 353), so it waits
            behind its name there, as the picture's key does. */}
        <details className="sb-compact-more sb-compact-tl-key" ref={openWhereWide}>
          <summary>Key to the timeline</summary>
          <TimelineKey compact />
        </details>
      </section>
      {/* A newcomer's embed offers no tour: the runs' tours use words its lesson has not taught. */}
      {!props.simple && <TourOffer preset={props.preset ?? null} />}
      {/* Every shape, ring and word of the picture, as on /sandbox (an embed had no key). */}
      <details className="sb-compact-more sb-compact-key">
        <summary>Key to the picture</summary>
        <Legend queue simple={props.simple} fold={false} />
      </details>
      <details className="sb-compact-more">
        <summary>Every event so far</summary>
        <NarrationLog limit={12} title="Every event" name={`Every event: ${props.title}`} />
      </details>
      <p className="sb-compact-links">
        {props.fullLink}
        <button type="button" className="sb-btn sb-btn-quiet" onClick={openHelp}>
          Shortcuts
        </button>
      </p>
      <HelpDialog ref={helpRef} />
    </div>
  );
}

/** A run's name as its name and the rest ("Kubernetes coordinated election" and "a rolling
 *  upgrade keeps the oldest version leading"), split at its first colon; no colon, no rest. */
function splitTitle(title: string): [string, string | null] {
  const at = title.indexOf(": ");
  return at > 0 ? [title.slice(0, at), title.slice(at + 2)] : [title, null];
}

/** A lesson's caption that already tells the learner when to press Play and what the run plans. */
export function captionSaysPlan(caption: string | undefined): boolean {
  return /^Press Play\b/.test(caption ?? "");
}

/** The rest of a name as a sentence of the caption: a capital and a full stop. */
function sentence(s: string): string {
  const t = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
