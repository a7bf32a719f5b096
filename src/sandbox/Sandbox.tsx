// The sandbox: the engine live in a worker, drawn with D3, broken by clicking, rewound and
// shared. "full" is the /sandbox page; "compact" is the lesson embed.
import { followReducedMotion } from "./reduced-motion.ts";
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { Link } from "@tanstack/react-router";
import { runShortcut } from "./actions.ts";
import { SandboxController } from "./controller.ts";
import { DEFAULT_DESCRIPTION, type RawScenario } from "./scenarios.ts";
import { isProtocol, presets, specOf } from "../engine/index.ts";
import type { Frame } from "../engine/index.ts";
import type { Source } from "./store.ts";
import { SandboxContext, useController, useSandbox } from "./ui/context.ts";
import { RealityStrip, type StripEntry } from "./ui/RealityStrip.tsx";
import { ReplayRun, type ReplayRequest } from "./ui/ReplayRun.tsx";
import { loadRealTrial } from "./replay/recordings.ts";
import { HelpDialog } from "./ui/HelpDialog.tsx";
import { HeadingLevel } from "./ui/PanelHeading.tsx";
import { NarrationLog } from "./ui/Logs.tsx";
import { Legend } from "./ui/Legend.tsx";
import { NowColumn, RunLogs, TimelinePanel } from "./ui/RunPanels.tsx";
import { NetworkPanel } from "./ui/NetworkPanel.tsx";
import { LatestPanel } from "./ui/LatestPanel.tsx";
import { NowMetrics } from "./ui/NowMetrics.tsx";
import { MoreTabs, type TabDef } from "./ui/MoreTabs.tsx";
import { registerHead, registerStage } from "./ui/reveal.ts";
import { plannedFaults, watchLineOf } from "./caption.ts";
import { ToursList } from "./ui/ToursList.tsx";
import { MermaidPanel } from "./ui/MermaidPanel.tsx";
import { NodePanel } from "./ui/NodePanel.tsx";
import { RunSettings } from "./ui/RunSettings.tsx";
import { SharePanel } from "./ui/SharePanel.tsx";
import { BreakItPanel, type BreakItSetup } from "./ui/BreakItPanel.tsx";
import { Toolbar } from "./ui/Toolbar.tsx";
import { TourOffer, TourPanel } from "./ui/TourPanel.tsx";
import { ClusterHost as ClusterView, SandboxNotices as Notices, TimelineHost } from "./ui/Hosts.tsx";
import "./sandbox.css";

export interface SandboxProps {
  scenario: RawScenario;
  source: Source;
  title: string;
  description?: string;
  at?: number;
  notices?: string[];
  variant?: "full" | "compact";
  /** a lesson's "Try to break it" link: the panel opens set up with this search */
  breakIt?: BreakItSetup;
  /** the preset whose tour (if any) is offered */
  preset?: string | null;
  /** link to the full sandbox, for the embed */
  fullLink?: ReactNode;
  /** the page shows its own cue for what to watch (a quiz's "Show me"): the run's watch line is
   *  left out so the learner does not read two slightly different instructions */
  hideWatch?: boolean;
}

const CompactContext = createContext(false);
/** Opens the replay of a recorded real run in place of the simulated one (the full sandbox). */
const ReplayContext = createContext<((r: ReplayRequest) => void) | null>(null);

export function Sandbox(props: SandboxProps) {
  const [ctl, setCtl] = useState<SandboxController | null>(null);
  const [replay, setReplay] = useState<ReplayRequest | null>(null);
  const liveRef = useRef<HTMLDivElement>(null);
  const compact = props.variant === "compact";
  const init = useRef(props);

  useEffect(() => {
    const p = init.current;
    const c = new SandboxController({
      scenario: p.scenario,
      source: p.source,
      title: p.title,
      at: p.at,
      notices: p.notices,
      announce: (text) => {
        if (liveRef.current) liveRef.current.textContent = text;
      },
    });
    const stopMotion = followReducedMotion(c.store);
    c.start();
    // The controller lives outside React; hand it to the tree once it exists.
    setCtl(c);
    return () => {
      stopMotion();
      c.dispose();
      setCtl(null);
    };
  }, []);

  return (
    <CompactContext.Provider value={compact}>
      <HeadingLevel.Provider value={compact ? 3 : 2}>
        <div className={`sb ${compact ? "sb-compact" : "sb-full"}`}>
          {ctl && replay ? (
            <ReplayRun
              req={replay}
              onBack={() => {
                // Back where the learner left: the button of the run just replayed keeps the focus.
                const run = replay.run;
                setReplay(null);
                requestAnimationFrame(() =>
                  document.querySelectorAll<HTMLElement>(".sb-reality-replay button")[run - 1]?.focus(),
                );
              }}
            />
          ) : ctl ? (
            <SandboxContext.Provider value={ctl}>
              <ReplayContext.Provider value={setReplay}>
                {compact ? <CompactLayout {...props} /> : <FullLayout {...props} />}
              </ReplayContext.Provider>
            </SandboxContext.Provider>
          ) : (
            <p className="sb-hint">Starting the simulator…</p>
          )}
          <div className="visually-hidden" aria-live="polite" aria-atomic="true" ref={liveRef} />
        </div>
      </HeadingLevel.Provider>
    </CompactContext.Provider>
  );
}

function useShortcuts(target: "window" | HTMLElement | null, openHelp: () => void) {
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
function usePictureAway(): [boolean, (el: HTMLDivElement | null) => void] {
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

/** The cluster view, compact inside a lesson embed. */
function ClusterHost() {
  const compact = useContext(CompactContext);
  return <ClusterView compact={compact} fitScreen={!compact} />;
}

/** The run's name and one line on it. The line follows what is on screen: an example's own
 *  description, the protocol's summary for a run from Run settings, or the page's words for the
 *  run it opened with (the default run, a shared link). */
export function RunTitle({ description, hideWatch = false }: { description?: string; hideWatch?: boolean }) {
  const title = useSandbox((s) => s.title);
  const source = useSandbox((s) => s.source);
  const protocol = useSandbox((s) => s.parsed?.protocol ?? null);
  const faults = useSandbox((s) => (s.parsed ? plannedFaults(s.parsed.faults, s.actedAt).length : 0));
  const watchText = useSandbox(watchLineOf);
  const watch = hideWatch ? null : watchText;
  const src =
    source.kind === "preset"
      ? "example run"
      : source.kind === "link"
        ? source.quiz
          ? "from your quiz question"
          : "from a shared link"
        : source.kind === "file"
          ? `from ${source.name}`
          : source.kind === "custom"
            ? "your settings"
            : "default run";
  const line =
    source.kind === "preset"
      ? (presets[source.name]?.description ?? description)
      : source.kind === "custom"
        ? protocol && isProtocol(protocol)
          ? specOf(protocol).summary
          : undefined
        : source.kind === "default"
          ? (description ?? DEFAULT_DESCRIPTION)
          : description;
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  const nameRef = useRef<HTMLParagraphElement>(null);
  const lineRef = useRef<HTMLParagraphElement>(null);
  const lineId = useId();
  // The head keeps one height for every run, so the picture under it starts at the same place
  // whatever the title's length: the name takes a fixed number of lines and the description
  // two, cut short with an ellipsis. When either is cut, a button shows all of it.
  useLayoutEffect(() => {
    if (open) return;
    const els = [nameRef.current, lineRef.current].filter((e): e is HTMLParagraphElement => e !== null);
    const measure = () =>
      setCut(els.some((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1));
    measure();
    if (typeof ResizeObserver !== "function") return;
    const ro = new ResizeObserver(measure);
    for (const e of els) ro.observe(e);
    return () => ro.disconnect();
  }, [open, title, line, src, faults, watch]);
  return (
    <div className={`sb-run-title${open ? " open" : ""}`}>
      <div className="sb-run-row">
        <p className="sb-run-name" ref={nameRef} tabIndex={-1}>
          <strong>{title}</strong>{" "}
          <span className="sb-hint">
            ({src}; {faults === 0 ? "no faults planned" : `${faults} fault${faults === 1 ? "" : "s"} planned`}
            )
          </span>
        </p>
        {(cut || open) && (
          <button
            type="button"
            className="sb-btn sb-btn-quiet sb-more-line"
            aria-expanded={open}
            aria-controls={lineId}
            onClick={() => setOpen(!open)}
          >
            {open ? "Show less" : "Show all"}
          </button>
        )}
      </div>
      <p className="sb-hint sb-run-line" id={lineId} ref={lineRef}>
        {watch && <strong className="sb-watch">{watch}</strong>} {line}
      </p>
    </div>
  );
}

/** The printable rules card of the protocol being run (src/course/rules/), with this run's own
 *  timer values beside the defaults (a run with a 10 s TTL never reads "60 s" there). */
function RulesCardLink() {
  const protocol = useSandbox((s) => s.frame?.protocol ?? "");
  const timing = useSandbox((s) => s.parsed?.timing);
  if (!protocol) return null;
  const run: Record<string, number | [number, number]> = {};
  for (const [k, v] of Object.entries((timing ?? {}) as Record<string, unknown>)) {
    if (typeof v === "number") run[k] = v;
    else if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number"))
      run[k] = [v[0] as number, v[1] as number];
  }
  return (
    <p className="sb-hint sb-rules-link">
      <Link to="/rules/$protocol" params={{ protocol }} search={run as never}>
        Rules card for this protocol
      </Link>
      : state, messages, rules, timers (this run&apos;s and the defaults) and token on one page.
    </p>
  );
}

/* The /sandbox page, picture first: the run's name and what to watch, the time bar, then the
   cluster picture with the latest events (each with its Why?), the key metrics and the last
   writes beside it, and the selected node's actions (a sheet over the picture on a phone).
   Everything else waits in tabs under it: one screen at 1280x800 holds all above the tabs. */
function FullLayout(props: SandboxProps) {
  const ctl = useController();
  const helpRef = useRef<HTMLDialogElement>(null);
  const headRef = useRef<HTMLDivElement | null>(null);
  const tabsRef = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState(props.breakIt ? "break" : "timeline");
  const [openHelp] = useState(() => () => helpRef.current?.showModal());
  // A run started from the settings (in a tab under the picture) is shown from its title: the
  // page scrolls back to the head, and the focus, which the settings form loses as it resets to
  // the new run, goes to the run's name, so a keyboard or screen reader user carries on from it.
  const [revealRun] = useState(() => () => {
    const head = headRef.current;
    if (!head) return;
    head.scrollIntoView?.({ block: "start" });
    head.querySelector<HTMLElement>(".sb-run-name")?.focus({ preventScroll: true });
  });
  // Opened from a lesson's "Try to break it" link: bring that tab into view once.
  useEffect(() => {
    if (props.breakIt) tabsRef.current?.scrollIntoView?.({ block: "start" });
  }, [props.breakIt]);
  useShortcuts("window", openHelp);
  const [pictureAway, watchPicture] = usePictureAway();
  const source = useSandbox((s) => s.source);
  const preset = source.kind === "preset" ? source.name : (props.preset ?? null);
  const openReplay = useContext(ReplayContext);
  const onReplay = openReplay
    ? (e: StripEntry, n: number) => {
        if (!e.scenario || !e.timing) return;
        // The replay draws on the simulated run's first frame; a click before it arrives waits for it.
        const frame = new Promise<Frame>((resolve) => {
          const f = ctl.store.getState().frame;
          if (f) return resolve(f);
          const off = ctl.store.subscribe((st) => {
            if (st.frame) {
              off();
              resolve(st.frame);
            }
          });
        });
        void Promise.all([loadRealTrial(e.scenario, e.timing, n), frame]).then(([got, template]) => {
          const s = ctl.store.getState();
          if (!got) return;
          ctl.dispatch({ type: "pause" });
          openReplay({
            system: e.system,
            recordedAt: got.recordedAt,
            run: n + 1,
            trial: got.trial,
            template,
            scenario: s.scenario,
            title: s.title,
          });
        });
      }
    : undefined;
  // The head's "Guided tours" opens the list beside the picture, not in the tab at the page's
  // foot (review 3b: the jump left the cluster off screen); starting a tour replaces it there.
  const [toursNear, setToursNear] = useState(false);
  const touring = useSandbox((s) => s.tour !== null);
  const showTours = () => {
    setToursNear(true);
    headRef.current?.scrollIntoView?.({ block: "start" });
  };
  const tabs: TabDef[] = [
    { id: "timeline", label: "Timeline", panel: <TimelinePanel metrics={false} /> },
    { id: "log", label: "What happened", panel: <RunLogs /> },
    {
      id: "tours",
      label: "Guided tours",
      panel: (
        <>
          <TourOffer preset={preset} />
          <ToursList />
        </>
      ),
    },
    { id: "break", label: "Try to break it", panel: <BreakItPanel initial={props.breakIt} bare /> },
    {
      id: "settings",
      label: "Run settings",
      panel: (
        <section className="sb-panel" aria-label="Run settings">
          <RunSettings onStart={revealRun} />
        </section>
      ),
    },
    {
      id: "network",
      label: "Network and store",
      panel: (
        <section className="sb-panel" aria-label="Network and store">
          <NetworkPanel />
        </section>
      ),
    },
    {
      id: "diagram",
      label: "Sequence diagram",
      panel: (
        <section className="sb-panel" aria-label="Sequence diagram">
          <MermaidPanel />
        </section>
      ),
    },
    {
      id: "share",
      label: "Share",
      panel: (
        <section className="sb-panel" aria-label="Share, export and import">
          <SharePanel />
        </section>
      ),
    },
  ];
  return (
    <>
      <div
        className="sb-head"
        ref={(el) => {
          headRef.current = el;
          registerHead(ctl, el);
        }}
      >
        <h1>Sandbox</h1>
        <RunTitle description={props.description} hideWatch={props.hideWatch} />
        <div className="sb-head-actions">
          <button type="button" className="sb-btn sb-btn-quiet" onClick={showTours}>
            Guided tours
          </button>
          <button type="button" className="sb-btn" onClick={openHelp} aria-keyshortcuts="Shift+?">
            Shortcuts <kbd className="sb-kbd">?</kbd>
          </button>
        </div>
      </div>
      <div className={pictureAway ? "sb-timebar-wrap sb-picture-away" : "sb-timebar-wrap"}>
        <Toolbar />
      </div>
      <div className="sb-main sb-main-full" ref={(el) => registerStage(ctl, el)}>
        <div className="sb-area-tour">
          <TourPanel />
          {toursNear && !touring && tab !== "tours" && (
            <div className="sb-tours-near">
              <ToursList />
              <button type="button" className="sb-btn sb-btn-quiet" onClick={() => setToursNear(false)}>
                Close the list of tours
              </button>
            </div>
          )}
        </div>
        <div className="sb-stage" ref={watchPicture}>
          <ClusterHost />
        </div>
        <div className="sb-side sb-now">
          <NowColumn notices={<Notices />} />
        </div>
        <div className="sb-area-node">
          <div className="sb-tools-slot" />
          <NodePanel sheet />
        </div>
        <div className="sb-area-legend">
          <Legend />
          <RealityStrip preset={preset} onReplay={onReplay} collapsed />
        </div>
      </div>
      <div className="sb-more" ref={tabsRef}>
        <MoreTabs label="More about this run" tabs={tabs} active={tab} onChange={setTab} />
        <RulesCardLink />
      </div>
      <HelpDialog ref={helpRef} />
    </>
  );
}

/** The lesson embed, picture first: what to watch, the time bar, the picture, then the latest
 *  events with their Why?, and the node's actions (a sheet on a phone); the timeline and the
 *  full log follow. */
function CompactLayout(props: SandboxProps) {
  const ctl = useController();
  const helpRef = useRef<HTMLDialogElement>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [openHelp] = useState(() => () => helpRef.current?.showModal());
  const watch = useSandbox(watchLineOf);
  useShortcuts(root, openHelp);
  return (
    <div className="sb-compact-body" ref={setRoot}>
      {watch && <p className="sb-compact-watch">{watch}</p>}
      <Toolbar compact />
      <div className="sb-compact-main" ref={(el) => registerStage(ctl, el)}>
        <TourPanel />
        <div className="sb-compact-stage">
          <ClusterHost />
        </div>
        <div className="sb-compact-now">
          <div className="sb-why-slot" />
          <Notices />
          {/* Named by the run: a lesson can show two embeds, and landmarks must not share a name. */}
          <LatestPanel lines={2} name={`Latest events: ${props.title}`} />
          <NowMetrics compact name={`Key metrics: ${props.title}`} />
          {/* Beside the picture (under it on narrow screens, a sheet on a phone), so a click on a
              node shows its actions within view rather than below the embed's timeline. */}
          <NodePanel compact sheet />
        </div>
      </div>
      {/* Named by the run too: a lesson can show two embeds, and landmarks must not share a name. */}
      <section className="sb-compact-timeline" aria-label={`Timeline: ${props.title}`}>
        <TimelineHost compact />
        <p className="sb-hint sb-compact-tl-hint" aria-hidden="true">
          One lane per node; stripes: two leaders at once. Click or use the arrow keys to move.
        </p>
      </section>
      <TourOffer preset={props.preset ?? null} />
      {/* Every shape, ring and word of the picture, as on /sandbox (an embed had no key). */}
      <details className="sb-compact-more sb-compact-key">
        <summary>Key to the picture</summary>
        <Legend />
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
