// client-go's own notes in coordinated election (core/trace.ts NoteKinds) and their narration,
// with those of the election controller it runs with (servers/apiserver/cle-controller.ts).
import type { NarrationSpec } from "../spec.ts";

declare module "../../core/trace.ts" {
  interface NoteKinds {
    /** the Lease is marked end of term: the holder stops renewing */
    "end-of-term": { preferred: string };
    /** the Lease's duration as the controller wrote it, against the one the holder renews with */
    "lease-duration": { written: number; mine: number };
  }
}

const electeeWhy = (n: { emulationVersion: string; binaryVersion: string; among: string[] }) =>
  `oldest emulation version ${n.emulationVersion} (binary ${n.binaryVersion}) among ${n.among.join(", ")}`;

export const kubernetesNarration: NarrationSpec = {
  notes: {
    "controller-pinged": (n, _node, a) => ({
      text: `The election controller pinged ${n.candidates.join(", ")}: no renewal within ${a.seconds(n.afterMs)}`,
      tone: "info",
    }),
    "controller-created": (n) => ({
      text: `The election controller created the Lease for ${n.holder} (${n.leaseSeconds} s): ${electeeWhy(n)}`,
      tone: "info",
    }),
    "controller-set": (n) => ({
      text: `The election controller ${n.expired ? `found ${n.expired.holder}'s ${n.expired.leaseSeconds} s lease expired and ` : ""}set the holder to ${n.holder} (${n.leaseSeconds} s): ${electeeWhy(n)}`,
      tone: "info",
    }),
    "controller-preferred": (n) => ({
      text: `The election controller prefers ${n.preferred} (${electeeWhy(n)}); ${n.holder} should stop renewing at the end of its term`,
      tone: "info",
    }),
    "end-of-term": (n, node) => ({
      text: `${node} sees the Lease marked end of term (preferred holder ${n.preferred}) and stops renewing`,
      tone: "info",
    }),
    "lease-duration": (n, node) => ({
      text: `${node}: the Lease says ${n.written} s (the election controller wrote it); its renewal writes its own ${n.mine} s`,
      tone: "info",
    }),
  },
};
