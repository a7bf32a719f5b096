// What each protocol's numbers really are, and what the store process stands for, in the words
// the sandbox shows. A node's `term` field is a different thing per protocol (a Raft term, an
// etcd create revision, a znode's sequence number...), so the label says which.
import {
  SPECS,
  isProtocol,
  specOf,
  type Frame,
  type FrameNode,
  type Scenario,
  type TokenSpec,
} from "../engine/index.ts";
import {
  kubernetesStoreLine,
  kubernetesWords,
  queueStoreLine,
  queueWords,
  tokenDerived,
} from "./vocabulary.ts";

/** The spec's words, and for a queue recipe (etcd's election, ZooKeeper's recipe) `queue`: only
 *  the leader's number is a token; every other node's number is its place in line. */
export type TermLabel = TokenSpec & { queue?: boolean; noneMeans?: string };

type Opts = { coordinated?: boolean; fencing?: string };

/** The words for a protocol's number and token, from its spec. */
export function termLabel(protocol: string, opts: Opts = {}): TermLabel {
  const spec = isProtocol(protocol) ? specOf(protocol) : null;
  if (!spec) return { word: "term", tokenWord: "token", meaning: "term: the node's term" };
  const words = spec.token({
    coordinated: opts.coordinated === true,
    sequencer: opts.fencing === "sequencer",
  });
  if (protocol === "kubernetes") return kubernetesWords(opts.coordinated === true);
  return queueWords(protocol, opts.fencing === "sequencer") ?? words;
}

/** The label for a scenario (coordinated election and sequencer fencing change the words). */
export function termLabelOf(sc: Scenario | null, protocol?: string): TermLabel {
  const p = protocol ?? sc?.protocol ?? "raft";
  const coordinated = sc ? (sc.options as { coordinated?: boolean }).coordinated === true : false;
  return termLabel(p, { coordinated, fencing: sc?.fencing });
}

/** "term 4", "token 2": the node's number with its own word. In a queue recipe a node that does
 *  not lead says where it waits ("waiting behind n2", given `ahead`: the key just before
 *  its own in line, which it watches, not necessarily the leader's), so its key's number never
 *  reads as a second token. A crashed node says it is down: its key stays in line until its
 *  lease (or session) runs out, and one first in line still holds the lead until then. */
export function termText(
  label: TermLabel,
  n: Pick<FrameNode, "term" | "token"> & Partial<Pick<FrameNode, "role">>,
  ahead?: string | null,
  /** false while the store is down: the node cannot be told anything, so it waits */
  storeUp = true,
): string {
  const word =
    n.token !== null
      ? (label.leaderWord ?? label.word)
      : n.role === "crashed"
        ? label.word
        : (label.followerWord ?? label.word);
  const down = n.role === "crashed";
  // A crashed node with no key in line is just "crashed" (review 9b #7: "crashed · not in line
  // yet" read as a node booting): nothing of it is left to place.
  if (label.queue && down && n.token === null && (ahead === null || ahead === undefined)) return "";
  // The store has made the key, but its reply has not reached the node (review 10b #2: etcd's
  // box said "leader n2 · token 2" while n2 said "no key"): the node says it has not been told.
  if (n.term === 0 && label.queue && !down && n.token === null && ahead !== null && ahead !== undefined)
    // While the store is down nothing reaches any node (review 14: in etcd's outage all three
    // read "key made, not told yet"): each waits for the store to answer.
    return storeUp ? "key made, not told yet" : "waiting for the store";
  if (n.term === 0 && label.none && n.token === null) return label.none;
  // Plain words a newcomer reads without the recipe (review 6b #8: "queued behind n3's key" and
  // "no election key" came before anything explained keys); the legend's "What is a token?"
  // gives etcd's and ZooKeeper's own names.
  if (label.queue && n.token === null) {
    if (down && ahead === "") return "down, still first in line";
    if (down && ahead) return `down, was behind ${ahead}`;
    return ahead ? `waiting behind ${ahead}` : ahead === "" ? "first in line" : (label.none ?? "not in line");
  }
  return `${word} ${n.term}`;
}

/** The number line beside a node: its number in the protocol's word, and the token after it
 *  when the token is a different number (Zab's zxid beside its epoch). Where the course derives
 *  the token from the epoch (bully, ring, the heartbeat pair) only the epoch is drawn: "epoch 2
 *  · token 204" read as two numbers for one node, and the legend says how they relate. */
export function numberLine(
  label: TermLabel,
  protocol: string,
  n: Pick<FrameNode, "term" | "token"> & Partial<Pick<FrameNode, "role">>,
  ahead?: string | null,
  storeUp = true,
): string {
  const shown = termText(label, n, ahead, storeUp);
  // Zab's token is its epoch, (epoch, 0): one number, drawn once ("epoch 1", never "epoch 1 ·
  // epoch 1" nor the old "epoch 1 · zxid (1, 0)", review 14b #8).
  if (n.token === null || n.token === n.term || tokenDerived(protocol)) return shown;
  if (formatToken(protocol, n.token) === String(n.term)) return shown;
  return `${shown} · ${label.tokenWord} ${formatTokenShort(protocol, n.token)}`;
}

/** A fencing token as the protocol writes it: Zab's zxid in hex (epoch in the high 32 bits). */
export function formatToken(protocol: string, token: number): string {
  const f = isProtocol(protocol) ? specOf(protocol).formatToken : undefined;
  return f ? f(token) : String(token);
}

/** A token short enough to sit beside a node, from the protocol's spec: Zab's zxid as
 *  epoch:counter, "2:0" for 0x200000000; others as they are written. */
export function formatTokenShort(protocol: string, token: number): string {
  const forms = isProtocol(protocol) ? specOf(protocol).tokenForms : undefined;
  return forms ? forms.short(token) : formatToken(protocol, token);
}

/** A token as said in a node's name: a zxid with its halves, "0x200000000 (epoch 2, counter 0)". */
export function spokenToken(protocol: string, token: number): string {
  const forms = isProtocol(protocol) ? specOf(protocol).tokenForms : undefined;
  return forms ? forms.spoken(token) : formatToken(protocol, token);
}

/** The store kind (the frame's `store.kind`) of each protocol's server, with its spec's name. */
const SERVER_LABELS: Record<string, string> = Object.fromEntries(
  Object.values(SPECS).flatMap((sp) =>
    sp.server ? [[sp.server.choose({ options: {} }).kind, sp.server.label]] : [],
  ),
);

/** What the store process stands for, by the frame's `store.kind`. */
export function storeLabel(kind: string | undefined | null): string {
  return (kind && SERVER_LABELS[kind]) || "store";
}

/** The same, to start a sentence. */
export function storeLabelCap(kind: string | undefined | null): string {
  const s = storeLabel(kind);
  return s === "etcd" ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

/** The store in a sentence: "etcd" (a name takes no article) or "the API server". */
export function theStore(kind: string | undefined | null, capital = false): string {
  const s = storeLabel(kind);
  if (s === "etcd" || s === "ZooKeeper") return s;
  return `${capital ? "The" : "the"} ${s}`;
}

/** The line beside a crashed leader whose outer ring still counts down: the store has not let
 *  go yet. Short, so the label stays inside the room every node's label has (layout.ts): a
 *  longer one widened that room and moved the nodes onto the store's box. ZooKeeper keeps a
 *  session, not a lease. */
export function keptLine(kind: string | undefined | null): string {
  return kind === "zookeeper" ? "session still open" : "lease still held";
}

/** The store kind each protocol's store stands for (for narration before any frame exists). */
export function storeKindOf(protocol: string): string | null {
  const server = isProtocol(protocol) ? specOf(protocol).server : null;
  return server ? server.choose({ options: {} }).kind : null;
}

/** The store's one-line state (drawn under it) and its spoken form, as the protocol's spec words it. */
export function storeLine(
  protocol: string,
  st: NonNullable<Frame["store"]>,
  nodes?: readonly Pick<FrameNode, "id" | "role" | "token">[],
): { line: string; spoken: string } {
  const queued = queueStoreLine(protocol, st, nodes);
  if (queued) return queued;
  if (protocol === "kubernetes") return kubernetesStoreLine(st);
  const server = isProtocol(protocol) ? specOf(protocol).server : null;
  const describe = server && "describe" in server ? server.describe : undefined;
  if (describe) return describe(st);
  return {
    line: `rev ${st.rev} · holder ${st.holder ?? "none"}`,
    spoken: `revision ${st.rev}, lease holder ${st.holder ?? "none"}${st.holder ? ` with token ${st.holderToken}` : ""}`,
  };
}
