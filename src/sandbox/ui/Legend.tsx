// The picture's legend: every role's shape and colour, and only the marks this run can show
// (lease arcs, the election timer, booting and stopped nodes, ZooKeeper's watches).
import { isProtocol, specOf } from "../../engine/index.ts";
import { termLabelOf, theStore } from "../labels.ts";
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { ALL_ROLES, BelieverKey, RoleKeys } from "./RoleKeys.tsx";
import { LONG_WORDS, ShortLine } from "./LegendShortLine.tsx";
import { nodeRoleLabel } from "../views/cluster-nodes.ts";
import { RingKeys, ringDetails } from "./RingKeys.tsx";
import { useSandbox } from "./context.ts";
import { useQueueExample } from "./QueueGloss.tsx";
import { BOX_TOKEN, tokenDerived, tokenGloss } from "../vocabulary.ts";

/** `queue`: name the picture's "waiting behind n3" caption in an entry of its own (a lesson
 *  embed's key; the full sandbox says it under "What is a token?", its legend kept short so
 *  that question stays on the first screen). `simple`: a newcomer's embed, whose resource box
 *  shows no token. Every entry is a few words (review 10b #6); the longer form is its hover
 *  title and sits behind "More about these marks". */
export function Legend({
  queue = false,
  simple = false,
  fold = true,
}: {
  queue?: boolean;
  simple?: boolean;
  /** the full sandbox's legend: the marks shown now, the rest behind "More about these marks" */
  fold?: boolean;
}) {
  const lease = useSandbox((s) => s.frame?.nodes.some((n) => n.lease !== null) ?? false);
  const timer = useSandbox(
    (s) =>
      s.frame?.nodes.some(
        (n) => typeof (n.view as { electionDeadline?: unknown }).electionDeadline === "number",
      ) ?? false,
  );
  const protocol = useSandbox((s) => s.frame?.protocol ?? "");
  const parsed = useSandbox((s) => s.parsed);
  const many = useSandbox((s) => (s.frame?.nodes.length ?? 0) > 9);
  const storeKind = useSandbox((s) => s.frame?.store?.kind ?? null);
  const watches = useSandbox((s) => s.frame?.store?.watches !== undefined);
  const booting = useSandbox(
    (s) => s.frame?.nodes.some((n) => n.role === "crashed" && n.detail === "booting") ?? false,
  );
  const stopped = useSandbox(
    (s) => s.frame?.nodes.some((n) => n.role === "crashed" && n.detail === "stopped") ?? false,
  );
  const believer = useSandbox(
    (s) => s.frame?.nodes.some((n) => n.believesLeader && n.role !== "leader") ?? false,
  );
  const label = termLabelOf(parsed, protocol || undefined);
  // Kubernetes draws an outer ring only where the election controller judges the lease: the API
  // server never counts a Lease down (RingKeys), so its key shows only when one is drawn.
  const outerRing = useSandbox(
    (s) =>
      storeKind !== "apiserver" || (s.frame?.nodes.some((n) => n.lease?.store?.remainingMs != null) ?? false),
  );
  const tokenBox = useSandbox((s) => s.frame?.resource.mode === "token") && !simple;
  const bootFor = parsed?.boot ?? 0;
  // Shown wherever a node can boot (a run that starts its nodes over a while), not only while
  // one does: a learner who saw the dotted outline a moment ago finds it in the key (review 14a #9).
  const canBoot = booting || bootFor > 0;
  // The picture's "waiting behind n3" caption, explained where the eye looks for what a mark
  // means (review 10a #12: on a phone its gloss sat far below the picture).
  const example = useQueueExample();
  const ahead = queue ? (example?.split("|")[1] ?? null) : null;
  // Why the first leader's token is 2 while one leader was elected (review 9b #8), asked where
  // the eye meets the token's gloss and answered one click away (a line of its own pushed the
  // gloss below the first screen at 1280x800): the token is the key's create revision
  // (concurrency/election.go Rev()), and a fresh etcd store stands at revision 1 before any
  // write (server/storage/mvcc/kvstore.go, NewStore), so the first key made is revision 2.
  // Asked only once the picture shows a token, with the number it shows (review 16b #7: "Why
  // 2?" stood at 0 s beside "max token 0 · no writes yet"): the leader's token, else the highest
  // the resource accepted.
  const shownToken = useSandbox((s) => {
    const f = s.frame;
    if (!f) return null;
    const lead = f.nodes.find((n) => n.role === "leader" && n.token !== null);
    return lead?.token ?? (f.resource.maxToken > 0 ? f.resource.maxToken : null);
  });
  const etcdQueue = protocol === "etcd" && label.queue === true;
  const etcdToken = etcdQueue ? shownToken : null;
  // A store protocol's nodes never talk to each other (cluster-links.ts draws no peer links; each
  // node's other line is its writes to the resource): said once, so a link passing a node is not
  // read as a link to it (review 4b #13). Short: the legend's column sets how far down the tabs go.
  const viaStore = storeKind !== null && isProtocol(protocol) && !!specOf(protocol).server;
  const rolesNow = useSandbox(
    useShallow((s) => [...new Set((s.frame?.nodes ?? []).map((n) => nodeRoleLabel(n)))].sort()),
  );
  const cutNow = useSandbox((s) => (s.frame?.cuts.length ?? 0) > 0);
  const [moreOpen, setMoreOpen] = useState(false);
  const shown = new Set(rolesNow);
  const bootKey = (
    <li title={bootWhy(bootFor)}>
      <span className="sb-key role-booting shape-circle" aria-hidden="true" /> {LONG_WORDS.booting}
    </li>
  );
  const stopKey = (
    <li>
      <span className="sb-key role-stopped shape-circle" aria-hidden="true" /> {LONG_WORDS.stopped}
    </li>
  );
  const cutKey = (
    <li>
      <span className="sb-key cut" aria-hidden="true" /> {LONG_WORDS.cut}
    </li>
  );
  // Under the picture, folded (review 17b #10: 6 to 7 lines of legend at once): one short line of
  // the marks the picture shows now (its nodes' roles, a booting or stopped node, a cut link), and
  // every other key, gloss and longer word behind "More about these marks", none lost; its state
  // is kept while the run plays. A lesson embed's key is already behind "Key to the picture": whole.
  const rest = (
    <>
      {fold && <RoleKeys only={new Set(ALL_ROLES.filter((r) => !shown.has(r)))} />}
      {fold && believer && <BelieverKey />}
      {fold && canBoot && bootKey}
      {fold && stopped && stopKey}
      <RingKeys lease={lease} timer={timer} storeKind={storeKind} outer={outerRing} />
      {viaStore && (
        <li>
          <svg
            className="sb-key-svg"
            width="24"
            height="10"
            viewBox="0 0 24 10"
            aria-hidden="true"
            focusable="false"
          >
            <path className="sb-link" d="M1,5H23" />
          </svg>{" "}
          nodes talk to {theStore(storeKind)}, and write to the resource
        </li>
      )}
      {cutKey}
      {watches && (
        <li>
          <svg
            className="sb-key-svg"
            width="24"
            height="10"
            viewBox="0 0 24 10"
            aria-hidden="true"
            focusable="false"
          >
            <path className="sb-watch" d="M1,5H16" />
            <path className="sb-watch-arrow" d="M14,1L23,5L14,9z" />
          </svg>{" "}
          watches: dotted arrow from a client to the znode it watches; it fires when that znode is deleted
        </li>
      )}
      {many && <li>number beside a node: its {label.word}</li>}
      {label.followerWord && label.followerMeans && (
        <li className="sb-legend-gloss">
          {label.followerWord} N: {label.followerMeans}
        </li>
      )}
      {/* The words the first screen shows, each glossed in a few words where the eye looks for
          them (review 10b #6: "max token 0" and "no key" came unexplained). */}
      {tokenBox && <li className="sb-legend-gloss">max {BOX_TOKEN}: highest accepted</li>}
      {tokenBox && tokenGloss(protocol, label.tokenWord) && (
        <li className="sb-legend-gloss">{tokenGloss(protocol, label.tokenWord)}</li>
      )}
      {/* Where the course derives the token from the epoch (bully, ring, the heartbeat pair:
          epoch-token.ts), the nodes say "epoch 1" and the box "max token 102": the legend says
          how one gives the other (review 10b #3). */}
      {tokenBox && tokenDerived(protocol) && (
        <li className="sb-legend-gloss">
          {BOX_TOKEN} = {label.word} × 100 + node number (n2 in {label.word} 1: 102)
        </li>
      )}
      {label.queue && label.none && (
        <li className="sb-legend-gloss">
          {label.none}: {label.noneMeans ?? "not in line"}
        </li>
      )}
    </>
  );
  const details = (
    <>
      {lease && <li>{ringDetails(storeKind).inner}</li>}
      {lease && <li>{ringDetails(storeKind).outer}</li>}
      {timer && <li>{ringDetails(storeKind).timer}</li>}
      {canBoot && <li>{bootWhy(bootFor)}</li>}
    </>
  );
  return (
    <ul className={`sb-legend${fold ? " folded" : ""}`} aria-label="Legend">
      {fold ? (
        <ShortLine
          now={
            new Set([
              ...shown,
              ...(believer ? ["believer"] : []),
              ...(lease ? ["rings"] : []),
              ...(booting ? ["booting"] : []),
              ...(stopped ? ["stopped"] : []),
              ...(cutNow ? ["cut"] : []),
            ])
          }
          possible={{
            rings: isProtocol(protocol) && !!specOf(protocol).leaseLength,
            booting: canBoot,
          }}
        />
      ) : (
        <>
          <RoleKeys believer={believer} />
          {canBoot && bootKey}
          {stopped && stopKey}
        </>
      )}
      {ahead && (
        <li className="sb-legend-queue">
          waiting behind {ahead}: its key is next after {ahead}&apos;s; it takes over when {ahead}&apos;s goes
        </li>
      )}
      {!fold && rest}
      {fold ? (
        <li className="sb-legend-term sb-legend-more">
          <details open={moreOpen} onToggle={(e) => setMoreOpen(e.currentTarget.open)}>
            <summary>More about these marks</summary>
            <ul>
              {rest}
              {details}
            </ul>
          </details>
        </li>
      ) : (
        (lease || timer || canBoot) && (
          <li className="sb-legend-term sb-legend-more">
            <details>
              <summary>More about these marks</summary>
              <ul>{details}</ul>
            </details>
          </li>
        )
      )}
      {/* Behind a disclosure: the long paragraph pushed the tab row under the picture below the
          first screen at 1280x800 (review 5b #13). */}
      <li className="sb-legend-term">
        <details>
          <summary>
            What is {/^[aeiou]/.test(label.word) ? "an" : "a"} {label.word}?
            {/* Its room is kept before a leader gives it a number (review 17b #9: the line
                wrapped once "Why 2?" came, and the tab row moved 22 px down during play). */}
            {etcdQueue && (
              <span className="sb-legend-why">{etcdToken !== null ? ` Why ${etcdToken}?` : ""}</span>
            )}
          </summary>
          {etcdToken !== null && <p className="sb-legend-first">{etcdTokenWhy(etcdToken)}</p>}
          {label.meaning.startsWith(`${label.word}: `)
            ? label.meaning.slice(label.word.length + 2)
            : label.meaning}
        </details>
      </li>
    </ul>
  );
}

/** Why the token the picture shows is that number: it is the revision of the change that made
 *  the leader's election key, and a fresh etcd store stands at revision 1, so the first key
 *  made is change 2 (see the comment on `shownToken` for the sources). */
export function etcdTokenWhy(token: number): string {
  const first = "etcd counts every change to its store from 1, so the first key made is change 2";
  return token === 2
    ? `The first token is 2, not 1: ${first}.`
    : `Token ${token} is the number of the change that made this leader's election key: ${first}, and each later key a higher number.`;
}

/** Why some nodes are still booting while another leads: the run starts each node at its own
 *  random moment within its first `boot` ms (core/engine.ts), as a rolling deploy does. */
function bootWhy(boot: number): string {
  return boot > 0
    ? `Booting: each node starts at its own moment in the first ${boot / 1000} s, as servers do in a rolling deploy, so one can lead before the others are up.`
    : "Booting: the node has not started yet.";
}
