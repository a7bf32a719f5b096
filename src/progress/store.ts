// The one persisted store (zustand, no React here). Progress is set by explicit learner action,
// never by merely opening a page. Saving failures (a full quota) become notices, not crashes.
//
// Several tabs share one saved blob. Every change re-reads what is saved and applies itself to
// that (so a change made in another tab is never overwritten by this tab's older copy), and a
// change saved by another tab reaches this one through `watch` (the storage event). Replacing
// everything (import, clear, restore) first keeps a backup that one click restores.
import { createStore } from "zustand/vanilla";
import { loadProgress, parseStored, readRaw, type KeyValueStorage } from "./load";
import { readBackup, writeBackup, type BackupInfo, type BackupReason } from "./backup";
import { mergeProgress } from "./merge";
import { PROGRESS_KEY, emptyProgress, type LessonStatus, type ProgressData, type SectionKey } from "./schema";

export type Notice = {
  id: string;
  tone: "warning" | "error";
  text: string;
  /** an optional button offered with the notice */
  action?: { label: string; run: () => void };
};

/** What became of a change: kept in storage, or only shown in this tab (and why). */
export type SaveOutcome = { saved: true } | { saved: false; reason: string };

export type ProgressState = {
  data: ProgressData;
  notices: Notice[];
  canSave: boolean;
  /** The automatic backup, if one is kept. */
  backup: BackupInfo | null;
  setLessonStatus: (lessonId: string, status: LessonStatus) => void;
  /** Changes one feature's section; the updater gets the latest saved value (from any tab). */
  updateSection: <K extends SectionKey>(key: K, updater: (previous: ProgressData[K]) => ProgressData[K]) => void;
  /** Replaces all progress at once, without a backup (tests, internal use). */
  replaceAll: (data: ProgressData) => SaveOutcome;
  /** Import: "replace" or "merge" with what is saved, after backing up what is saved. */
  importData: (data: ProgressData, mode: "replace" | "merge") => SaveOutcome;
  /** Clear everything, after backing it up. */
  clearAll: () => SaveOutcome;
  /** Put the backup back (what it replaces becomes the new backup, so this can be undone too). */
  restoreBackup: () => SaveOutcome;
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

export function createProgressStore(storage: KeyValueStorage, now: () => Date = () => new Date(), watch?: Watch) {
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
  let refreshFromStorage: () => boolean = () => true;

  const withNotice = (list: Notice[], n: Notice) => [...list.filter((x) => x.id !== n.id), n];

  const currentBackup = (): BackupInfo | null => {
    const b = readBackup(storage);
    return b && { savedAt: b.savedAt, reason: b.reason };
  };

  const store = createStore<ProgressState>()((set, get) => {
    /** Adopts another tab's save, if there was one. False: it cannot be read, so stop saving. */
    function refresh(): boolean {
      const raw = readRaw(storage);
      if (raw === undefined || raw === known) return true;
      known = raw;
      if (raw === null) {
        set({ data: emptyProgress(), backup: currentBackup() });
        return true;
      }
      const parsed = parseStored(raw);
      if (parsed.ok) {
        set({ data: parsed.data, backup: currentBackup() });
        return true;
      }
      // Another tab saved something this build cannot read (a newer format): leave it alone.
      const text = parsed.newer
        ? newerNotice(parsed.reason)
        : `Another tab saved progress this page cannot read (${parsed.reason}). It is left as it is; reload this page. Until then nothing you do here is saved.`;
      set({ canSave: false, notices: withNotice(get().notices, { id: "progress-newer", tone: "warning", text }) });
      return false;
    }
    refreshFromStorage = refresh;

    /** Applies a change to the latest saved progress and saves the result. */
    function commit(change: (latest: ProgressData) => ProgressData): SaveOutcome {
      if (!get().canSave || !refresh()) {
        set({ data: change(get().data) });
        return { saved: false, reason: "saving is switched off in this tab (see the notice above)" };
      }
      const data = change(get().data);
      const json = JSON.stringify(data);
      try {
        storage.setItem(PROGRESS_KEY, json);
        known = json;
        set({ data, notices: get().notices.filter((n) => n.id !== "progress-save") });
        return { saved: true };
      } catch {
        set({ data, notices: withNotice(get().notices, { id: "progress-save", tone: "error", text: SAVE_FAILED }) });
        return { saved: false, reason: "this browser's storage is full or blocked" };
      }
    }

    /** Replaces everything saved, keeping a backup first; nothing changes unless both are saved. */
    function replaceWithBackup(reason: BackupReason, next: (latest: ProgressData) => ProgressData): SaveOutcome {
      if (!get().canSave || !refresh()) return { saved: false, reason: "saving is switched off in this tab (see the notice above)" };
      const before = get().data;
      const info: BackupInfo = { savedAt: now().toISOString(), reason };
      const target = next(before);
      if (!writeBackup(storage, before, info)) {
        return { saved: false, reason: "there was no room to keep a backup of your current progress first" };
      }
      const json = JSON.stringify(target);
      try {
        storage.setItem(PROGRESS_KEY, json);
      } catch {
        return { saved: false, reason: "this browser's storage is full or blocked" };
      }
      known = json;
      set({ data: target, backup: info });
      return { saved: true };
    }

    return {
      data: loaded.data,
      notices,
      canSave: loaded.canSave,
      backup: currentBackup(),
      setLessonStatus: (lessonId, status) =>
        void commit((d) => ({
          ...d,
          lessons: { ...d.lessons, [lessonId]: { ...d.lessons[lessonId], status, updatedAt: now().toISOString() } },
        })),
      updateSection: (key, updater) => void commit((d) => ({ ...d, [key]: updater(d[key]) })),
      replaceAll: (data) => commit(() => data),
      importData: (data, mode) => replaceWithBackup("import", (latest) => (mode === "merge" ? mergeProgress(latest, data) : data)),
      clearAll: () => replaceWithBackup("clear", () => emptyProgress()),
      restoreBackup: () => {
        const b = readBackup(storage);
        if (!b) return { saved: false, reason: "there is no backup to restore" };
        return replaceWithBackup("restore", () => b.data);
      },
      addNotice: (notice) => set({ notices: withNotice(get().notices, notice) }),
      dismissNotice: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
    };
  });

  // Another tab saved: show its progress here at once.
  watch?.(() => {
    store.setState({ backup: currentBackup() });
    if (store.getState().canSave) refreshFromStorage();
  });
  return store;
}

export type ProgressStore = ReturnType<typeof createProgressStore>;
