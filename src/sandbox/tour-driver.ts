// Drives a guided tour: feeds the engine's tour machine what the page shows and runs its commands.
import type { StoreApi } from "zustand/vanilla";
import { reduceTour, type TourCommand, type TourEvent, type TourView } from "../engine/session/index.ts";
import { performFault } from "./actions.ts";
import type { Command } from "./commands.ts";
import type { RawScenario } from "./scenarios.ts";
import { addNotice, leadersOf, type SandboxState, type Source } from "./store.ts";
import type { Tour } from "./tour-rules.ts";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type TourInput = DistributiveOmit<TourEvent<Tour>, "view">;

/** What the tour machine acts through: the controller's store and command path. */
export interface TourHost {
  store: StoreApi<SandboxState>;
  dispatch(cmd: Command): void;
  stopAt(t: number | null): void;
  announce(text: string): void;
}

/** The tour event a tour button's command stands for ("tour-next": next). */
export function tourStep(
  cmd: "tour-next" | "tour-back" | "tour-do" | "tour-retry" | "tour-exit",
): "next" | "back" | "do" | "retry" | "exit" {
  const steps = { "tour-next": "next", "tour-back": "back", "tour-do": "do", "tour-retry": "retry" } as const;
  return cmd === "tour-exit" ? "exit" : steps[cmd];
}

function tourView(s: SandboxState): TourView {
  return {
    live: s.frame !== null,
    t: s.frame?.t ?? 0,
    scenario: s.scenario,
    events: s.events,
    eventsBase: s.eventsBase,
    leaders: leadersOf(s.frame),
    maxTerm: Math.max(0, ...(s.frame?.nodes ?? []).map((n) => n.term)),
    ended: s.ended,
  };
}

/** Feed one event to the tour in progress (or start one) and run what it commands. */
export function stepTour(host: TourHost, event: TourInput): void {
  const before = host.store.getState().tour;
  if (!before && event.type !== "start") return; // no tour: nothing to judge on this frame
  const r = reduceTour(before, { ...event, view: tourView(host.store.getState()) } as TourEvent<Tour>);
  if (r.state !== before) host.store.setState({ tour: r.state });
  for (const c of r.commands) tourCommand(host, c);
}

function tourCommand(host: TourHost, c: TourCommand): void {
  const s = host.store.getState();
  switch (c.type) {
    case "load": {
      const source: Source = c.source !== undefined ? { kind: "preset", name: c.source } : s.source;
      return host.dispatch({
        type: "load",
        scenario: c.scenario as RawScenario,
        source,
        title: c.title ?? s.title,
        at: c.at,
        playing: false,
      });
    }
    case "seek":
      return host.dispatch({ type: "seek", t: c.t });
    case "play":
      return host.dispatch({ type: "play" });
    case "pause":
      return host.dispatch({ type: "pause" });
    case "act":
      performFault(host, c.fault); // through the action registry, as a click or a key
      return;
    case "stop-at":
      return host.stopAt(c.t);
    case "extend":
      return host.dispatch({ type: "extend", by: c.by });
    case "announce":
      host.announce(c.text);
      return;
    case "notice":
      addNotice(host.store, "error", c.text);
      return;
  }
}
