// Back up, clear and restore ALL progress (lessons, quiz, interview) as a JSON file. An import
// first shows what it would change and asks: replace or merge. Replacing anything (import or
// clear) keeps an automatic backup that one click puts back. A message says "saved" only when
// the store reports that it saved.
import { useRef, useState } from "react";
import { progressStore, useProgress } from "../progress/react";
import { mergeProgress } from "../progress/merge";
import type { ProgressData } from "../progress/schema";
import type { SaveOutcome } from "../progress/store";
import { describeProgress, exportProgress, planImport, sameProgress } from "../progress/transfer";
import { checkProgressOffPage } from "../progress/import-check-client";
import { formatMoment } from "./due";
import { downloadText } from "../ui/download";

type Outcome = { tone: "ok" | "refused"; text: string } | null;
type Pending = { name: string; data: ProgressData };

const REASONS = {
  import: "the last import",
  clear: "clearing all progress",
  restore: "the last restore",
} as const;

function timeOf(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatMoment(d);
}

export function TransferPanel() {
  const data = useProgress((s) => s.data);
  const backups = useProgress((s) => s.backups);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  function download() {
    const { filename, json } = exportProgress(progressStore.getState().data);
    downloadText(filename, json, "application/json");
    setOutcome({
      tone: "ok",
      text: `Exported ${filename}: ${describeProgress(progressStore.getState().data)}.`,
    });
  }

  async function chooseFile(file: File | undefined) {
    if (!file) return;
    // Read and checked in a worker with a time budget: a hostile 5 MB file never holds the page.
    const result = await checkProgressOffPage(await file.text());
    if (fileRef.current) fileRef.current.value = "";
    if (!result.ok) {
      setPending(null);
      setOutcome({
        tone: "refused",
        text: `Import refused: ${result.reason}. Your progress was not changed.`,
      });
      return;
    }
    if (sameProgress(progressStore.getState().data, result.data)) {
      // Nothing to choose between: merging or replacing would both leave everything as it is.
      setPending(null);
      // Say what the file held, so the learner sees it was read (review 9b #18).
      setOutcome({
        tone: "ok",
        text: `This file matches your progress: it holds ${describeProgress(result.data)}, the same as here. Nothing to import.`,
      });
      return;
    }
    setOutcome(null);
    setPending({ name: file.name, data: result.data });
  }

  function report(r: SaveOutcome, done: string) {
    if (r.saved) setOutcome({ tone: "ok", text: done });
    else
      setOutcome({ tone: "refused", text: `Not saved: ${r.reason}. Your saved progress was not changed.` });
  }

  function applyImport(mode: "replace" | "merge") {
    if (!pending) return;
    const r = progressStore
      .getState()
      .importData(pending.data, mode === "merge" ? { merge: mergeProgress } : "replace");
    setPending(null);
    report(
      r,
      `Imported ${pending.name} (${mode === "merge" ? "merged" : "replaced"}): now ${describeProgress(progressStore.getState().data)}. Your progress from before is kept as a backup.`,
    );
  }

  function clearAll() {
    setConfirmClear(false);
    report(
      progressStore.getState().clearAll(),
      "All progress in this browser was cleared. A backup was kept: the button below puts it back.",
    );
  }

  function restore(id: string) {
    report(
      progressStore.getState().restoreBackup(id),
      `Backup restored: ${describeProgress(progressStore.getState().data)}. What it replaced is kept as the newest backup.`,
    );
  }

  const plan = pending && planImport(data, pending.data, mergeProgress(data, pending.data));

  return (
    <section className="quiz-panel quiz-transfer" aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">Move your progress</h2>
      <p className="muted">
        Progress lives in this browser only. The file holds everything: lessons, quiz schedule, interview
        history, practice challenges and your elector code ({describeProgress(data)}).
      </p>
      <div className="button-row">
        <button type="button" className="button" onClick={download}>
          Export progress
        </button>
        <label className="button quiz-file">
          Import progress from a file
          <input
            ref={fileRef}
            type="file"
            aria-label="Import progress from a file"
            accept="application/json,.json"
            className="visually-hidden"
            onChange={(e) => void chooseFile(e.target.files?.[0])}
          />
        </label>
        {!confirmClear ? (
          <button type="button" className="button quiz-clear" onClick={() => setConfirmClear(true)}>
            Clear all progress…
          </button>
        ) : (
          <span className="quiz-confirm" role="group" aria-label="Confirm clearing">
            <button type="button" className="button danger" onClick={clearAll}>
              Yes, clear everything
            </button>
            <button type="button" className="button" onClick={() => setConfirmClear(false)}>
              Keep my progress
            </button>
          </span>
        )}
      </div>
      {pending && plan && (
        <div className="quiz-confirm" role="group" aria-label={`Import ${pending.name}`}>
          <p>
            <strong>{pending.name}</strong> holds {describeProgress(pending.data)}. Nothing has changed yet.
          </p>
          <ul>
            <li>Replace: your progress becomes the file&apos;s ({plan.replace}).</li>
            <li>
              Merge: keep what is here and add the file&apos;s ({plan.merge}); a lesson done on either side
              stays done.
            </li>
          </ul>
          <p className="muted">Either way, your current progress is kept as a backup you can restore.</p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => applyImport("merge")}>
              Merge with my progress
            </button>
            <button
              type="button"
              className={`button${plan.loses ? " danger" : ""}`}
              onClick={() => applyImport("replace")}
            >
              Replace my progress
            </button>
            <button type="button" className="button" onClick={() => setPending(null)}>
              Cancel import
            </button>
          </div>
        </div>
      )}
      {outcome && (
        <p
          className={`quiz-outcome ${outcome.tone === "refused" ? "is-wrong" : "is-right"}`}
          role={outcome.tone === "refused" ? "alert" : "status"}
        >
          <strong>{outcome.tone === "refused" ? "✗ " : "✓ "}</strong>
          {outcome.text}
        </p>
      )}
      {backups.length > 0 && (
        <div className="quiz-backups">
          <h3>Backups kept in this browser</h3>
          <ul>
            {backups.map((b, i) => (
              <li key={b.id}>
                <button type="button" className="button" onClick={() => restore(b.id)}>
                  Restore the backup from before{" "}
                  {i === 0 ? REASONS[b.reason] : REASONS[b.reason].replace("the last", "an earlier")}
                </button>{" "}
                <span className="muted">(saved {timeOf(b.savedAt)})</span>{" "}
                <button
                  type="button"
                  className="button"
                  aria-label={`Delete the backup saved ${timeOf(b.savedAt)}`}
                  onClick={() => progressStore.getState().deleteBackup(b.id)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
