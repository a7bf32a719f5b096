// The automatic backup kept before an import, a clear or a restore replaces what is saved, so the
// learner can undo it in one click. One backup (the latest) under its own key; it is never part
// of an export and never read as progress unless the learner restores it.
import type { KeyValueStorage } from "./load";
import { parseStored } from "./load";
import type { ProgressData } from "./schema";

export const BACKUP_KEY = "election-lab:progress:backup";

export type BackupReason = "import" | "clear" | "restore";
export type BackupInfo = { savedAt: string; reason: BackupReason };
type BackupFile = BackupInfo & { progress: ProgressData };

/** Writes the backup; false when the browser refused (then nothing may be replaced). */
export function writeBackup(storage: KeyValueStorage, data: ProgressData, info: BackupInfo): boolean {
  try {
    storage.setItem(BACKUP_KEY, JSON.stringify({ ...info, progress: data } satisfies BackupFile));
    return true;
  } catch {
    return false;
  }
}

/** The stored backup, or null when there is none or it cannot be read. */
export function readBackup(storage: KeyValueStorage): (BackupInfo & { data: ProgressData }) | null {
  let raw: string | null;
  try {
    raw = storage.getItem(BACKUP_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const file = JSON.parse(raw) as Partial<BackupFile>;
    if (typeof file.savedAt !== "string" || !["import", "clear", "restore"].includes(file.reason as string)) return null;
    const parsed = parseStored(JSON.stringify(file.progress));
    return parsed.ok ? { savedAt: file.savedAt, reason: file.reason!, data: parsed.data } : null;
  } catch {
    return null;
  }
}
