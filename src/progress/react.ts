// Thin React binding over the vanilla store.
import { useStore } from "zustand";
import { createProgressStore, type ProgressState, type Watch } from "./store";
import { BACKUP_KEY } from "./backup";
import { PROGRESS_KEY } from "./schema";

function browserStorage() {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled entirely (privacy modes); fall back to a throwaway map.
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
  }
}

/** The storage event fires in every OTHER tab of this origin when one tab writes. */
const watchOtherTabs: Watch = (onChange) => {
  if (typeof window === "undefined") return () => {};
  const listener = (e: StorageEvent) => {
    if (e.key === null || e.key === PROGRESS_KEY || e.key === BACKUP_KEY) onChange();
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
};

export const progressStore = createProgressStore(browserStorage(), undefined, watchOtherTabs);

export function useProgress<T>(selector: (state: ProgressState) => T): T {
  return useStore(progressStore, selector);
}
