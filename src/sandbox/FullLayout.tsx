// The /sandbox page's layout: the run's head, the time bar, the picture and what is beside it, then tabs.
import { useEffect, useRef, useState } from "react";
import type { Frame } from "../engine/index.ts";
import type { SandboxProps } from "./sandbox-props.ts";
import { usePictureAway, useShortcuts } from "./sandbox-hooks.ts";
import { useController, useSandbox } from "./ui/context.ts";
import { RealityStrip, type StripEntry } from "./ui/RealityStrip.tsx";
import type { ReplayRequest } from "./ui/ReplayRun.tsx";
import { loadRealTrial } from "./replay/recordings.ts";
import { HelpDialog } from "./ui/HelpDialog.tsx";
import { Legend } from "./ui/Legend.tsx";
import { NowColumn, RunLogs, TimelinePanel } from "./ui/RunPanels.tsx";
import "./ui/desk-columns.css";
import { NetworkPanel } from "./ui/NetworkPanel.tsx";
import { MoreTabs, type TabDef } from "./ui/MoreTabs.tsx";
import { registerHead, registerStage, revealStage, revealTour, revealUnderStage } from "./ui/reveal.ts";
import { ToursList } from "./ui/ToursList.tsx";
import { useFittingTour } from "./ui/fitting-tour.ts";
import { MermaidPanel } from "./ui/MermaidPanel.tsx";
import { NodeColumn } from "./ui/NodeColumn.tsx";
import { createClusterUi } from "./views/cluster-ui.ts";
import { RunSettings } from "./ui/RunSettings.tsx";
import { SharePanel } from "./ui/SharePanel.tsx";
import { BreakItPanel } from "./ui/BreakItPanel.tsx";
import { Toolbar } from "./ui/Toolbar.tsx";
import { TourOffer, TourPanel } from "./ui/TourPanel.tsx";
import { RunTitle } from "./ui/RunTitle.tsx";
import { RulesCardLink } from "./ui/RulesCardLink.tsx";
import { ClusterHost as ClusterView, SandboxNotices as Notices } from "./ui/Hosts.tsx";
import { useNarrow } from "./ui/use-narrow.ts";

/* The /sandbox page, picture first: the run's name and what to watch, the time bar, then the
   cluster picture with the latest events (each with its Why?), the key metrics and the last
   writes beside it, and the selected node's actions (a sheet over the picture on a phone).
   Everything else waits in tabs under it: one screen at 1280x800 holds all above the tabs. */
export function FullLayout({
  openReplay,
  ...props
}: SandboxProps & {
  /** opens the replay of a recorded real run in place of the simulated one */
  openReplay: (r: ReplayRequest) => void;
}) {
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
  // Opened from a lesson's "Try to break it" link: bring that tab into view once (the panel then
  // brings its "Start the search" whole into view).
  useEffect(() => {
    if (props.breakIt) tabsRef.current?.scrollIntoView?.({ block: "start" });
  }, [props.breakIt]);
  useShortcuts("window", openHelp);
  const [pictureAway, watchPicture] = usePictureAway();
  // At three columns a notice about the learner's act sits in the head, beside the run's title
  // (whose height it fits in): in the now column it pushed the metrics and the tab row 50 to
  // 130 px down after every act in a run with planned faults. Narrower, it stays under Latest,
  // where it never pushes the picture or the newest line off a phone's screen.
  const wideDesk = useNarrow("(min-width: 1181px)");
  // Where the picture's open network tools go at three columns: atop the column left of it.
  const [toolsSide, setToolsSide] = useState<HTMLDivElement | null>(null);
  // The picture's own state (its click mode, its acts on the network), read by the node column
  // beside it too, which shows the node's actions or the open tools.
  const [clusterUi] = useState(createClusterUi);
  const source = useSandbox((s) => s.source);
  const preset = source.kind === "preset" ? source.name : (props.preset ?? null);
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
  // The head's "Take a tour" starts the tour that fits this run (review 16b #6: it opened a list
  // of nine); "Other tours" (or "Take a tour" when none fits) opens the list beside the picture,
  // not in the tab at the page's foot (review 3b: the jump left the cluster off screen).
  const [toursNear, setToursNear] = useState(false);
  const touring = useSandbox((s) => s.tour !== null);
  const protocol = useSandbox((s) => s.parsed?.protocol ?? null);
  const fitting = useFittingTour(preset, protocol);
  const takeTour = () => {
    if (!fitting.name) return showTours();
    setToursNear(false);
    fitting.start((tour) => {
      ctl.dispatch({ type: "tour-start", tour });
      revealTour(ctl);
    });
  };
  // No scroll when the head is on screen: scrolling it to the top hid the site's nav (review 5b #14).
  const showTours = () => {
    setToursNear(true);
    const head = headRef.current;
    if (head && head.getBoundingClientRect().top < 0) head.scrollIntoView?.({ block: "start" });
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
    {
      id: "break",
      label: "Try to break it",
      panel: (
        <>
          {/* Opened, the panel comes into view and the picture leaves it: one press brings the
              picture back (its head, or its top under the time bar). */}
          <p className="sb-to-picture">
            <button type="button" className="sb-btn sb-btn-quiet" onClick={() => revealStage(ctl, true)}>
              Back to the picture
            </button>
          </p>
          <BreakItPanel initial={props.breakIt} bare />
        </>
      ),
    },
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
        {wideDesk && <Notices />}
        <div className="sb-head-actions">
          {/* Not "Guided tours", the tab's name too: two controls, one label (review 8b #8). */}
          {!touring && (
            <button
              type="button"
              className="sb-btn sb-btn-quiet"
              onClick={takeTour}
              title={fitting.tour ? `Starts the tour: ${fitting.tour.title}` : undefined}
            >
              Take a tour
            </button>
          )}
          {!touring && fitting.name && (
            <button
              type="button"
              className="sb-btn sb-btn-quiet"
              onClick={showTours}
              aria-expanded={toursNear}
            >
              Other tours
            </button>
          )}
          <button
            type="button"
            className="sb-btn sb-shortcuts-btn"
            onClick={openHelp}
            aria-keyshortcuts="Shift+?"
          >
            Shortcuts <kbd className="sb-kbd">?</kbd>
          </button>
        </div>
      </div>
      <div className={pictureAway ? "sb-timebar-wrap sb-picture-away" : "sb-timebar-wrap"}>
        <Toolbar />
      </div>
      <div className="sb-main sb-main-full" ref={(el) => registerStage(ctl, el)}>
        {/* A tour's card (or the tours list) and the node's actions: one column at a desk, in
            the page's flow, so its height never moves the picture or what is under it. */}
        <div className="sb-left-col">
          <div className="sb-area-tour">
            <TourPanel foldForNode />
            {toursNear && !touring && tab !== "tours" && (
              <div className="sb-tours-near">
                <ToursList />
                <button type="button" className="sb-btn sb-btn-quiet" onClick={() => setToursNear(false)}>
                  Close the list of tours
                </button>
              </div>
            )}
          </div>
          <NodeColumn ui={clusterUi} setToolsSide={setToolsSide} />
          {wideDesk && props.besidePicture && <div className="sb-beside-picture">{props.besidePicture}</div>}
        </div>
        {/* The legend is in the picture's column: at a desk the column is pinned under the time
            bar while the page scrolls, and the legend goes with it, never under it (review 17b
            #2: the legend's icons showed through the pinned picture). Below three columns the
            column makes no box and the legend keeps its own grid area. */}
        <div className="sb-stage-col">
          <div className="sb-stage" ref={watchPicture}>
            <ClusterView compact={false} fitScreen toolsSide={toolsSide} ui={clusterUi} />
          </div>
          <div className="sb-area-legend">
            <Legend />
            <RealityStrip preset={preset} onReplay={onReplay} collapsed />
          </div>
        </div>
        <div className="sb-side sb-now">
          <NowColumn notices={wideDesk ? undefined : <Notices />} />
        </div>
      </div>
      <div className="sb-more" ref={tabsRef}>
        {/* "Try to break it" opened at the page's foot, its form and its button below the screen
            (review 4b): chosen, its panel comes into view as far as the picture's top allows. */}
        <MoreTabs
          label="More about this run"
          tabs={tabs}
          active={tab}
          onChange={(id) => {
            setTab(id);
            if (id === "break")
              revealUnderStage(
                tabsRef.current,
                () =>
                  tabsRef.current?.querySelector<HTMLElement>(".sb-breakit form button[type=submit]") ?? null,
              );
          }}
        />
        <RulesCardLink />
      </div>
      <HelpDialog ref={helpRef} />
    </>
  );
}
