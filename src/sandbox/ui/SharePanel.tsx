// Share and keep: a link that replays this run exactly, the scenario as JSON (export and
// import), the full trace, and the run's fingerprint (a digest of its trace).
import { useId, useRef, useState } from "react";
import { encodeRun } from "../../links/share-link.ts";
import { checkScenario, type RawScenario } from "../scenarios.ts";
import { formatSeconds } from "../narration.ts";
import { useController, useSandbox } from "./context.ts";

export function download(name: string, text: string, type = "application/json"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

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
  const [fingerprint, setFingerprint] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);

  const makeLink = async () => {
    const s = ctl.store.getState();
    // Links carry whole milliseconds: move to that exact moment so this page shows what the link will.
    const at = Math.round(s.frame?.t ?? 0);
    if (at !== s.frame?.t) ctl.dispatch({ type: "seek", t: at });
    const code = await encodeRun({ scenario: s.scenario, at });
    const url = shareUrl(code, s.title);
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
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch (err) {
      setImportError(`Could not import ${file.name}: it is not valid JSON (${(err as Error).message}).`);
      return;
    }
    const checked = checkScenario(json);
    if (!checked.ok) {
      setImportError(`Could not import ${file.name}: ${checked.message}`);
      return;
    }
    ctl.dispatch({ type: "load", scenario: json as RawScenario, source: { kind: "file", name: file.name }, title: `Imported: ${file.name}`, at: 0, playing: false });
    setStatus(`Imported ${file.name}.`);
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
          onClick={() => download(`scenario-${protocol}-seed${seed}.json`, `${JSON.stringify(ctl.store.getState().scenario, null, 2)}\n`)}
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
          onClick={() => void ctl.traceJson().then((json) => download(`trace-${protocol}-seed${seed}.json`, json))}
        >
          Export trace
        </button>
        <button
          type="button"
          className="sb-btn"
          onClick={() => void ctl.fingerprint().then((f) => setFingerprint(`${f.digest} at ${formatSeconds(f.t)}`))}
        >
          Show the run&apos;s check code
        </button>
      </div>
      {link && (
        <div className="sb-field sb-link-field">
          <label htmlFor={`${id}-link`}>Share link</label>
          <input id={`${id}-link`} type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
      {fingerprint && (
        <p className="sb-fingerprint">
          Check code (the same code means the same run, event for event): <code data-testid="fingerprint">{fingerprint}</code>
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
