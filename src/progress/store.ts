// The one persisted store (zustand, no React here). Progress is set by explicit learner action,
// never by merely opening a page. Saving failures (a full quota) become notices, not crashes.
//
// Several tabs share one saved blob. Every change re-reads what is saved and applies itself to
// that (so a change made in another tab is never overwritten by this tab's older copy), and a
// change saved by another tab reaches this one through `watch` (the storage event). Replacing
// everything (import, clear, restore) first keeps a backup that one click restores.
//
// Re-reading is not enough when two tabs save within milliseconds: each browser process keeps
// its own copy of localStorage and hears of the other's write a little later, so a tab can save
// over a blob it has not seen yet. So the blob carries a revision marker, `revisions`: for each
// tab, how many of its changes the blob includes. A tab keeps its own changes (as functions)
// until a blob saved by another tab shows it included them; when it reads one that does not, it
// applies the missing changes to that blob and saves the result. Whichever write lands last,
// the tab that lost its change hears of it and puts the change back: nothing is lost.
import { createStore } from "zustand/vanilla";
import { loadProgress, parseStored, readRaw, type KeyValueStorage } from "./load";
import {
  backupKey,
  listBackups,
  readBackup,
  removeBackup,
  writeBackup,
  type BackupEntry,
  type BackupInfo,
  type BackupReason,
} from "./backup";
import { PROGRESS_KEY, emptyProgress, type LessonStatus, type ProgressData, type SectionKey } from "./schema";

export type Notice = {
  id: string;
  tone: "warning" | "error";
  text: string;
  /** an optional button offered with the notice */
  action?: { label: string; run: () => void };
};

/** How an import meets what is saved: it replaces it, or is merged into it by `merge`. */
export type ImportMode = "replace" | { merge: (saved: ProgressData, imported: ProgressData) => ProgressData };

/** What became of a change: kept in storage, or only shown in this tab (and why). */
export type SaveOutcome = { saved: true } | { saved: false; reason: string };

export type ProgressState = {
  data: ProgressData;
  notices: Notice[];
  canSave: boolean;
  /** The newest automatic backup, if one is kept. */
  backup: BackupInfo | null;
  /** Every backup kept, newest first, each restorable. */
  backups: BackupEntry[];
  setLessonStatus: (lessonId: string, status: LessonStatus) => void;
  /** Changes one feature's section; the updater gets the latest saved value (from any tab). */
  updateSection: <K extends SectionKey>(
    key: K,
    updater: (previous: ProgressData[K]) => ProgressData[K],
  ) => void;
  /** Replaces all progress at once, without a backup (tests, internal use). */
  replaceAll: (data: ProgressData) => SaveOutcome;
  /** Import: "replace" what is saved, or merge into it with the given merge (./merge.ts, which
   *  travels with the import screen rather than the main chunk), after backing up what is saved. */
  importData: (data: ProgressData, mode: ImportMode) => SaveOutcome;
  /** Clear everything, after backing it up. */
  clearAll: () => SaveOutcome;
  /** Put a backup back, the newest by default (what it replaces becomes the newest backup, so
   *  this can be undone too; the restored one is now the progress and leaves the list). */
  restoreBackup: (id?: string) => SaveOutcome;
  /** Delete one backup, to make room. */
  deleteBackup: (id: string) => void;
  addNotice: (notice: Notice) => void;
  dismissNotice: (id: string) => void;
};

export function lessonStatus(data: ProgressData, lessonId: string): LessonStatus {
  return data.lessons[lessonId]?.status ?? "not-started";
}

/** Calls back when another tab changed the saved progress; returns an unsubscribe. */
export type Watch = (onChange: () => void) => () => void;

const SAVE_FAILED =
  "Your latest progress could not be saved: this browser's storage is full or blocked. What you saved before is unchanged.";
const newerNotice = (reason: string) =>
  `Your progress was saved by a newer version of Election Lab ${reason.replace(/^it was saved by a newer version of Election Lab /, "")}, perhaps in another tab. Reload this page to use it; until then nothing you do here is saved, so that progress stays as it is.`;

/** `revisions[tab] = [changes of that tab the blob includes, when it last saved (ms)]`. */
type Revisions = Record<string, [number, number]>;
const REVISIONS = "revisions";
/** Entries of tabs that have not saved for a day are dropped: such a tab is long closed. */
const REVISION_TTL = 24 * 3600_000;
/** A change not yet seen in another tab's save is kept this long (far beyond any storage lag). */
const PENDING_TTL = 10 * 60_000;
const PENDING_MAX = 200;

function revisionsOf(data: Record<string, unknown>): Revisions {
  const r = data[REVISIONS];
  if (!r || typeof r !== "object" || Array.isArray(r)) return {};
  const out: Revisions = {};
  for (const [tab, v] of Object.entries(r as Record<string, unknown>)) {
    if (Array.isArray(v) && typeof v[0] === "number" && typeof v[1] === "number") out[tab] = [v[0], v[1]];
  }
  return out;
}

/** The progress without the revision marker (what the app and an export see). */
function withoutRevisions(data: ProgressData): ProgressData {
  if (!(REVISIONS in data)) return data;
  const out: Record<string, unknown> = { ...data };
  delete out[REVISIONS];
  return out as ProgressData;
}

/** A stored size in words (characters of JSON, as the learner's file counts them). */
const size = (chars: number) =>
  chars >= 100_000 ? `${(chars / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(chars / 1000))} KB`;

const newTabId = () =>
  typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${performance.now().toString(36)}`;

export function createProgressStore(
  storage: KeyValueStorage,
  now: () => Date = () => new Date(),
  watch?: Watch,
  tabId: string = newTabId(),
) {
  const loaded = loadProgress(storage, now);
  const notices: Notice[] = [];
  if (loaded.newer) {
    notices.push({ id: "progress-newer", tone: "warning", text: newerNotice(loaded.problem ?? "") });
  } else if (loaded.problem) {
    const kept = loaded.setAsideKey
      ? `It was kept under the key "${loaded.setAsideKey}" in this browser's storage, so nothing is lost.`
      : "It was left untouched, and new progress will not be saved in this visit so that it is not overwritten.";
    notices.push({
      id: "progress-load",
      tone: "warning",
      text: `Your saved progress could not be read because ${loaded.problem}. ${kept} You are starting from a clean slate.`,
    });
  }
  /** The text this tab last read or wrote: anything else under the key came from another tab. */
  let known: string | null = loaded.raw;
  /** The revision marker of the blob last read or written. */
  let knownRevisions: Revisions = revisionsOf(loaded.data);
  /** This tab's changes, numbered; kept until another tab's save shows it included them. */
  let seq = knownRevisions[tabId]?.[0] ?? 0;
  let pending: Array<{ seq: number; at: number; change: (latest: ProgressData) => ProgressData }> = [];
  /** A blob from another tab lacked some of this tab's changes: they were put back; save them. */
  let mustResave = false;
  let refreshFromStorage: () => boolean = () => true;
  let resaveFromStorage: () => void = () => {};

  const blobOf = (data: ProgressData, revisions: Revisions) =>
    JSON.stringify({ ...data, [REVISIONS]: revisions });
  /** The marker to save: this tab's count now, other tabs' as last read, stale entries dropped. */
  const nextRevisions = (): Revisions => {
    const t = now().getTime();
    const out: Revisions = {};
    for (const [tab, v] of Object.entries(knownRevisions)) if (t - v[1] < REVISION_TTL) out[tab] = v;
    out[tabId] = [seq, t];
    return out;
  };

  const withNotice = (list: Notice[], n: Notice) => [...list.filter((x) => x.id !== n.id), n];

  const currentBackup = (): BackupInfo | null => {
    const b = listBackups(storage)[0];
    return b ? { savedAt: b.savedAt, reason: b.reason } : null;
  };
  const backupState = () => ({ backup: currentBackup(), backups: listBackups(storage) });

  const store = createStore<ProgressState>()((set, get) => {
    /** Adopts another tab's save, if there was one. False: it cannot be read, so stop saving. */
    function refresh(): boolean {
      const raw = readRaw(storage);
      if (raw === undefined || raw === known) return true;
      known = raw;
      if (raw === null) {
        knownRevisions = {};
        let data = emptyProgress();
        for (const p of pending) data = p.change(data);
        if (pending.length > 0) mustResave = true;
        set({ data, ...backupState() });
        return true;
      }
      const parsed = parseStored(raw);
      if (parsed.ok) {
        knownRevisions = revisionsOf(parsed.data);
        let data = withoutRevisions(parsed.data);
        // Changes of this tab that this blob lacks: another tab saved over them. Put them back.
        const included = knownRevisions[tabId]?.[0] ?? 0;
        pending = pending.filter((p) => p.seq > included);
        if (pending.length > 0) {
          for (const p of pending) data = p.change(data);
          mustResave = true;
        }
        set({ data, ...backupState() });
        return true;
      }
      // Another tab saved something this build cannot read (a newer format): leave it alone.
      const text = parsed.newer
        ? newerNotice(parsed.reason)
        : `Another tab saved progress this page cannot read (${parsed.reason}). It is left as it is; reload this page. Until then nothing you do here is saved.`;
      set({
        canSave: false,
        notices: withNotice(get().notices, { id: "progress-newer", tone: "warning", text }),
      });
      return false;
    }
    refreshFromStorage = refresh;

    /** Applies a change to the latest saved progress and saves the result. */
    function commit(change: (latest: ProgressData) => ProgressData): SaveOutcome {
      if (!get().canSave || !refresh()) {
        set({ data: change(get().data) });
        return { saved: false, reason: "saving is switched off in this tab (see the notice above)" };
      }
      const data = withoutRevisions(change(get().data));
      remember(change);
      return save(data);
    }

    /** Keep a change until another tab's save shows it included it. */
    function remember(change: (latest: ProgressData) => ProgressData) {
      const t = now().getTime();
      seq += 1;
      pending = [...pending.filter((p) => t - p.at < PENDING_TTL), { seq, at: t, change }].slice(
        -PENDING_MAX,
      );
    }

    function save(data: ProgressData): SaveOutcome {
      const revisions = nextRevisions();
      const json = blobOf(data, revisions);
      try {
        storage.setItem(PROGRESS_KEY, json);
        known = json;
        knownRevisions = revisions;
        mustResave = false;
        set({ data, notices: get().notices.filter((n) => n.id !== "progress-save") });
        return { saved: true };
      } catch {
        set({
          data,
          notices: withNotice(get().notices, { id: "progress-save", tone: "error", text: SAVE_FAILED }),
        });
        return { saved: false, reason: "this browser's storage is full or blocked" };
      }
    }

    /** After reading another tab's save that lacked some of this tab's changes, save them back. */
    function resaveIfNeeded() {
      if (mustResave && get().canSave) save(get().data);
    }
    resaveFromStorage = resaveIfNeeded;

    /** Replaces everything saved and keeps what it replaced as a backup; nothing changes unless
     *  both are saved. The order keeps the peak small, so whatever fitted before fits during: a
     *  restored backup's own copy is set aside first (it becomes the progress), then the new
     *  progress replaces the old, then the old is written as a backup. Each step is synchronous,
     *  and a refusal at any step puts back exactly what was there, so an import is accepted only
     *  if its backup fits beside it, and an undo (a swap) always fits. */
    function replaceWithBackup(
      reason: BackupReason,
      next: (latest: ProgressData) => ProgressData,
      restoring?: string,
    ): SaveOutcome {
      if (!get().canSave || !refresh())
        return { saved: false, reason: "saving is switched off in this tab (see the notice above)" };
      const before = get().data;
      const beforeRaw = known;
      const info: BackupInfo = { savedAt: now().toISOString(), reason };
      const target = withoutRevisions(next(before));
      const prevSeq = seq;
      const prevPending = pending;
      remember(() => target);
      const revisions = nextRevisions();
      const json = blobOf(target, revisions);
      let setAside: string | null = null;
      const undo = () => {
        seq = prevSeq;
        pending = prevPending;
        try {
          if (beforeRaw === null) storage.removeItem(PROGRESS_KEY);
          else storage.setItem(PROGRESS_KEY, beforeRaw);
          if (restoring !== undefined && setAside !== null) storage.setItem(backupKey(restoring), setAside);
        } catch {
          // What was there fitted before, and everything added since is gone again.
        }
      };
      if (restoring !== undefined) {
        try {
          setAside = storage.getItem(backupKey(restoring));
          storage.removeItem(backupKey(restoring));
        } catch {
          setAside = null;
        }
      }
      try {
        storage.setItem(PROGRESS_KEY, json);
      } catch {
        undo();
        return {
          saved: false,
          reason: `the new progress (${size(json.length)}) does not fit in this browser's storage`,
        };
      }
      if (writeBackup(storage, before, info) === null) {
        undo();
        return {
          saved: false,
          reason: `there is no room to keep your current progress (${size(beforeRaw?.length ?? 0)}) as a backup beside the new progress (${size(json.length)}); delete an older backup below, or export your progress first`,
        };
      }
      if (restoring !== undefined) removeBackup(storage, restoring);
      known = json;
      knownRevisions = revisions;
      mustResave = false;
      set({ data: target, ...backupState() });
      return { saved: true };
    }

    return {
      data: withoutRevisions(loaded.data),
      notices,
      canSave: loaded.canSave,
      ...backupState(),
      setLessonStatus: (lessonId, status) =>
        void commit((d) => ({
          ...d,
          lessons: {
            ...d.lessons,
            [lessonId]: { ...d.lessons[lessonId], status, updatedAt: now().toISOString() },
          },
        })),
      updateSection: (key, updater) => void commit((d) => ({ ...d, [key]: updater(d[key]) })),
      replaceAll: (data) => commit(() => data),
      importData: (data, mode) =>
        replaceWithBackup("import", (latest) => (mode === "replace" ? data : mode.merge(latest, data))),
      clearAll: () => replaceWithBackup("clear", () => emptyProgress()),
      restoreBackup: (id) => {
        const b = readBackup(storage, id);
        if (!b) return { saved: false, reason: "there is no backup to restore" };
        return replaceWithBackup("restore", () => b.data, b.id);
      },
      deleteBackup: (id) => {
        removeBackup(storage, id);
        set(backupState());
      },
      addNotice: (notice) => set({ notices: withNotice(get().notices, notice) }),
      dismissNotice: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
    };
  });

  // Another tab saved: show its progress here at once.
  watch?.(() => {
    store.setState(backupState());
    if (store.getState().canSave && refreshFromStorage()) resaveFromStorage();
  });
  return store;
}
