// The quiz's keyboard: number keys, arrows and Enter answer a question, except while the learner
// types in a field; with keys on the whole document, the latest handler always answers.
import { useEffect, useRef } from "react";

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["radio", "checkbox"].includes(target.type);
}

/** Calls the latest `handle` for every key pressed anywhere on the page, while `on`. */
export function useDocumentKeys(handle: (e: KeyboardEvent) => void, on: boolean): void {
  const handleRef = useRef(handle);
  useEffect(() => {
    handleRef.current = handle;
  });
  useEffect(() => {
    if (!on) return;
    const listener = (e: KeyboardEvent) => handleRef.current(e);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, [on]);
}
