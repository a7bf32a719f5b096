// Share and keep: a link that replays this run exactly, the scenario as JSON (export and
// import), the full trace, and the run's fingerprint (a digest of its trace).
import { useId, useRef, useState } from "react";
import { makeShareLink } from "../../links/make-link.ts";
import { MAX_SCENARIO_BYTES, spaced } from "../../engine/validate/input-limits.ts";
import { checkOffPage } from "../../worker/check-client.ts";
import { rememberChecked, type RawScenario } from "../scenarios.ts";
import { formatSeconds } from "../format-seconds.ts";
import { useController, useSandbox } from "./context.ts";
import { downloadText } from "../../ui/download.ts";
import { addNotice } from "../store.ts";

const JSON_TYPE = "application/json";

/** The link, with the run's title beside it so it reopens under the same name. */
export function shareUrl(code: string, title?: string): string {
  const named = title ? `&title=${encodeURIComponent(title.slice(0, 120))}` : "";
  return `${window.location.origin}/sandbox?run=${code}${named}`;
}

export function SharePanel() {
  const ctl = useController();
  const id = useId();
  const protocol = useSandbox((s) => s.parsed?.protocol ?? "run");
  const seed = useSandbox((s) => s.parsed?.seed ?? 1);
  const [link, setLink] = useState("");
  const [status, setStatus] = useState("");
  const [importError, setImportError] = useState("");
  // Why the run has no link (too big for one), with a file offered instead.
  const [tooBig, setTooBig] = useState("");
  const [fingerprint, setFingerprint] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);

  const makeLink = async () => {
    const s = ctl.store.getState();
    // Links carry whole milliseconds: move to that exact moment so this page shows what the link will.
    const at = Math.round(s.frame?.t ?? 0);
    if (at !== s.frame?.t) ctl.dispatch({ type: "seek", t: at });
    setStatus("");
    setLink("");
    setTooBig("");
    // Checked against the limits an opening browser applies, and opened once, before it is
    // handed out: the app never copies a link it would then refuse.
    const made = await makeShareLink({ scenario: s.scenario, at }, (code) =>
      checkOffPage({ kind: "link", code }),
    );
    if (!made.ok) {
      setTooBig(made.reason);
      return;
    }
    const url = shareUrl(made.code, s.title);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setStatus(`Link copied: it opens this run at ${formatSeconds(at)}.`);
    } catch {
      setStatus("Copy the link from the box.");
    }
  };

  const onImport = async (file: File) => {
    setImportError("");
    const name = file.name.length > 80 ? `${file.name.slice(0, 80)}…` : file.name;
    // Too large to be a scenario made here: refused before it is read at all.
    if (file.size > MAX_SCENARIO_BYTES) {
      setImportError(
        `Could not import ${name}: it is ${spaced(file.size)} bytes; a scenario file is at most ${spaced(MAX_SCENARIO_BYTES)} bytes.`,
      );
      return;
    }
    setStatus(`Checking ${name}…`);
    // Parsed and validated in the check worker, never on the page, within a time budget.
    const checked = await checkOffPage({ kind: "file", name, text: await file.text() });
    if (!checked.ok) {
      setStatus("");
      setImportError(`Could not import ${name}: ${checked.message}`);
      return;
    }
    rememberChecked(checked.scenario, checked.parsed);
    ctl.dispatch({
      type: "load",
      scenario: checked.scenario as RawScenario,
      source: { kind: "file", name },
      title: `Imported: ${name}`,
      at: 0,
      playing: false,
    });
    setStatus(`Imported ${name}.`);
  };

  return (
    <div className="sb-share">
      <div className="sb-share-row">
        <button type="button" className="sb-btn primary" onClick={() => void makeLink()}>
          Copy share link
        </button>
        <button
          type="button"
          className="sb-btn"
          onClick={() =>
            downloadText(
              `scenario-${protocol}-seed${seed}.json`,
              `${JSON.stringify(ctl.store.getState().scenario, null, 2)}\n`,
              JSON_TYPE,
            )
          }
        >
          Export scenario
        </button>
        <button type="button" className="sb-btn" onClick={() => fileRef.current?.click()}>
          Import scenario
        </button>
        <input
          ref={fileRef}
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept="application/json,.json"
          aria-label="Scenario file to import"
          tabIndex={-1}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void onImport(f);
            e.target.value = "";
          }}
        />
        <button
          type="button"
          className="sb-btn"
          onClick={() =>
            void ctl.traceJson().then(
              (json) => downloadText(`trace-${protocol}-seed${seed}.json`, json, JSON_TYPE),
              (err: Error) =>
                addNotice(ctl.store, "error", `The trace could not be exported: ${err.message}. Try again.`),
            )
          }
        >
          Export trace
        </button>
        <button
          type="button"
          className="sb-btn"
          onClick={() =>
            void ctl.fingerprint().then(
              (f) => setFingerprint(`${f.digest} at ${formatSeconds(f.t)}`),
              (err: Error) => setFingerprint(`not available: ${err.message}; try again`),
            )
          }
        >
          Show the run&apos;s check code
        </button>
      </div>
      {link && (
        <div className="sb-field sb-link-field">
          <label htmlFor={`${id}-link`}>Share link</label>
          <input
            id={`${id}-link`}
            type="text"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
      {tooBig && (
        <div className="sb-too-big" role="alert">
          <p>
            This run is too big for a share link: {tooBig}. Save it as a file instead; Import scenario opens
            it here, on any device.
          </p>
          <button
            type="button"
            className="sb-btn"
            onClick={() =>
              downloadText(
                `scenario-${protocol}-seed${seed}.json`,
                `${JSON.stringify(ctl.store.getState().scenario, null, 2)}\n`,
                JSON_TYPE,
              )
            }
          >
            Save the run as a file
          </button>
        </div>
      )}
      {fingerprint && (
        <p className="sb-fingerprint">
          Check code (the same code means the same run, event for event):{" "}
          <code data-testid="fingerprint">{fingerprint}</code>
        </p>
      )}
      <p className="sb-status" role="status">
        {status}
      </p>
      {importError && (
        <p className="sb-field-error" role="alert">
          {importError}
        </p>
      )}
    </div>
  );
}
