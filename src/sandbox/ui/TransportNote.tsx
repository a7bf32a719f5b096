// One line for the sandbox legend: how this protocol's messages travel, so a learner knows
// whether a cut loses a message (datagrams) or only delays it (a connection that TCP keeps
// retransmitting on). The words are the spec's (protocols/<name>/spec.ts transport.description)
// and name the kind in text, never by colour alone. The sandbox layout decides where it sits.
import { specOf } from "../../engine/index.ts";

export function TransportNote({ protocol }: { protocol: string }) {
  const t = specOf(protocol).transport;
  return (
    <p className="sb-hint sb-transport" data-transport={t.kind}>
      <strong>Transport.</strong> {t.description}
    </p>
  );
}
