// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultParseSearch, defaultStringifySearch } from "@tanstack/react-router";

/** The session value the router reads from an address's search. */
const parsed = (search: string): unknown => (defaultParseSearch(search) as { session?: unknown }).session;
import {
  forgetSession,
  loadSession,
  newSessionId,
  saveSession,
  sessionFromSearch,
  type Session,
} from "./session-store";

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

  it("names a session in the address without quotes, and still opens an old quoted or bare link", () => {
    // Random bytes that spell digits only (0x31 0x31 …): the id the old code made, 313131313131,
    // went into the address as "%22313131313131%22".
    const spy = vi.spyOn(crypto, "getRandomValues").mockImplementation((a) => {
      (a as Uint8Array).fill(0x31);
      return a;
    });
    try {
      const id = newSessionId();
      expect(defaultStringifySearch({ session: id })).toBe(`?session=${id}`);
      expect(sessionFromSearch(parsed(`?session=${id}`))).toBe(id);
    } finally {
      spy.mockRestore();
    }
    expect(sessionFromSearch(parsed("?session=%22316971139629%22"))).toBe("316971139629");
    expect(sessionFromSearch(parsed("?session=316971139629"))).toBe("316971139629");
    expect(sessionFromSearch(parsed("?session=1d48f17c9954"))).toBe("1d48f17c9954");
    expect(sessionFromSearch("not-an-id")).toBeUndefined();
  });
});
