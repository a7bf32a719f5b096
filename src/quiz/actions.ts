// The quiz's writes to the one progress store: grade, undo, record a finished session.
import { progressStore } from "../progress/react";
import type { Confidence, QuizSessionData } from "../progress/sections/quiz";
import { applyGrade, recordSession, undoLastGrade } from "./scheduling";

export function gradeQuestion(id: string, correct: boolean, confidence: Confidence, now = new Date()) {
  progressStore.getState().updateSection("quiz", (s) => applyGrade(s, id, correct, confidence, now));
  return progressStore.getState().data.quiz.items[id];
}

export function undoGrade() {
  const last = progressStore.getState().data.quiz.lastGrade;
  if (!last) return null;
  progressStore.getState().updateSection("quiz", undoLastGrade);
  return last.id;
}

export function saveSession(session: QuizSessionData) {
  progressStore.getState().updateSection("quiz", (s) => recordSession(s, session));
}
