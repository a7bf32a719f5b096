// What each kind of quiz session is called on the page (the session bar and the resume panel).
import type { Mode } from "./session-store";

export const MODE_NAMES: Record<Mode, string> = {
  learn: "Learn",
  exam: "Exam",
  missed: "Retry missed",
  due: "Due review",
};
