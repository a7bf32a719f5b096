// The selected node's actions: crash, restart, pause (GC or mid-write), isolate, slow down,
// clock drift or step, graceful shutdown. The settings beside them (how long, how much) are
// shared with the keyboard shortcuts.
import { useEffect, useId, useRef, useState } from "react";
import { nodeRoleLabel } from "../views/ClusterView.ts";
import { formatToken, termLabelOf, termText } from "../labels.ts";
import { detailWords, queuedBehind } from "../vocabulary.ts";
import { ActionButton } from "./ActionButton.tsx";
import { QueueGloss } from "./QueueGloss.tsx";
import { PanelHeading } from "./PanelHeading.tsx";
import { useController, useSandbox } from "./context.ts";
import { placeStageAbove, keepNodeInView, fitSheetBelow, whyInEmbed, clearOfLabels } from "./reveal.ts";
import { clearSheetEdge, watchSheetEdge } from "./sheet-edge.ts";
import { closeWhy, whyStore } from "../why.ts";
import { NumberField, useParams } from "./NumberField.tsx";
import { useNarrow } from "./use-narrow.ts";
import { LiveReadout } from "./NodeReadout.tsx";
import { crashVsShutdown } from "../stop-words.ts";
import "./picture-parts.css";
import "./node-column.css";
import "./phone-run-controls.css";

/** Why an action the node cannot take now is greyed out, in words (never a silent grey). */
function disabledReason(
  s: { status: string; ended: boolean; frame: unknown },
  role: string,
  id: string,
): string | null {
  if (s.status !== "ready" || !s.frame) return "The simulator is starting.";
  if (s.ended)
    return "These actions are off because the run has ended: press Play again, or extend the run, to act again.";
  if (role === "crashed") return `${id} is down: the only action left is Restart, which brings it back.`;
  return null;
}

/** `sheet`: on a phone, the panel opens as a sheet over the lower part of the screen, so the
 *  picture and the node's actions share one screen; Close (or Escape) deselects and gives the
 *  focus back to the node in the picture. */
export function NodePanel({
  compact = false,
  sheet = false,
  allowed,
  simple = false,
}: {
  compact?: boolean;
  sheet?: boolean;
  allowed?: readonly string[];
  /** a newcomer's embed: no clock readout and no "How long, how much" settings */
  simple?: boolean;
}) {
  const [params, setParams] = useParams();
  const summary = useSandbox((s) => {
    const n = s.selected ? s.frame?.nodes.find((x) => x.id === s.selected) : undefined;
    if (!n) return null;
    // One vocabulary, as in the picture: "token 2" for an etcd leader, "waiting behind n1" for a
    // node waiting in line (vocabulary.ts), "term 6" in Raft.
    const label = termLabelOf(s.parsed, s.frame?.protocol);
    const tok =
      n.token !== null && n.token !== n.term
        ? `${label.tokenWord} ${formatToken(s.frame?.protocol ?? "", n.token)}`
        : "";
    return `${n.id}|${nodeRoleLabel(n)}|${termText(label, n, s.frame ? queuedBehind(s.frame, n) : null, s.frame?.store?.up ?? true)}|${tok}|${detailWords(s.frame?.protocol ?? "", n.detail, nodeRoleLabel(n))}|${n.believesLeader}`;
  });
  const reasonState = useSandbox((s) => `${s.status}|${s.ended}|${s.frame ? 1 : 0}`);
  const ctl = useController();
  const headingId = useId();
  const narrow = useNarrow();
  const asSheet = sheet && narrow && summary !== null;
  const headRef = useRef<HTMLHeadingElement>(null);
  const selectedId = summary?.split("|")[0] ?? null;
  // On a phone the sheet stays open after an action and through Play: it is the learner's
  // tool, and it folding away read as the tap having failed (review 9b #1, #12); its head
  // shows the newest event, so the act's effect reads beside the picture. Only under a tour's
  // docked step does it fold to one line after the move, so the step's Back and Next show.
  const touring = useSandbox((s) => s.tour !== null);
  const [folded, setFolded] = useState<string | null>(null);
  const isFolded = asSheet && folded !== null && folded === selectedId;
  const barRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (isFolded) barRef.current?.focus({ preventScroll: true });
  }, [isFolded]);
  // A sheet opening moves the page just enough that the tapped node sits above the sheet (it
  // covers the lower part of the screen), and takes the focus, so a screen reader user hears
  // which node it acts on.
  const panelRef = useRef<HTMLElement>(null);
  const baseMaxRef = useRef("");
  useEffect(() => {
    if (!asSheet || !selectedId) return;
    headRef.current?.focus({ preventScroll: true });
    const id = requestAnimationFrame(() => {
      // The whole picture above the sheet when it fits (review 3b: the sheet covered etcd, n2
      // and n3), then the tapped node with its labels in any case.
      // In a lesson embed only the tapped node counts: the page stays put unless the sheet
      // would cover it, and its run controls never leave the screen (review 9a #8).
      if (panelRef.current && !compact) placeStageAbove(ctl, panelRef.current);
      const sheetTop = panelRef.current?.getBoundingClientRect().top ?? window.innerHeight;
      const bottom = keepNodeInView(ctl, selectedId, sheetTop);
      if (panelRef.current) {
        fitSheetBelow(panelRef.current, compact ? bottom : clearOfLabels(ctl, bottom));
        baseMaxRef.current = panelRef.current.style.maxHeight;
        clearSheetEdge(panelRef.current, baseMaxRef.current);
      }
    });
    return () => cancelAnimationFrame(id);
  }, [asSheet, selectedId, ctl, compact]);
  // Its top edge never slices a control in the page under it (review 10b #5).
  useEffect(() => {
    if (!asSheet || isFolded || !panelRef.current) return;
    return watchSheetEdge(panelRef.current, () => baseMaxRef.current);
  }, [asSheet, isFolded]);
  // In a lesson embed the Why? panel and the node's actions share the column beside the
  // picture, and the newest replaces the other: a node clicked with a Why? open closed nothing,
  // and its actions opened 1,000 px down, under the Why? panel (review 4a #4).
  useEffect(() => {
    if (!compact || !selectedId) return;
    const why = whyStore(ctl);
    if (why.getState().open && whyInEmbed(ctl)) closeWhy(why);
  }, [compact, selectedId, ctl]);
  // Under the picture (a screen narrower than the embed's two columns), bring the actions toward
  // view only as far as the clicked node stays on screen. Beside the picture they are already
  // in view, and a click there never moves the page.
  useEffect(() => {
    if (asSheet || !compact || !selectedId) return;
    const panel = panelRef.current?.getBoundingClientRect();
    if (!panel || panel.top < window.innerHeight - 80) return;
    const nodeEl = panelRef.current
      ?.closest(".sb")
      ?.querySelector(`.sb-cluster-host [data-node="${selectedId}"][role="button"]`);
    const stage = nodeEl?.closest(".sb-compact-stage")?.getBoundingClientRect();
    if (stage && panel.left >= stage.right) return;
    const node = nodeEl?.getBoundingClientRect();
    const want = panel.top + Math.min(panel.height, 160) - window.innerHeight;
    const room = node ? Math.max(0, node.top - 80) : want;
    const dy = Math.min(want, room);
    if (dy > 0) window.scrollBy({ top: dy });
  }, [asSheet, compact, selectedId]);
  // A lesson can show two embeds at once: each names its regions by its run, so no two landmarks
  // share a name (axe landmark-unique).
  const runTitle = useSandbox((s) => s.title);
  const protocol = useSandbox((s) => s.frame?.protocol ?? "");
  const regionName = (visible: string) =>
    compact ? { "aria-label": `${visible}: ${runTitle}` } : { "aria-labelledby": headingId };
  if (!summary) {
    return (
      <section className="sb-panel sb-node-panel sb-node-panel-empty" {...regionName("Node actions")}>
        <PanelHeading id={headingId}>Node actions</PanelHeading>
        {/* What the panel will hold, and the keyboard's way in: the picture's own line already
            says "Click a node to act on it" (review 18a #7: the instruction came twice). */}
        <p className="sb-hint">
          A node&apos;s actions (pause, crash, cut off) show here once you pick it. By keyboard: Tab to the
          cluster, then the arrow keys and Enter.
        </p>
        <QueueGloss />
      </section>
    );
  }
  const [id, role, term, token, detail, believes] = summary.split("|");
  const [status, ended, hasFrame] = reasonState.split("|");
  const reason = disabledReason(
    { status, ended: ended === "true", frame: hasFrame === "1" ? {} : null },
    role,
    id,
  );
  const close = () => {
    ctl.dispatch({ type: "select", node: null });
    // Back to the node it acted on, so the keyboard carries on from the picture.
    const node = document.querySelector<SVGGElement>(`.sb-cluster-host [data-node="${id}"][role="button"]`);
    node?.focus({ preventScroll: true });
  };
  const may = (name: string) => !allowed || allowed.includes(name);
  const buttons: Array<[string, string]> = [
    ["crash", "crash"],
    ["restart", "restart"],
    ["pause", "pause"],
    ["pause-write", "pause"],
    ["isolate", "isolate"],
    ["shutdown", "shutdown"],
    ...(!compact
      ? ([
          ["slow", "slow"],
          ["drift", "clock"],
          ["clock-step", "clock"],
        ] as Array<[string, string]>)
      : []),
  ];
  if (isFolded) {
    return (
      <section
        className="sb-panel sb-node-panel sb-sheet sb-sheet-folded"
        role="dialog"
        aria-modal={false}
        aria-labelledby={headingId}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            close();
          }
        }}
      >
        <p className="sb-sheet-line" id={headingId}>
          <strong>{id}</strong>: {role}
        </p>
        <button
          type="button"
          className="sb-btn sb-btn-quiet"
          ref={barRef}
          aria-expanded={false}
          onClick={() => setFolded(null)}
        >
          Actions
        </button>
        <button type="button" className="sb-btn sb-btn-quiet" onClick={close}>
          Close
        </button>
      </section>
    );
  }
  return (
    <section
      ref={panelRef}
      className={`sb-panel sb-node-panel${asSheet ? " sb-sheet" : ""}`}
      {...(asSheet ? { "aria-labelledby": headingId } : regionName(`Actions for ${id}`))}
      role={asSheet ? "dialog" : undefined}
      aria-modal={asSheet ? false : undefined}
      onKeyDown={
        asSheet
          ? (e) => {
              if (e.key === "Escape") {
                e.preventDefault();
                e.stopPropagation();
                close();
              }
            }
          : undefined
      }
    >
      <div className="sb-panel-head">
        <PanelHeading id={headingId} ref={headRef}>
          Actions for {id}
        </PanelHeading>
        <button type="button" className="sb-btn sb-btn-quiet" onClick={close}>
          {asSheet ? "Close" : "Deselect"}
        </button>
      </div>
      <p className="sb-node-state">
        <span className={`sb-role-chip role-${role}`}>{role}</span> {term}
        {token && <> · {token}</>}
        {detail && detail !== role && <> · {detail}</>}
        {believes === "true" && role !== "leader" && <> · still believes it leads</>}
      </p>
      {!simple && <LiveReadout id={id} />}
      <div
        className="sb-action-grid"
        onClick={
          asSheet
            ? (e) => {
                // During a tour, an enabled action folds the sheet after it is dispatched.
                const b = (e.target as Element).closest("button");
                if (b && !b.disabled && touring) setFolded(id);
              }
            : undefined
        }
      >
        {buttons
          // A crashed node is offered only what makes sense on it (review 5b #16: it still
          // offered Isolate and Clock drift): Restart.
          .filter(([name, kind]) => may(kind) && (role !== "crashed" || name === "restart"))
          .map(([name]) => (
            <ActionButton key={name} name={name} showKey={!compact && !asSheet} />
          ))}
      </div>
      {role !== "crashed" && may("crash") && may("shutdown") && (
        // One short line under the buttons, its words a click away (review 15b #2: five lines
        // of it under the buttons ran the node's column past the fold at 1280x800).
        <details className="sb-stop-hint">
          <summary>Crash or Shut down?</summary>
          <p className="sb-hint">{crashVsShutdown(protocol)}</p>
        </details>
      )}
      {reason && <p className="sb-hint sb-disabled-reason">{reason}</p>}
      {!simple && (
        <details className="sb-action-settings">
          <summary>Action settings: how long, how much</summary>
          <div className="sb-fields">
            <NumberField
              label="Pause length (s)"
              value={params.pauseSeconds}
              min={0.1}
              step="any"
              onChange={(v) => v !== null && v > 0 && setParams({ pauseSeconds: v })}
            />
            <NumberField
              label="Isolate for (s)"
              value={params.isolateSeconds}
              min={0.1}
              blankable
              onChange={(v) => setParams({ isolateSeconds: v })}
            />
            {!compact && (
              <NumberField
                label="Slow-down factor"
                value={params.slowFactor}
                min={1}
                step="any"
                onChange={(v) => v !== null && v >= 1 && setParams({ slowFactor: v })}
              />
            )}
            {!compact && (
              <NumberField
                label="Clock drift (%)"
                hint="10% = 100,000 parts per million"
                value={params.driftPpm / 10_000}
                min={-99}
                step="any"
                onChange={(v) => v !== null && v > -100 && setParams({ driftPpm: Math.round(v * 10_000) })}
              />
            )}
            {!compact && (
              <NumberField
                label="Wall-clock step (s)"
                value={params.stepMs / 1000}
                step="any"
                onChange={(v) => v !== null && setParams({ stepMs: Math.round(v * 1000) })}
              />
            )}
          </div>
        </details>
      )}
    </section>
  );
}
