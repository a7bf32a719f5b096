// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { forgetSession, loadSession, newSessionId, saveSession, type Session } from "./session-store";

const known = new Set(["a", "b", "c"]);
const session: Session = {
  id: "0123456789ab",
  mode: "learn",
  ids: ["a", "b", "c"],
  index: 1,
  results: [
    {
      id: "a",
      correct: true,
      answer: { kind: "choice", selected: ["x"] },
      confidence: "sure",
      predictKey: null,
    },
  ],
  done: false,
  draft: {
    selected: ["y"],
    order: [],
    phase: "rating",
    first: { correct: false, answer: { kind: "choice", selected: ["y"] } },
    shown: { kind: "choice", selected: ["y"] },
    confidence: null,
  },
};

afterEach(() => sessionStorage.clear());

describe("the quiz session kept in the tab", () => {
  it("comes back whole, an unrated answer included, for the id its URL names", () => {
    saveSession(session);
    expect(loadSession(known, session.id)).toEqual(session);
    expect(loadSession(known)).toEqual(session);
    expect(loadSession(known, "ffffffffffff")).toBeNull();
  });
  it("is forgotten when ended, and never restored when finished or its questions are gone", () => {
    saveSession({ ...session, done: true });
    expect(loadSession(known)).toBeNull();
    saveSession(session);
    expect(loadSession(new Set(["a", "b"]))).toBeNull();
    forgetSession();
    expect(loadSession(known)).toBeNull();
  });
  it("refuses damaged data", () => {
    sessionStorage.setItem("election-lab:quiz-session", "{not json");
    expect(loadSession(known)).toBeNull();
    sessionStorage.setItem("election-lab:quiz-session", JSON.stringify({ ...session, index: 7 }));
    expect(loadSession(known)).toBeNull();
  });
  it("names sessions with 12 hex digits, as the quiz route reads them", () => {
    expect(newSessionId()).toMatch(/^[0-9a-f]{12}$/);
  });
});
