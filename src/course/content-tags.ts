/** The fixed set of components a lesson may use; checked by `npm run content`. */
export const ALLOWED_LESSON_TAGS = [
  "YouWillLearn",
  "Note",
  "Pitfall",
  "DeepDive",
  "Recap",
  "Diagram",
  "Term",
  "Sandbox",
  "Check",
  "TryToBreak",
];
