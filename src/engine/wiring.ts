// Puts a world together from a normalised scenario: the protocol's rules, the server its spec
// asks for, and the words its monitors use. The one place above both the core and the
// protocols, so the core never names a protocol and a protocol never builds a world.
import { SPECS } from "./protocols/registry.ts";
import { noStore, serverFor } from "./servers/index.ts";
import {
  createWorld as createCoreWorld,
  bindWorld as bindCoreWorld,
  type WorldOptions,
} from "./core/engine.ts";
import type { World, WorldParts } from "./core/world.ts";
import type { SimState } from "./core/types.ts";
import type { Scenario } from "./scenario/schema.ts";

export function partsFor(sc: { protocol: string; options: object }): WorldParts {
  const spec = SPECS[sc.protocol as keyof typeof SPECS];
  if (!spec) throw new Error(`protocol "${sc.protocol}" does not exist`);
  const chosen = spec.server ? serverFor(spec.server.choose(sc)) : null;
  return {
    proto: spec.protocol,
    server: chosen ? chosen.server : null,
    newStore: chosen ? chosen.newStore : noStore,
    tokenName: "tokenName" in spec && spec.tokenName ? spec.tokenName(sc) : spec.protocol.tokenKind,
    writeDetail: "writeDetail" in spec ? spec.writeDetail : undefined,
    transport: spec.transport.kind,
  };
}

/** A new world for a normalised scenario. */
export function createWorld(scenario: Scenario, opts: WorldOptions = {}): World {
  return createCoreWorld(scenario, partsFor(scenario), opts);
}

/** Attach behaviour to a (possibly cloned) state. */
export function bindWorld(s: SimState): World {
  return bindCoreWorld(s, partsFor(s.scenario));
}

export type { WorldOptions };
