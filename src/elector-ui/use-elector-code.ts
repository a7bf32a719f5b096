// The learner's code for one challenge, kept in the progress store as they type (a pause of
// SAVE_DELAY, leaving the page, or switching tabs saves it), so nothing typed is lost to a reload.
//
// Two tabs: the store hears another tab's save at once. If this tab has nothing unsaved, the
// editor takes the other tab's code (the learner sees the latest everywhere); if it has, its own
// save follows within SAVE_DELAY and the other tab takes that in turn.
//
// Code from a share link is shown but is not the learner's: nothing is saved until they change
// it or press Run, and "Back to my code" brings their own back.
import { useCallback, useEffect, useRef, useState } from "react";
import { progressStore } from "../progress/react";
import { readElectorRecord, saveCode } from "../progress/sections/elector";

const SAVE_DELAY = 500;

interface ElectorCode {
  /** what the editor opens with */
  initial: string;
  /** the code came from a link and is not yet the learner's own */
  shared: boolean;
  /** the editor's text changed */
  edited: (text: string) => void;
  /** save now (before Run and Judge) and adopt a shared code as the learner's */
  flush: () => void;
  /** the text to put back when the learner leaves shared code; null when there is none */
  ownCode: () => string;
  /** another tab saved this challenge's code while this tab had nothing unsaved */
  onExternal: (apply: (text: string) => void) => void;
  /** false once leaving shared code, so the page can drop the notice */
  leaveShared: () => void;
  /** the latest text the learner has (saved or not) */
  current: () => string;
}

const nowIso = () => new Date().toISOString();

export function useElectorCode(
  challengeId: string,
  starter: string,
  sharedCode: string | undefined,
): ElectorCode {
  const [opened] = useState(() => {
    const saved = readElectorRecord(progressStore.getState().data.elector, challengeId)?.code;
    const fromLink = sharedCode !== undefined && sharedCode !== saved;
    return { saved: saved ?? null, fromLink, initial: fromLink ? sharedCode : (saved ?? starter) };
  });
  const [shared, setShared] = useState(opened.fromLink);
  const initial = opened.initial;
  const text = useRef(initial);
  /** what this tab last saved or read from the store */
  const lastSaved = useRef<string | null>(opened.saved);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** the code on screen came from a link (read in callbacks, which must not wait for a render) */
  const sharedRef = useRef(opened.fromLink);
  const external = useRef<((t: string) => void) | null>(null);

  const save = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (sharedRef.current) return;
    const t = text.current;
    // Opening a challenge and leaving it untouched records nothing.
    if (lastSaved.current === null && t === starter) return;
    if (t === lastSaved.current) return;
    lastSaved.current = t;
    progressStore.getState().updateSection("elector", (prev) => saveCode(prev, challengeId, t, nowIso()));
  }, [challengeId, starter]);

  const edited = useCallback(
    (t: string) => {
      text.current = t;
      if (sharedRef.current && t !== sharedCode) {
        // Changing shared code makes it the learner's own.
        sharedRef.current = false;
        setShared(false);
      }
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(save, SAVE_DELAY);
    },
    [save, sharedCode],
  );

  const flush = useCallback(() => {
    sharedRef.current = false;
    setShared(false);
    save();
  }, [save]);

  // Save on leaving: a hidden tab may be closed without another event.
  useEffect(() => {
    const onHide = () => save();
    const onVisibility = () => document.visibilityState === "hidden" && save();
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onVisibility);
      save();
    };
  }, [save]);

  // Another tab's save of this challenge.
  useEffect(
    () =>
      progressStore.subscribe((state) => {
        const code = readElectorRecord(state.data.elector, challengeId)?.code;
        if (code === undefined || code === lastSaved.current) return;
        const unsaved = timer.current !== null || sharedRef.current;
        lastSaved.current = code;
        if (unsaved || code === text.current) return;
        text.current = code;
        external.current?.(code);
      }),
    [challengeId],
  );

  return {
    initial,
    shared,
    edited,
    flush,
    ownCode: () => readElectorRecord(progressStore.getState().data.elector, challengeId)?.code ?? starter,
    onExternal: (apply) => {
      external.current = apply;
    },
    leaveShared: () => {
      sharedRef.current = false;
      setShared(false);
    },
    current: () => text.current,
  };
}
