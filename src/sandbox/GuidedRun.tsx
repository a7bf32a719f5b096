// One guided run for the first ten minutes (/start): the cluster picture and only what the
// screen needs beside it: Play (or Pause, or Play again), Next event, the one fault the screen
// asks the learner to cause, the clock, and the latest events in words. No speed, no scrubber,
// no link tools, no metrics. It drives the same controller, worker and cluster view as the
// sandbox; the links in the picture are drawn read-only, so nothing is cut by a stray tap.
import { followReducedMotion } from "./reduced-motion.ts";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { RoleKeys } from "./ui/RoleKeys.tsx";
import { RingKeys } from "./ui/RingKeys.tsx";
import { GuidedKeys } from "./GuidedKeys.tsx";
import { parseDuration, presets } from "../engine/index.ts";
import { SandboxController } from "./controller.ts";
import { performFault } from "./actions.ts";
import { type Line } from "./narration.ts";
import { formatSeconds, formatTenths } from "./format-seconds.ts";
import { subjectLast, toneRank } from "./headline.ts";
import { faultButton, faultHint, PAUSE_MS } from "./guided-fault.ts";
import {
  announceText,
  countInWords,
  guidedLines,
  latestLines,
  leaderOf,
  newGuidedMemo,
  plainWords,
  renewalDue,
  type GuidedLine,
} from "./guided-lines.ts";
import { presetScenario } from "./scenarios.ts";
import { GuidedStillBox } from "./GuidedShell.tsx";
import type { GuidedBridge, GuidedView } from "./guided-bridge.ts";
import { askToPlay, askToStep, forgetWishes, takePlayWish, takeStepWish } from "./guided-intent.ts";
import { GuidedPicture } from "./GuidedPicture.tsx";
import { createSandboxStore, type SandboxState } from "./store.ts";
import type { StoreApi } from "zustand/vanilla";
import "./sandbox.css";
import "./ui/cluster.css";
import "./guided-run.css";

/** The faults a screen can hand the learner, as one button each. */
export type GuidedFault = "pause-leader";

export interface GuidedRunProps {
  preset: string;
  /** the one fault this screen asks the learner to cause */
  fault?: GuidedFault;
  /** false: the words list no heartbeats (a screen before they are taught) */
  heartbeats?: boolean;
  /** the shell's buttons (GuidedShell.tsx): the run tells them what to say and takes their presses */
  bridge: GuidedBridge;
  /** the shell's key to the shapes, where the run's entries go */
  legend: HTMLUListElement | null;
}

export { adoptedLines, latestLines, plainWords, stillLeadsLines } from "./guided-lines.ts";

/** The lines with the new ones added, and a line kept up to date (a heartbeat line's later
 *  heartbeat) put in its first telling's place, but only while that line is still the newest:
 *  once something else has happened, the heartbeats stay where they were told, so on a later
 *  screen they never push a crash or a refused write out of the list of three. */
function keepUp(lines: GuidedLine[], found: readonly GuidedLine[], newestTold: number): GuidedLine[] {
  let out = lines;
  for (const u of found) {
    if (!u.update) continue;
    const old = out.find((l) => l.slot === u.slot);
    if (!old || out.some((l) => l !== old && l.t > old.t) || newestTold > old.t) continue;
    out = out.map((l) => (l === old ? u : l));
  }
  return out;
}

function useRun<T>(store: StoreApi<SandboxState>, sel: (s: SandboxState) => T): T {
  return useStore(store, sel);
}

/** The learner's pause of `who` from now: until when it is paused, and the resource's refused
 *  count then (one more after it wakes is its late write refused). */
function freezeOf(ctl: SandboxController, who: string): { who: string; until: number; refused: number } {
  const f = ctl.store.getState().frame;
  return { who, until: (f?.t ?? 0) + PAUSE_MS, refused: f?.resource?.rejected ?? 0 };
}

export default function GuidedRun({ preset, fault, heartbeats = true, bridge, legend }: GuidedRunProps) {
  const [ctl, setCtl] = useState<SandboxController | null>(null);
  useEffect(() => {
    const scenario = presetScenario(preset);
    if (!scenario) return;
    const c = new SandboxController({
      scenario,
      source: { kind: "preset", name: preset },
      title: presets[preset].title,
    });
    const stopMotion = followReducedMotion(c.store);
    c.start();
    // The controller owns a worker, so it is made here, after mount, and handed to render once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCtl(c);
    return () => {
      // A Play or Next event pressed early on a screen the learner has left must not act on a return.
      forgetWishes(preset);
      stopMotion();
      c.dispose();
      setCtl(null);
    };
  }, [preset]);
  // The run is gone: the shell's buttons wait again (a press is kept for the next run).
  useEffect(() => () => bridge.set(null, null), [bridge]);

  // Until the controller (and its worker) exists, the same body draws from a still store.
  const idle = useMemo(() => {
    const sc = presetScenario(preset);
    return sc ? createSandboxStore(sc, { kind: "preset", name: preset }, presets[preset].title) : null;
  }, [preset]);
  // A run whose leader writes nothing (the screens about electing) leaves the resource out of
  // the picture: it would only show "no writes yet" beside the one idea on screen.
  const scenario = presetScenario(preset);
  const writes = ((scenario?.work as { every?: unknown } | undefined)?.every ?? 1) !== 0;
  return ctl || idle ? (
    <RunBody
      preset={preset}
      ctl={ctl}
      store={ctl?.store ?? idle!}
      noResource={!writes}
      fault={fault}
      heartbeats={heartbeats}
      bridge={bridge}
      legend={legend}
    />
  ) : (
    <GuidedStillBox preset={preset} />
  );
}

function RunBody({
  preset,
  ctl,
  store,
  noResource,
  fault,
  heartbeats,
  bridge,
  legend,
}: {
  preset: string;
  ctl: SandboxController | null;
  store: StoreApi<SandboxState>;
  noResource: boolean;
  fault?: GuidedFault;
  heartbeats: boolean;
  bridge: GuidedBridge;
  legend: HTMLUListElement | null;
}) {
  // Drawn by this controller's picture (a new controller draws anew).
  const [drawnBy, setDrawnBy] = useState<SandboxController | null>(null);
  const drawn = ctl !== null && drawnBy === ctl;
  const onDrawn = useCallback(() => setDrawnBy(ctl), [ctl]);
  const ready = useRun(store, (s) => s.status === "ready" && s.frame !== null) && drawn;
  const playing = useRun(store, (s) => s.playing);
  // "Next event" runs to the next moment the page tells in words (see the subscription below).
  const seeking = useRef<{ last: Line | undefined; tries: number } | null>(null);
  const stepMode = useRef<() => "visible" | "meaningful">(() => "meaningful");
  const stepToLine = (c: SandboxController): void => {
    seeking.current = { last: c.store.getState().narration.at(-1), tries: 0 };
    c.dispatch({ type: "step", mode: stepMode.current() });
  };
  // A Play pressed before the run could play (here or on the placeholder) starts it once it can:
  // Play is never disabled, so a press is never refused and retried (guided-intent.ts).
  // Next event likewise: it is never shown disabled while the worker starts (review 15a #7).
  useEffect(() => {
    if (!ready || !ctl) return;
    if (takePlayWish(preset)) ctl.dispatch({ type: "play" });
    else if (takeStepWish(preset)) stepToLine(ctl);
  }, [ready, ctl, preset]);
  const ended = useRun(store, (s) => s.ended);
  // "Then: press Play again…" waits until the run has played through once.
  const [playedOnce, setPlayedOnce] = useState(false);
  if (ended && !playedOnce) setPlayedOnce(true);
  // Whether the learner has caused the screen's fault in this playing of the run: a run that
  // ends without it says so, and offers to start again.
  const [acted, setActed] = useState(false);
  const [pending, setPending] = useState(false);
  const until = useRun(store, (s) => s.frame?.until ?? s.parsed?.until ?? 0);
  const tenths = useRun(store, (s) => Math.floor((s.frame?.t ?? 0) / 100));
  const narration = useRun(store, (s) => s.narration);
  const notices = useRun(store, (s) => s.notices);
  const leader = useRun(store, (s) => leaderOf(s.frame));
  // Every ring the picture draws has its words in the legend (RingKeys), never colour alone.
  const rings = useRun(
    store,
    useShallow((s) => ({
      lease: s.frame?.nodes.some((n) => n.lease !== null) ?? false,
      timer:
        s.frame?.nodes.some(
          (n) => typeof (n.view as { electionDeadline?: unknown }).electionDeadline === "number",
        ) ?? false,
      store: s.frame?.store?.kind ?? null,
      believer: s.frame?.nodes.some((n) => n.believesLeader && n.role !== "leader") ?? false,
      cut: (s.frame?.cuts ?? []).length > 0,
      nodes: s.frame?.nodes.length ?? 0,
      // Where a candidate's label counts its votes (Raft): what it needs, a majority of all
      // nodes, said for the whole run, so the key does not change as candidates come and go.
      needed: s.frame?.nodes.some((n) => "votes" in (n.view as object))
        ? Math.floor(s.frame.nodes.length / 2) + 1
        : null,
    })),
  );
  // The node the learner froze, while it is still frozen: the hint follows the picture. `refused`
  // is the resource's count of refused writes when it froze: one more after it wakes is its late
  // write refused, and the pause has played out (or, with no write, 3 s after it woke).
  const [freeze, setFreeze] = useState<{ who: string; until: number; refused: number } | null>(null);
  const frozen = freeze?.who ?? null;
  const frozenNow = useRun(store, (s) => (freeze ? (s.frame?.t ?? 0) < freeze.until : false));
  const settled = useRun(store, (s) => {
    const t = s.frame?.t ?? 0;
    if (!freeze || t < freeze.until) return false;
    return (s.frame?.resource?.rejected ?? 0) > freeze.refused || t >= freeze.until + 3000;
  });
  // The lines the narration has none for: who came back and took a higher term, the leader's
  // heartbeats, a lease's renewal, and the majority side's leader still leading while a
  // cut-off node stands again and again, and why it cannot win.
  // "Next event" runs to the next moment the page tells in words, its own lines included: the
  // engine's meaningful step also stops at a write or a vote that gets no line, so it steps on
  // until a new line shows. One subscription does both, so a step that brings one of these
  // lines stops there (they are worked out from the frame before the step goes on).
  // The leader's heartbeat interval, the run's own setting, for the heartbeat line's "every 0.1 s".
  const beatEvery = useMemo(
    () => parseDuration((presetScenario(preset)?.timing as { heartbeat?: unknown } | undefined)?.heartbeat),
    [preset],
  );
  const [adopted, setAdopted] = useState<GuidedLine[]>([]);
  useEffect(() => {
    const memo = newGuidedMemo({ heartbeats, beatEvery });
    if (!ctl) return undefined;
    stepMode.current = () => (renewalDue(ctl.store.getState().frame, memo) ? "visible" : "meaningful");
    return ctl.store.subscribe((s, prev) => {
      const f = s.frame;
      if (!f || f === prev.frame) return;
      if (prev.frame && f.t < prev.frame.t) setAdopted((a) => a.filter((l) => l.t <= f.t));
      const found = guidedLines(prev.frame, f, memo);
      const fresh = found.filter((l) => !l.update);
      const newestTold = s.narration.at(-1)?.t ?? 0;
      if (found.length) setAdopted((a) => keepUp([...a, ...fresh], found, newestTold));
      const k = seeking.current;
      if (!k) return;
      const last = s.narration[s.narration.length - 1];
      if (last !== k.last || fresh.length || s.ended || k.tries >= 400) {
        seeking.current = null;
        return;
      }
      k.tries++;
      // While a lease's first renewal is still to be told, one visible event at a time: a
      // meaningful step would jump over it (renewals are no stop of their own), and the stepped
      // run would tell a later renewal than Play does (review 17a #1).
      ctl.dispatch({ type: "step", mode: stepMode.current() });
    });
  }, [ctl, heartbeats, beatEvery]);

  const lines = useMemo(
    () =>
      latestLines(
        // at one shown instant, a write's fate or a safety event heads the list (headline.ts)
        subjectLast([...narration.filter((l) => l.t > 0), ...adopted], formatTenths, (l) =>
          toneRank(l.tone),
        ).map((l) => ({ ...l, text: plainWords(l.text) })),
        3,
      ).map(countInWords),
    [narration, adopted],
  );
  // A screen reader hears the lines the list shows, each once and in time order; a rewind
  // (the lines start over) forgets what was said, so a replay is told again.
  const live = useRef<HTMLDivElement>(null);
  const said = useRef<{ set: Set<string>; lastT: number }>({ set: new Set(), lastT: 0 });
  useEffect(() => {
    const memo = said.current;
    const newest = lines[0]?.t ?? 0;
    if (newest < memo.lastT || lines.length === 0) memo.set.clear();
    memo.lastT = newest;
    const text = announceText(lines, memo.set);
    if (text && live.current) live.current.textContent = text;
  }, [lines]);
  const play = () => {
    if (!ctl || !ready) {
      askToPlay(preset);
      return;
    }
    seeking.current = null;
    if (playing) ctl.dispatch({ type: "pause" });
    else if (ended) restart();
    else ctl.dispatch({ type: "play" });
  };
  // Play waits for the rewind to land: the controller refuses to play a run still marked ended
  // (so "Play again" once rewound and stood still), as the sandbox's Play again does.
  const restart = () => {
    if (!ctl) return;
    seeking.current = null;
    setFreeze(null);
    setActed(false);
    setPending(false);
    const off = ctl.store.subscribe((s) => {
      if (s.ended) return;
      off();
      ctl.dispatch({ type: "play" });
    });
    ctl.dispatch({ type: "seek", t: 0 });
  };
  const next = () => {
    if (!ctl || !ready) {
      askToStep(preset);
      return;
    }
    stepToLine(ctl);
  };
  const pauseLeader = () => {
    if (!ctl) return;
    const who = leaderOf(ctl.store.getState().frame);
    // Once per pause: a second press waits until the first has played out (settled).
    if ((acted && !settled) || ctl.store.getState().ended) return;
    // Pressed while the first leader is still being elected: it pauses that leader once it wins.
    if (!who) {
      if (playing || tenths > 0) setPending(true);
      return;
    }
    setPending(false);
    setFreeze(freezeOf(ctl, who));
    setActed(true);
    performFault(ctl, { do: "pause", node: who, for: PAUSE_MS });
    if (!ctl.store.getState().playing) ctl.dispatch({ type: "play" });
  };
  // "Pause", the sandbox's word (time-actions.ts); the last screen's fault starts with another
  // word, "GC pause the leader" (guided-fault.ts), so the two never read alike.
  // On the screen that hands the learner a fault, an ended run's button says what it does next:
  // it starts the run over, for another go at the fault.
  const playText = playing ? "Pause" : ended ? (fault ? "Start again" : "Play again") : "Play";
  // The press kept before the first leader: the leader it waited for is paused once it wins.
  useEffect(() => {
    if (!pending || !leader || !ctl || ctl.store.getState().ended) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPending(false);
    setFreeze(freezeOf(ctl, leader));
    setActed(true);
    performFault(ctl, { do: "pause", node: leader, for: PAUSE_MS });
  }, [pending, leader, ctl]);
  const faultState = {
    ready,
    ended,
    acted,
    until,
    frozen,
    frozenNow,
    leader,
    started: playing || tenths > 0,
    pending,
    settled,
  };
  // What the shell's buttons and words say (GuidedShell.tsx), told before the browser paints.
  const view: GuidedView = {
    playing,
    playText,
    // Not "ready &&": a press before the run is here is kept and stepped once it is.
    canStep: !ended,
    clock: `${formatTenths(tenths * 100)} of ${formatSeconds(until)}`,
    fault: faultButton(faultState),
    faultWhy: faultHint(faultState),
    lines,
    playedOnce,
  };
  useLayoutEffect(() => bridge.set(view, { play, next, pauseLeader }));
  return (
    <>
      <GuidedPicture preset={preset} ctl={ctl} drawn={drawn} onDrawn={onDrawn} noResource={noResource} />
      {notices.length > 0 && (
        <div className="gr-notices">
          {notices.map((n) => (
            <p key={n.id} className={`sb-notice ${n.kind}`} role={n.kind === "error" ? "alert" : "status"}>
              {n.text}
            </p>
          ))}
        </div>
      )}
      {/* Every ring the picture draws has its words in the shell's key, never colour alone. */}
      {legend &&
        createPortal(
          <>
            <RoleKeys believer={rings.believer} />
            <RingKeys lease={rings.lease} timer={rings.timer} storeKind={rings.store} />
            <GuidedKeys cut={rings.cut} needed={rings.needed} nodes={rings.nodes} />
          </>,
          legend,
        )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" ref={live} />
    </>
  );
}
