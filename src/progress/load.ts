// Reading progress never throws: a corrupt, foreign or future blob is set aside under its own
// key (so nothing is lost) and the learner gets a notice instead of a blank page.
import {
  CURRENT_VERSION,
  PROGRESS_KEY,
  SET_ASIDE_PREFIX,
  emptyProgress,
  migrations as defaultMigrations,
  progressSchema,
  type MigrationTable,
  type ProgressData,
} from "./schema";

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type LoadResult = {
  data: ProgressData;
  /** Why the stored blob could not be used, in plain words; absent when all was well. */
  problem?: string;
  /** Where the unusable blob was kept, or absent if it could not be kept. */
  setAsideKey?: string;
  /** False when the blob could not be set aside: saving would then overwrite it, so don't. */
  canSave: boolean;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Lifts a parsed blob to the current version, or explains why it cannot. */
export function upgrade(
  parsed: unknown,
  table: MigrationTable = defaultMigrations,
  target = CURRENT_VERSION,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (!isRecord(parsed)) return { ok: false, reason: "it is not a progress object" };
  let value: Record<string, unknown> = parsed;
  const version = value.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 0) {
    return { ok: false, reason: "it has no valid version number" };
  }
  if (version > target) {
    return { ok: false, reason: `it was saved by a newer version of Election Lab (format ${version}; this one reads up to ${target})` };
  }
  for (let v = version; v < target; v++) {
    const step = table[v];
    if (!step) return { ok: false, reason: `there is no upgrade from format ${v}` };
    try {
      value = step(value);
    } catch (err) {
      return { ok: false, reason: `upgrading from format ${v} failed (${err instanceof Error ? err.message : String(err)})` };
    }
  }
  return { ok: true, value };
}

export function loadProgress(storage: KeyValueStorage, now: () => Date = () => new Date()): LoadResult {
  let raw: string | null;
  try {
    raw = storage.getItem(PROGRESS_KEY);
  } catch {
    return { data: emptyProgress(), problem: "the browser would not let us read saved progress", canSave: false };
  }
  if (raw === null) return { data: emptyProgress(), canSave: true };

  let reason: string;
  try {
    const lifted = upgrade(JSON.parse(raw));
    if (lifted.ok) {
      const valid = progressSchema.safeParse(lifted.value);
      if (valid.success) return { data: valid.data, canSave: true };
      reason = `its contents do not match the expected shape (${valid.error.issues[0]?.path.join(".") || "root"})`;
    } else {
      reason = lifted.reason;
    }
  } catch {
    reason = "it is not valid JSON";
  }

  const setAsideKey = `${SET_ASIDE_PREFIX}${now().toISOString()}`;
  try {
    storage.setItem(setAsideKey, raw);
    storage.removeItem(PROGRESS_KEY);
    return { data: emptyProgress(), problem: reason, setAsideKey, canSave: true };
  } catch {
    return { data: emptyProgress(), problem: reason, canSave: false };
  }
}
