// Back up, clear and restore ALL progress (lessons, quiz, interview) as a JSON file.
import { useRef, useState } from "react";
import { progressStore, useProgress } from "../progress/react";
import { emptyProgress } from "../progress/schema";
import { describeProgress, exportProgress, parseProgressFile } from "../progress/transfer";

type Outcome = { tone: "ok" | "refused"; text: string } | null;

export function TransferPanel() {
  const data = useProgress((s) => s.data);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  function download() {
    const { filename, json } = exportProgress(progressStore.getState().data);
    const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setOutcome({
      tone: "ok",
      text: `Exported ${filename}: ${describeProgress(progressStore.getState().data)}.`,
    });
  }

  async function importFile(file: File | undefined) {
    if (!file) return;
    const result = parseProgressFile(await file.text());
    if (fileRef.current) fileRef.current.value = "";
    if (!result.ok) {
      setOutcome({
        tone: "refused",
        text: `Import refused: ${result.reason}. Your progress was not changed.`,
      });
      return;
    }
    progressStore.getState().replaceAll(result.data);
    setOutcome({ tone: "ok", text: `Imported ${file.name}: ${describeProgress(result.data)}.` });
  }

  function clearAll() {
    progressStore.getState().replaceAll(emptyProgress());
    setConfirmClear(false);
    setOutcome({ tone: "ok", text: "All progress in this browser was cleared." });
  }

  return (
    <section className="quiz-panel quiz-transfer" aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">Move your progress</h2>
      <p className="muted">
        Progress lives in this browser only. The file holds everything: lessons, quiz schedule and interview
        history ({describeProgress(data)}).
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
            accept="application/json,.json"
            className="visually-hidden"
            onChange={(e) => void importFile(e.target.files?.[0])}
          />
        </label>
        {!confirmClear ? (
          <button type="button" className="button" onClick={() => setConfirmClear(true)}>
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
      {outcome && (
        <p
          className={`quiz-outcome ${outcome.tone === "refused" ? "is-wrong" : "is-right"}`}
          role={outcome.tone === "refused" ? "alert" : "status"}
        >
          <strong>{outcome.tone === "refused" ? "✗ " : "✓ "}</strong>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
