// A list of node ids in a protocol's options (bully's detectors, ring's initiators).
import { z } from "zod";
import { nodeId } from "./check.ts";

export const ids = z.array(z.string()).min(1);

export function checkIds(path: string, list: string[] | null, all: string[]): void {
  list?.forEach((n, i) => nodeId(`${path}[${i}]`, n, all));
}
