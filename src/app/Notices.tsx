import { useProgress } from "../progress/react";

export function Notices() {
  const notices = useProgress((s) => s.notices);
  const dismiss = useProgress((s) => s.dismissNotice);
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="region" aria-label="Notices">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.tone}`} role={n.tone === "error" ? "alert" : "status"}>
          <p>
            <strong>{n.tone === "error" ? "Problem: " : "Notice: "}</strong>
            {n.text}
          </p>
          <div className="notice-buttons">
            {n.action && (
              <button type="button" onClick={n.action.run}>
                {n.action.label}
              </button>
            )}
            <button type="button" onClick={() => dismiss(n.id)}>
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
