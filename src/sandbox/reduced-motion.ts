// The learner's reduced-motion setting, kept in a run's store as it changes. One place for the
// three run hosts (the sandbox, the guided run on /start, the replay of a real run).
import type { StoreApi } from "zustand/vanilla";

/** Sets `reducedMotion` now and on every change; returns the unsubscribe. */
export function followReducedMotion(
  store: Pick<StoreApi<{ reducedMotion: boolean }>, "setState">,
): () => void {
  const mq =
    typeof window.matchMedia === "function" ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const setMotion = () => store.setState({ reducedMotion: mq?.matches ?? false });
  setMotion();
  mq?.addEventListener?.("change", setMotion);
  return () => mq?.removeEventListener?.("change", setMotion);
}
