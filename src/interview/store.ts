// The interview's window onto the one persisted progress store.
import { progressStore, useProgress } from "../progress/react";
import type { InterviewSection } from "../progress/sections/interview";

export function useInterviewSection(): InterviewSection {
  return useProgress((s) => s.data.interview);
}

export function getInterviewSection(): InterviewSection {
  return progressStore.getState().data.interview;
}

export function updateInterview(update: (section: InterviewSection) => InterviewSection): void {
  progressStore.getState().updateSection("interview", update);
}
