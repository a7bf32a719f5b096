// The automatic backups kept before an import, a clear or a restore replaces what is saved, so
// the learner can undo it. Several are kept (MAX_BACKUPS, newest first), each under its own key
// with an index listing their dates and reasons; none is ever part of an export or read as
// progress unless the learner restores it. The key of the single backup older builds kept is
// still listed, so nothing they saved is stranded.
import type { KeyValueStorage } from "./load";
import { parseStored } from "./load";
import type { ProgressData } from "./schema";

/** The one backup older builds kept; listed (as "legacy") until it is restored or replaced. */
export const BACKUP_KEY = "election-lab:progress:backup";
/** The index: [{ id, savedAt, reason, chars }], newest first. */
export const BACKUPS_KEY = "election-lab:progress:backups";
/** Enough to undo two imports in a row and then a clear; the oldest is dropped past it. */
export const MAX_BACKUPS = 5;

export type BackupReason = "import" | "clear" | "restore";
export type BackupInfo = { savedAt: string; reason: BackupReason };
export type BackupEntry = BackupInfo & { id: string; chars: number };
type BackupFile = BackupInfo & { progress: ProgressData };

const REASONS: readonly string[] = ["import", "clear", "restore"];
const LEGACY = "legacy";
export const backupKey = (id: string) => (id === LEGACY ? BACKUP_KEY : `${BACKUP_KEY}:${id}`);

function readIndex(storage: KeyValueStorage): BackupEntry[] {
  let raw: string | null = null;
  try {
    raw = storage.getItem(BACKUPS_KEY);
  } catch {
    return [];
  }
  let list: unknown = [];
  try {
    list = raw === null ? [] : JSON.parse(raw);
  } catch {
    list = [];
  }
  const out = Array.isArray(list)
    ? list.filter(
        (e): e is BackupEntry =>
          typeof e === "object" &&
          e !== null &&
          typeof e.id === "string" &&
          typeof e.savedAt === "string" &&
          REASONS.includes(e.reason) &&
          typeof e.chars === "number",
      )
    : [];
  // The older builds' single backup, if it is still there and not yet in the index.
  if (!out.some((e) => e.id === LEGACY)) {
    const legacy = readFile(storage, LEGACY);
    if (legacy) out.push({ id: LEGACY, savedAt: legacy.savedAt, reason: legacy.reason, chars: legacy.chars });
  }
  return out.sort((x, y) => (x.savedAt < y.savedAt ? 1 : x.savedAt > y.savedAt ? -1 : 0));
}

function writeIndex(storage: KeyValueStorage, list: BackupEntry[]): boolean {
  try {
    storage.setItem(BACKUPS_KEY, JSON.stringify(list.filter((e) => e.id !== LEGACY)));
    return true;
  } catch {
    return false;
  }
}

function readFile(
  storage: KeyValueStorage,
  id: string,
): (BackupInfo & { data: ProgressData; chars: number }) | null {
  let raw: string | null;
  try {
    raw = storage.getItem(backupKey(id));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const file = JSON.parse(raw) as Partial<BackupFile>;
    if (typeof file.savedAt !== "string" || !REASONS.includes(file.reason as string)) return null;
    const parsed = parseStored(JSON.stringify(file.progress));
    return parsed.ok
      ? { savedAt: file.savedAt, reason: file.reason!, data: parsed.data, chars: raw.length }
      : null;
  } catch {
    return null;
  }
}

/** Every backup kept, newest first. */
export function listBackups(storage: KeyValueStorage): BackupEntry[] {
  return readIndex(storage);
}

/** Writes a new backup; its id, or null when the browser refused (then nothing may be replaced).
 *  Past MAX_BACKUPS the oldest is dropped, once the new one is safely written. */
export function writeBackup(storage: KeyValueStorage, data: ProgressData, info: BackupInfo): string | null {
  const list = readIndex(storage);
  let id = String(Date.parse(info.savedAt) || Date.now());
  while (list.some((e) => e.id === id)) id = `${id}-1`;
  const text = JSON.stringify({ ...info, progress: data } satisfies BackupFile);
  try {
    storage.setItem(backupKey(id), text);
  } catch {
    return null;
  }
  const next = [{ id, ...info, chars: text.length }, ...list];
  if (!writeIndex(storage, next)) {
    removeKey(storage, backupKey(id));
    return null;
  }
  for (const old of next.slice(MAX_BACKUPS)) removeBackup(storage, old.id);
  return id;
}

function removeKey(storage: KeyValueStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing to free
  }
}

/** Deletes one backup (its data and its index entry). */
export function removeBackup(storage: KeyValueStorage, id: string): void {
  removeKey(storage, backupKey(id));
  writeIndex(
    storage,
    readIndex(storage).filter((e) => e.id !== id),
  );
}

/** One backup (the newest without an id), or null when there is none or it cannot be read. */
export function readBackup(
  storage: KeyValueStorage,
  id?: string,
): (BackupInfo & { id: string; data: ProgressData }) | null {
  const entry = id === undefined ? readIndex(storage)[0] : readIndex(storage).find((e) => e.id === id);
  if (!entry) return null;
  const file = readFile(storage, entry.id);
  return file && { id: entry.id, savedAt: file.savedAt, reason: file.reason, data: file.data };
}
