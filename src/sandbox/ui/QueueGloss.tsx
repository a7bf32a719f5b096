// One visible line that says what "waiting behind n3" means, beside the picture wherever a
// queue recipe shows it (lesson embeds and the quiz's sandbox had only the label, and "n1 queued
// behind n3" read oddly while n2 led). etcd's Campaign waits on the key with the highest create
// revision below its own (client/v3/concurrency/key.go waitDeletes); ZooKeeper's recipe watches
// the znode just below its own: each waits on its neighbour in line, not on the leader.
import { termLabelOf } from "../labels.ts";
import { queuedBehind } from "../vocabulary.ts";
import { useSandbox } from "./context.ts";

/** A node of this frame that waits in line, and whose key is just ahead of it ("n1|n3"), or
 *  null when the picture shows no "waiting behind" caption. */
export function useQueueExample(): string | null {
  return useSandbox((s) => {
    const f = s.frame;
    if (!f || !termLabelOf(s.parsed, f.protocol).queue) return null;
    for (const n of f.nodes) {
      if (n.token !== null || n.role === "crashed") continue;
      const ahead = queuedBehind(f, n);
      if (ahead) return `${n.id}|${ahead}`;
    }
    return null;
  });
}

export function QueueGloss() {
  const example = useQueueExample();
  if (!example) return null;
  const [who, ahead] = example.split("|");
  // Asked for, not shown unasked (review 18a #8: the paragraph stood under Node actions through a
  // whole run the learner never touched, and pushed Latest down).
  return (
    <details className="sb-hint sb-queue-gloss">
      <summary>What does &ldquo;waiting behind {ahead}&rdquo; mean?</summary>
      Each node puts a key in the store, and the keys wait in line, oldest first; the oldest leads. {who}{" "}
      watches only the key just before its own, {ahead}&apos;s, and moves up when that key is deleted.
    </details>
  );
}
