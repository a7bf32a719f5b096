// The one persisted store (zustand, no React here). Progress is set by explicit learner action,
// never by merely opening a page. Saving failures (a full quota) become notices, not crashes.
import { createStore } from "zustand/vanilla";
import { loadProgress, type KeyValueStorage } from "./load";
import { PROGRESS_KEY, type LessonStatus, type ProgressData, type SectionKey } from "./schema";

export type Notice = {
  id: string;
  tone: "warning" | "error";
  text: string;
  /** an optional button offered with the notice */
  action?: { label: string; run: () => void };
};

export type ProgressState = {
  data: ProgressData;
  notices: Notice[];
  canSave: boolean;
  setLessonStatus: (lessonId: string, status: LessonStatus) => void;
  /** Replaces one feature's section; the updater gets the previous value. */
  updateSection: <K extends SectionKey>(key: K, updater: (previous: ProgressData[K]) => ProgressData[K]) => void;
  /** Replaces all progress at once (import); the caller has validated it. */
  replaceAll: (data: ProgressData) => void;
  addNotice: (notice: Notice) => void;
  dismissNotice: (id: string) => void;
};

export function lessonStatus(data: ProgressData, lessonId: string): LessonStatus {
  return data.lessons[lessonId]?.status ?? "not-started";
}

export function createProgressStore(storage: KeyValueStorage, now: () => Date = () => new Date()) {
  const loaded = loadProgress(storage, now);
  const notices: Notice[] = [];
  if (loaded.problem) {
    const kept = loaded.setAsideKey
      ? `It was kept under the key "${loaded.setAsideKey}" in this browser's storage, so nothing is lost.`
      : "It was left untouched, and new progress will not be saved in this visit so that it is not overwritten.";
    notices.push({
      id: "progress-load",
      tone: "warning",
      text: `Your saved progress could not be read because ${loaded.problem}. ${kept} You are starting from a clean slate.`,
    });
  }

  const store = createStore<ProgressState>()((set, get) => ({
    data: loaded.data,
    notices,
    canSave: loaded.canSave,
    setLessonStatus: (lessonId, status) => {
      const data: ProgressData = {
        ...get().data,
        lessons: { ...get().data.lessons, [lessonId]: { status, updatedAt: now().toISOString() } },
      };
      set({ data });
    },
    updateSection: (key, updater) => set({ data: { ...get().data, [key]: updater(get().data[key]) } }),
    replaceAll: (data) => set({ data }),
    addNotice: (notice) => set({ notices: [...get().notices.filter((n) => n.id !== notice.id), notice] }),
    dismissNotice: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
  }));

  store.subscribe((state, previous) => {
    if (state.data === previous.data || !state.canSave) return;
    try {
      storage.setItem(PROGRESS_KEY, JSON.stringify(state.data));
    } catch {
      if (!state.notices.some((n) => n.id === "progress-save")) {
        store.setState({
          notices: [
            ...state.notices,
            {
              id: "progress-save",
              tone: "error",
              text: "Your latest progress could not be saved: this browser's storage is full or blocked. What you saved before is unchanged.",
            },
          ],
        });
      }
    }
  });
  return store;
}

export type ProgressStore = ReturnType<typeof createProgressStore>;
