// Reading progress never throws: a corrupt or foreign blob is set aside under its own key (so
// nothing is lost) and the learner gets a notice instead of a blank page. A blob saved by a NEWER
// build (a tab left open across a deploy) is left exactly where it is and this tab stops saving,
// so an older build can never overwrite or hide a newer build's progress.
import {
  CURRENT_VERSION,
  PROGRESS_KEY,
  SET_ASIDE_PREFIX,
  emptyProgress,
  migrations as defaultMigrations,
  type MigrationTable,
  type ProgressData,
} from "./schema";
import { checkProgress } from "./check";

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type LoadResult = {
  data: ProgressData;
  /** Why the stored blob could not be used, in plain words; absent when all was well. */
  problem?: string;
  /** Where the unusable blob was kept, or absent if it could not be kept. */
  setAsideKey?: string;
  /** False when saving would overwrite something we could not read: then don't. */
  canSave: boolean;
  /** The stored blob came from a newer build: reloading the page picks that build up. */
  newer?: boolean;
  /** The raw text read (null: nothing stored), so the store can tell when another tab wrote. */
  raw: string | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Upgraded = { ok: true; value: unknown } | { ok: false; reason: string; newer?: boolean };

/** Lifts a parsed blob to the current version, or explains why it cannot. */
export function upgrade(
  parsed: unknown,
  table: MigrationTable = defaultMigrations,
  target = CURRENT_VERSION,
): Upgraded {
  if (!isRecord(parsed)) return { ok: false, reason: "it is not a progress object" };
  let value: Record<string, unknown> = parsed;
  const version = value.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 0) {
    return { ok: false, reason: "it has no valid version number" };
  }
  if (version > target) {
    return {
      ok: false,
      newer: true,
      reason: `it was saved by a newer version of Election Lab (format ${version}; this one reads up to ${target})`,
    };
  }
  for (let v = version; v < target; v++) {
    const step = table[v];
    if (!step) return { ok: false, reason: `there is no upgrade from format ${v}` };
    try {
      value = step(value);
    } catch (err) {
      return {
        ok: false,
        reason: `upgrading from format ${v} failed (${err instanceof Error ? err.message : String(err)})`,
      };
    }
  }
  return { ok: true, value };
}

export type ParsedBlob = { ok: true; data: ProgressData } | { ok: false; reason: string; newer?: boolean };

/** Parses stored text into current-format progress; never throws. */
export function parseStored(raw: string): ParsedBlob {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "it is not valid JSON" };
  }
  const lifted = upgrade(parsed);
  if (!lifted.ok) return lifted;
  const valid = checkProgress(lifted.value);
  if (valid.ok) return { ok: true, data: valid.data };
  return {
    ok: false,
    reason: `its contents do not match the expected shape (${valid.path.join(".") || "root"})`,
  };
}

/** Reads the stored text; undefined when the browser refuses. */
export function readRaw(storage: KeyValueStorage): string | null | undefined {
  try {
    return storage.getItem(PROGRESS_KEY);
  } catch {
    return undefined;
  }
}

export function loadProgress(storage: KeyValueStorage, now: () => Date = () => new Date()): LoadResult {
  const raw = readRaw(storage);
  if (raw === undefined) {
    return {
      data: emptyProgress(),
      problem: "the browser would not let us read saved progress",
      canSave: false,
      raw: null,
    };
  }
  if (raw === null) return { data: emptyProgress(), canSave: true, raw };

  const result = parseStored(raw);
  if (result.ok) return { data: result.data, canSave: true, raw };
  // A newer build's blob stays under the main key, untouched: that build reads it on reload.
  if (result.newer)
    return { data: emptyProgress(), problem: result.reason, canSave: false, newer: true, raw };

  const setAsideKey = `${SET_ASIDE_PREFIX}${now().toISOString()}`;
  try {
    storage.setItem(setAsideKey, raw);
    storage.removeItem(PROGRESS_KEY);
    return { data: emptyProgress(), problem: result.reason, setAsideKey, canSave: true, raw: null };
  } catch {
    return { data: emptyProgress(), problem: result.reason, canSave: false, raw };
  }
}
