// Thin React binding over the vanilla store.
import { useStore } from "zustand";
import { createProgressStore, type ProgressState } from "./store";

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

export const progressStore = createProgressStore(browserStorage());

export function useProgress<T>(selector: (state: ProgressState) => T): T {
  return useStore(progressStore, selector);
}
