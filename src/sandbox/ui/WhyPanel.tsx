// The "Why?" panel (issue 20): for the event a learner asked about, one plain sentence, the
// values the rule read, the rule's name, the clock, the lesson section that teaches it, the
// primary source, and the chain of causes back to the fault, each step a button that moves the
// run there. A non-modal dialog: Escape or Close returns focus to the button that opened it.
// Rendered once per sandbox (NarrationLog hosts it): into the layout's .sb-why-slot beside the
// picture on a wide screen, into document.body (a bottom sheet) on a phone.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useStore } from "zustand";
import type { Step, TraceEvent } from "../../engine/index.ts";
import {
  closeWhy,
  healWords,
  isHealStep,
  lessonHref,
  stepTitle,
  whenOf,
  whyHeading,
  whyStore,
} from "../why.ts";
import { armText, clockText, sourceText, storeWords } from "../why-words.ts";
import { valueRows } from "../why-value-words.ts";
import { lessonLabel } from "../why-lesson.ts";
import { originWords } from "../why-origin.ts";
import { storeLabel, termLabelOf, theStore } from "../labels.ts";
import { inTokenWord } from "../vocabulary.ts";
import { useController, useSandbox } from "./context.ts";
import { fitWhyBeside, keepStageAbove, revealStage, whyInEmbed, whySlotOf } from "./reveal.ts";
import "./why.css";

export function WhyHost() {
  const c = useController();
  const store = whyStore(c);
  const st = useStore(store);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const sheet = useRef<HTMLElement>(null);
  const storeName = useSandbox((s) => (s.frame?.store ? theStore(s.frame.store.kind) : "the store"));
  const tokenWord = useTokenWord();
  const actedAt = useSandbox((s) => s.actedAt);
  useEffect(() => {
    if (!st.open) return;
    // preventScroll: on a phone the heading sits in a fixed sheet; focusing it must not move
    // the page, which keepStageAbove places so the picture shows above the sheet.
    heading.current?.focus({ preventScroll: true });
    if (sheet.current && !sheet.current.classList.contains("sb-why-inline")) keepStageAbove(c, sheet.current);
    // In a lesson embed the newest of Why? and a node's actions takes the column beside the
    // picture: a Why? opened replaces the selected node's actions (NodePanel does the reverse).
    else if (whyInEmbed(c) && c.store.getState().selected) c.dispatch({ type: "select", node: null });
    // In a lesson embed Why? takes the place of the latest events: the run holds still while it
    // is read, or the clock ran on unseen (review 10a #13: 3.47 s to 5.18 s under the panel).
    if (whyInEmbed(c) && c.store.getState().playing) c.dispatch({ type: "pause" });
    // On the /sandbox page at three columns: brought on screen beside the picture.
    if (sheet.current?.classList.contains("sb-why-inline")) fitWhyBeside(c, sheet.current);
  }, [st.open, st.seq, c]);
  // Once the chain has come, the sheet's content is final: place the picture again.
  useEffect(() => {
    if (
      st.open &&
      st.status === "ready" &&
      sheet.current &&
      !sheet.current.classList.contains("sb-why-inline")
    )
      keepStageAbove(c, sheet.current);
  }, [st.open, st.status, c]);
  if (!st.open || typeof document === "undefined") return null;

  const close = () => {
    const opener = closeWhy(store);
    if (opener?.isConnected) opener.focus();
    else document.querySelector<HTMLElement>(".sb-log-list")?.focus();
  };
  const chain = st.chain ?? [];
  const step = chain[st.shown];
  const seekTo = (k: number) => {
    store.setState({ shown: k });
    // Paused just after the step's instant, so the moment itself stays on screen to be looked
    // at (review 8a #12: the run played on past the cause the learner jumped to).
    c.dispatch({ type: "pause" });
    c.dispatch({ type: "seek", t: Math.floor(chain[k].t) + 1 });
    if (sheet.current && !sheet.current.classList.contains("sb-why-inline")) keepStageAbove(c, sheet.current);
    else revealStage(c);
  };
  // "Set off by" is a button at both widths (review 6b #6: plain text on a wide screen): to the
  // cause's own step when the chain holds it, else to the moment the cause happened.
  const goCause = (to: CauseTarget) => {
    if (to.step !== null) return seekTo(to.step);
    c.dispatch({ type: "pause" });
    c.dispatch({ type: "seek", t: Math.floor(to.at) + 1 });
    if (sheet.current && !sheet.current.classList.contains("sb-why-inline")) keepStageAbove(c, sheet.current);
    else revealStage(c);
  };
  const cause = causeTarget(chain, st.shown);
  // A fault or repair asked about starts its own chain: said in words, not as a list of one.
  const origin = st.status === "ready" ? originWords(st.event, chain.length, actedAt) : null;

  // The chain comes right under the one-line answer, before the tables: at 1280 it sat below
  // the panel's fold under "What it went by" and the clock (review 12b #10).
  // A chain of one is the event itself (review 15b #8: it read as empty or broken): what set it
  // off is under "Set off by", so the heading and its list show only for two steps or more.
  const chainNav = chain.length > 1 && !origin && (
    <nav aria-label="Chain of causes" className="sb-why-chain">
      <h3>Chain of causes, newest first</h3>
      <ol>
        {chain.map((s, k) => (
          <li key={s.index}>
            <button
              type="button"
              aria-current={k === st.shown ? "step" : undefined}
              onClick={() => seekTo(k)}
            >
              <span className="sb-why-t">{whenOf(s.t)}</span> {k > 0 && <span aria-hidden="true">← </span>}
              {inTokenWord(
                storeWords(stepTitle(s, k === 0 ? (st.event ?? undefined) : undefined), storeName),
                tokenWord,
              )}
            </button>
          </li>
        ))}
      </ol>
      <p className="sb-hint">Each step moves the run to its moment.</p>
    </nav>
  );
  // Wide screens: in the column beside the picture (in the flow, over nothing); a phone keeps
  // the bottom sheet, drawn from document.body.
  const wide = typeof window.matchMedia === "function" && window.matchMedia("(min-width: 761px)").matches;
  const slot = wide ? whySlotOf(c) : null;
  return createPortal(
    <section
      ref={sheet}
      className={slot ? "sb-why sb-why-inline" : "sb-why sb-why-sheet"}
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          close();
        }
      }}
    >
      {/* A div, not a header: inside a dialog a header would be a second banner landmark. */}
      <div className="sb-why-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {inTokenWord(whyHeading(st.label, st.event), tokenWord)}
        </h2>
        <button type="button" className="sb-why-close" aria-label="Close Why?" onClick={close}>
          Close
        </button>
      </div>
      {st.status === "loading" && (
        <p className="sb-hint" role="status">
          Looking back through the run…
        </p>
      )}
      {st.status === "missing" && (
        <p role="status">This event is no longer in the run (it was reloaded). Ask again from the log.</p>
      )}
      {st.intro && st.shown === 0 && <p className="sb-why-intro">{inTokenWord(st.intro, tokenWord)}</p>}
      {step && (
        <StepDetail
          step={step}
          repeat={st.shown > 0}
          cause={cause && { to: cause.to, go: () => goCause(cause) }}
          chain={chainNav}
        />
      )}
      {step && st.shown === 0 && st.event?.type === "fault" && st.event.fault === "heal" && (
        <HealFollowUp event={st.event} />
      )}
      {origin && <p className="sb-why-origin">{origin}</p>}
      {!step && chainNav}
    </section>,
    slot ?? document.body,
  );
}

/** A heal starts no chain of its own: say what it changed and what the run did next. */
function HealFollowUp({ event }: { event: Extract<TraceEvent, { type: "fault" }> }) {
  const narration = useSandbox((s) => s.narration);
  const storeName = useSandbox((s) => storeLabel(s.frame?.store?.kind ?? null));
  const now = useSandbox((s) => s.frame?.t);
  const protocol = useSandbox((s) => s.frame?.protocol);
  const w = healWords(event, narration, storeName, now, protocol);
  return (
    <div className="sb-why-heal">
      <p>
        <strong>What it changed:</strong> {w.changed}
      </p>
      {w.followed.length > 0 ? (
        <>
          <p>
            <strong>What followed{now !== undefined ? ` (up to ${whenOf(now)}, the clock now)` : ""}:</strong>
          </p>
          <ul>
            {w.followed.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{w.pending}</p>
      )}
    </div>
  );
}

/** `repeat`: show the step's own heading (a chain step); the event asked about is named by the
 *  panel's heading already. */
function StepDetail({
  step,
  repeat,
  cause,
  chain,
}: {
  step: Step;
  repeat: boolean;
  /** the chain of causes, shown under the step's sentence and before its tables */
  chain?: ReactNode;
  /** what "Set off by" moves to when pressed, and its words for where */
  cause: { go: () => void; to: string } | null;
}) {
  const storeName = useSandbox((s) => (s.frame?.store ? theStore(s.frame.store.kind) : "the store"));
  const tokenWord = useTokenWord();
  // The store's name for "the store", and the run's own word for the token (Raft: term).
  const say = (text: string) => inTokenWord(storeWords(text, storeName), tokenWord);
  const rows = valueRows(step);
  const clock = clockText(step, storeName);
  const arm = armText(step, storeName);
  return (
    // The rule's id stays as data (tests and `sim explain` name it); a learner reads its words.
    <div className="sb-why-step" aria-live="polite" data-rule={step.rule ?? undefined}>
      {repeat && (
        <p className="sb-why-title">
          <span className="sb-why-t">{whenOf(step.t)}</span> {say(stepTitle(step))}
        </p>
      )}
      {!isHealStep(step) && <p className="sb-why-sentence">{capital(say(step.sentence))}.</p>}
      {chain}
      {rows.length > 0 && (
        <table className="sb-table sb-why-values">
          <caption>What it went by</caption>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-key={r.key}>
                <th scope="row">
                  {say(r.label)}
                  {r.gloss && <span className="sb-why-gloss">{say(r.gloss)}</span>}
                </th>
                {/* A value never breaks from its unit ("0.40 / s"): no-break spaces, and nowrap in why.css. */}
                <td className="sb-why-value">{r.value.replace(/ /g, "\u00a0")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="sb-why-facts">
        {clock && (
          <>
            <dt>Clock it read</dt>
            <dd>{clock}</dd>
          </>
        )}
        {arm && (
          <>
            <dt>Set off by</dt>
            <dd>
              {cause ? (
                <button type="button" className="sb-why-cause" onClick={cause.go}>
                  {arm}
                  <span className="visually-hidden">: go to {cause.to}</span>
                </button>
              ) : (
                arm
              )}
            </dd>
          </>
        )}
        {step.lesson && (
          <>
            <dt>Learn more</dt>
            <dd>
              <a href={lessonHref(step.lesson)}>{lessonLabel(step.lesson)}</a>
            </dd>
          </>
        )}
      </dl>
      {/* Plain words first; the paper or the real system's file is there for whoever wants it,
          behind one small disclosure (a source path means nothing to a newcomer). */}
      {step.source && (
        <details className="sb-why-source">
          <summary>Source</summary>
          <p>
            Where this rule comes from: <cite>{sourceText(step.source)}</cite>
          </p>
        </details>
      )}
    </div>
  );
}

/** Where "Set off by" goes: to the cause's own chain step when the chain holds it, else to the
 *  run at the moment the cause happened (review 6b #6: on a wide screen it was plain text). */
interface CauseTarget {
  step: number | null;
  at: number;
  to: string;
}
function causeTarget(chain: readonly Step[], k: number): CauseTarget | null {
  const at = armMoment(chain[k]);
  if (at === null) return null;
  const j = chain.findIndex((s, i) => i > k && Math.abs(s.t - at) < 1);
  return j > 0
    ? { step: j, at, to: `its Why?, step ${j + 1} of the chain` }
    : { step: null, at, to: `the run at ${whenOf(at)}` };
}

/** When what set a step off happened: a message's sending, a timer's setting, a fault. */
function armMoment(step: Step | undefined): number | null {
  const a = step?.armedBy;
  if (!a) return null;
  if (a.kind === "message") return step.sentAt ?? null;
  if (a.kind === "timer") return a.armedAt;
  if (a.kind === "fault") return a.at;
  if (a.kind === "store-timer") return a.armedAt ?? null;
  return null;
}

/** The run's word for the fencing token (Raft: "term"), from its spec. */
function useTokenWord(): string {
  return useSandbox((s) => termLabelOf(s.parsed, s.frame?.protocol).tokenWord);
}

/** A sentence's first letter up, unless it starts with a node's name (n2 stays n2). */
const capital = (s: string) =>
  (s && !/^n\d/.test(s) ? s[0].toUpperCase() + s.slice(1) : s).replace(/\.$/, "");
