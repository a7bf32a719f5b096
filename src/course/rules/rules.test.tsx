// @vitest-environment happy-dom
// Rules cards: every timer the engine has is explained on its protocol's card and nothing else
// is, the values shown are the engine's own defaults (change the engine and the card follows),
// and each card links to a lesson and a preset that exist.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { presets } from "../../engine/index.ts";
import { LESSON_DIR, loadLessonIndex } from "../../../scripts/lesson-files.ts";
import { join } from "node:path";
import { PATTERN_CARDS, RULES_PROTOCOLS, rulesCard } from "./cards";
import { PatternCardView } from "./PatternCardView";
import { readFileSync } from "node:fs";
import { slugify } from "../../catalog/slug.ts";
import { engineDefaults, formatTimer } from "./engine-defaults";
import { RulesCardView } from "./RulesCardView";
import { PROTOCOL_NAMES, specOf } from "../../engine/protocols/registry.ts";

afterEach(cleanup);

describe("rules cards", () => {
  it("explain exactly the timers the engine has, for every protocol", () => {
    for (const p of RULES_PROTOCOLS) {
      expect(Object.keys(rulesCard(p).timers).sort(), p).toEqual(
        Object.keys(engineDefaults(p).timing).sort(),
      );
    }
  });

  it("point at a lesson and a preset that exist, and the preset runs the card's protocol", () => {
    const lessons = new Set(loadLessonIndex().map((l) => l.id));
    for (const p of RULES_PROTOCOLS) {
      const card = rulesCard(p);
      expect(lessons.has(card.lesson), `${p}: lesson ${card.lesson}`).toBe(true);
      expect(
        (presets[card.preset]?.scenario as { protocol?: string })?.protocol,
        `${p}: preset ${card.preset}`,
      ).toBe(p);
    }
  });

  it("are the cards the protocols' specs carry, each naming its own protocol", () => {
    const withCard = PROTOCOL_NAMES.filter((p) => specOf(p).card !== undefined);
    expect([...RULES_PROTOCOLS]).toEqual(withCard);
    expect(withCard.length).toBeGreaterThan(0);
    for (const p of RULES_PROTOCOLS) expect(rulesCard(p).protocol, p).toBe(p);
  });

  it("formats the engine's values: ranges, seconds, milliseconds and ticks", () => {
    expect(formatTimer([150, 300])).toBe("150–300 ms");
    expect(formatTimer(15000)).toBe("15 s");
    expect(formatTimer(200)).toBe("200 ms");
    expect(formatTimer(10, "ticks")).toBe("10 ticks");
  });

  it("shows each timer with the engine's default and the protocol's token", () => {
    for (const p of ["raft", "kubernetes", "zab"] as const) {
      const d = engineDefaults(p);
      render(
        <RulesCardView
          card={rulesCard(p)}
          lessonLink={<a href="/l">Lesson</a>}
          sandboxLink={<a href="/s">Sandbox</a>}
        />,
      );
      const table = screen.getByRole("table");
      for (const [key, t] of Object.entries(rulesCard(p).timers)) {
        const row = within(table).getByRole("row", { name: new RegExp(`^${t.label}`) });
        expect(row.textContent).toContain(formatTimer(d.timing[key], t.unit));
        // Named in words, without the setting's field name beside it.
        expect(within(row).getByRole("rowheader").textContent).toBe(t.label);
      }
      expect(screen.getByRole("heading", { name: "The token" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Print this card" })).toBeTruthy();
      cleanup();
    }
    // The Raft card's election timeout is the engine's 150-300 ms, not a number typed on the card.
    render(<RulesCardView card={rulesCard("raft")} lessonLink={null} sandboxLink={null} />);
    expect(screen.getByRole("row", { name: /^Election timeout/ }).textContent).toContain("150–300 ms");
  });

  it("etcd's keepalive reads as the client sends it: due at a third of the TTL, out on its next half-second pass", () => {
    // A run renewing at 3 s (the sandbox's billing job) and the default TTL/3 of a 60 s lease:
    // clientv3 sends on its 500 ms loop, so 3.5 s and 20.5 s, the number the sandbox and tours say.
    render(
      <RulesCardView
        card={rulesCard("etcd")}
        run={{ ttl: 10_000, renew: 3_000 }}
        lessonLink={null}
        sandboxLink={null}
      />,
    );
    const row = screen.getByRole("row", { name: /^Keepalive interval/ });
    const cells = within(row)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells[0]).toBe("20.5 s");
    // The run's cell says it as the sandbox does, and one line says why the setting reads 3 s
    // (review 6b #12: the address said 3000 beside the sandbox's "about every 3.5 s").
    expect(cells[1]).toMatch(
      /^about 3\.5 sSet to fall due 3 s after each answer; .* every 500 ms, so about 3\.5 s apart\.$/,
    );
  });

  it("cards beyond the simulator name a lesson section that exists, never a protocol id, and show their fence", () => {
    const lessons = new Set(loadLessonIndex().map((l) => l.id));
    for (const [id, card] of Object.entries(PATTERN_CARDS)) {
      expect(card.id).toBe(id);
      expect((PROTOCOL_NAMES as readonly string[]).includes(id), `${id} would shadow a protocol card`).toBe(
        false,
      );
      expect(lessons.has(card.lesson), `${id}: lesson ${card.lesson}`).toBe(true);
      const mdx = readFileSync(join(LESSON_DIR, `${card.lesson}.mdx`), "utf8");
      const anchors = [...mdx.matchAll(/^#{2,3} (.+)$/gm)].map((m) => slugify(m[1]));
      expect(anchors, `${id}: #${card.section}`).toContain(card.section);
      render(<PatternCardView card={card} lessonLink={<a href="/l">Lesson</a>} />);
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(`Rules card: ${card.title}`);
      expect(screen.getByRole("heading", { name: "The fence" })).toBeTruthy();
      expect(screen.getByText(card.fence)).toBeTruthy();
      cleanup();
    }
  });

  it("Kubernetes and ZooKeeper: plain words first, the API's names as a detail line (review 4b, issue 33)", () => {
    const API =
      /\b(holderIdentity|leaseTransitions|resourceVersion|leaseDuration|renewDeadline|retryPeriod|tickTime|sessionTimeout|getChildren|EPHEMERAL|ReleaseOnCancel)\b/;
    for (const p of ["kubernetes", "zookeeper"] as const) {
      const card = rulesCard(p);
      for (const line of [...card.state, ...card.messages, ...card.rules]) {
        expect(typeof line, `${p}: a line with no detail line`).toBe("object");
        if (typeof line === "string") continue;
        // The plain words name no field; slots like {retryPeriod} are filled with numbers.
        expect(line.say.replace(/\{[^}]*\}/g, ""), p).not.toMatch(API);
        expect(line.api, p).toBeTruthy();
      }
      render(<RulesCardView card={card} lessonLink={null} sandboxLink={null} />);
      const rules = screen.getByRole("heading", { name: "Rules" }).parentElement!;
      expect(rules.textContent).not.toMatch(/\{[A-Za-z+]+\}/);
      expect(within(rules).getAllByText(/^In the code:/).length).toBe(card.rules.length);
      // The token in the sandbox's one word, "token", not the spec's field ("transitions", "seq").
      const token = screen.getByRole("heading", { name: "The token" }).parentElement!.textContent!;
      expect(token).toMatch(/^The tokenThe token is /);
      cleanup();
    }
  });

  it("etcd: plain words first, etcd's names on the detail line, and a run's TTL and keepalive in its rules", () => {
    const API =
      /\b(LeaseGrant|LeaseKeepAlive|Txn|Watch|Get|Put|lessor|Proclaim|Resign|Session|TTL\/3|create revision|CreateRevision|clientv3|gRPC)\b/;
    const card = rulesCard("etcd");
    for (const line of [...card.state, ...card.messages, ...card.rules, card.token!]) {
      expect(typeof line, "etcd: a line with no detail line").toBe("object");
      if (typeof line === "string") continue;
      expect(line.say.replace(/\{[^}]*\}/g, "")).not.toMatch(API);
      expect(line.api).toBeTruthy();
    }
    render(<RulesCardView card={card} lessonLink={null} sandboxLink={null} />);
    // The title is plain words too: it opened with "etcd's concurrency.Election" (review 9b #17).
    expect(screen.getByRole("heading", { level: 1 }).textContent).not.toMatch(/concurrency|Election\b/);
    const byDefault = screen.getByRole("heading", { name: "Rules" }).parentElement!;
    expect(within(byDefault).getAllByText(/^In the code:/).length).toBe(card.rules.length);
    // The default 60 s session: due at 20 s, sent on the next half-second pass.
    expect(byDefault.textContent).toContain("renews the lease about every 20.5 s");
    expect(byDefault.textContent).toContain("not renewed for 60 s");
    expect(screen.getByRole("heading", { name: "The token" }).parentElement!.textContent).toMatch(
      /^The tokenThe token is the number etcd stamped/,
    );
    cleanup();
    // Opened from the billing job: a 10 s TTL renewing at TTL/3, sent every 3.5 s.
    render(
      <RulesCardView
        card={card}
        run={{ ttl: 10_000, renew: 10_000 / 3 }}
        lessonLink={null}
        sandboxLink={null}
      />,
    );
    const rules = screen.getByRole("heading", { name: "Rules" }).parentElement!.textContent!;
    expect(rules).toContain("The times below are your run's.");
    expect(rules).toContain("renews the lease about every 3.5 s");
    expect(rules).toContain("a lease not renewed for 10 s has run out");
    expect(rules).toContain("Stop leading on your own clock: 10 s after you sent");
    expect(rules).not.toMatch(/\{[A-Za-z+]+\}/);
  });

  it("etcd's card opened with renew=3000 says both the setting and the cadence it gives (review 10b #11)", () => {
    render(
      <RulesCardView
        card={rulesCard("etcd")}
        run={{ ttl: 10_000, renew: 3_000 }}
        lessonLink={null}
        sandboxLink={null}
      />,
    );
    const rules = screen.getByRole("heading", { name: "Rules" }).parentElement!.textContent!;
    expect(rules).toContain(
      "renews the lease about every 3.5 s: each renewal falls due 3 s after the last answer",
    );
  });

  it("a card opened from a run states that run's times in its rules, not the defaults", () => {
    const d = engineDefaults("kubernetes").timing as Record<string, number>;
    render(<RulesCardView card={rulesCard("kubernetes")} lessonLink={null} sandboxLink={null} />);
    const byDefault = screen.getByRole("heading", { name: "Rules" }).parentElement!.textContent!;
    expect(byDefault).toContain(`Every ${formatTimer(d.retryPeriod)}, each node`);
    expect(byDefault).toContain(
      `about ${formatTimer(d.retryPeriod + d.renewDeadline)} after its last renewal`,
    );
    cleanup();
    const run = { leaseDuration: 12_000, renewDeadline: 8_000, retryPeriod: 3_000 };
    render(<RulesCardView card={rulesCard("kubernetes")} run={run} lessonLink={null} sandboxLink={null} />);
    const rules = screen.getByRole("heading", { name: "Rules" }).parentElement!.textContent!;
    expect(rules).toContain("The times below are your run's.");
    expect(rules).toContain("Every 3 s, each node");
    expect(rules).toContain("unchanged for 12 s on its own clock");
    expect(rules).toContain("about 11 s after its last renewal");
    expect(rules).toContain("until about 19 s after the last renewal");
  });
});

describe("a store-backed card's first line", () => {
  it("says the whole idea in plain words before any API name (review 8b #13)", () => {
    for (const p of ["etcd", "zookeeper", "kubernetes"] as const) {
      const card = rulesCard(p);
      render(<RulesCardView card={card} lessonLink={null} sandboxLink={null} />);
      const first = document.querySelector(".rules-card-head h1 + p")?.textContent ?? "";
      expect([p, first]).toEqual([p, card.gist]);
      expect([p, /gRPC|revision|znode|ephemeral|sequential|API/i.test(first)]).toEqual([p, false]);
      cleanup();
    }
  });
});
