// /practice/elector/api: the elector API on one page, read from api.ts's declarations and doc
// comments (api-entries.ts), so it always matches what the learner's code runs against.
import { Link } from "@tanstack/react-router";
import type { ApiEntry } from "./api-doc.ts";
import { API_ENTRIES } from "./api-entries.ts";
import "./elector.css";

/** A doc comment's `code` spans, drawn as code. */
function DocText({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return <>{parts.map((p, i) => (i % 2 === 1 ? <code key={i}>{p}</code> : p))}</>;
}

const anchor = (name: string) => `api-${name.toLowerCase()}`;

/** The order a learner needs them: what they write, what they are given, then the data. */
const ORDER = ["Elector", "Node", "Message", "Store", "StoreEvent", "StoreKey", "NodeId", "Json"];

function Entry({ e }: { e: ApiEntry }) {
  return (
    <section aria-labelledby={anchor(e.name)}>
      <h2 id={anchor(e.name)}>
        <code>{e.name}</code>
      </h2>
      {e.doc && (
        <p>
          <DocText text={e.doc} />
        </p>
      )}
      {e.members.length === 0 ? (
        <pre>
          <code>{e.signature}</code>
        </pre>
      ) : (
        <dl>
          {e.members.map((m) => (
            <div key={m.name + m.signature}>
              <dt>
                <code>{m.signature}</code>
              </dt>
              {m.doc && (
                <dd>
                  <DocText text={m.doc} />
                </dd>
              )}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export function ApiReference() {
  const shown = ORDER.map((n) => API_ENTRIES.find((e) => e.name === n)).filter(
    (e): e is ApiEntry => e !== undefined,
  );
  const rest = API_ENTRIES.filter(
    (e) => !ORDER.includes(e.name) && e.kind !== "const" && e.name !== "HandlerName",
  );
  const all = [...shown, ...rest];
  return (
    <div className="page narrow el-api">
      <nav className="el-crumbs" aria-label="Breadcrumb">
        <Link to="/practice">Practice</Link> <span aria-hidden="true">›</span> The elector API
      </nav>
      <h1>The elector API</h1>
      <p className="lede">
        Everything your elector can use. Your module exports the handlers it needs; each is called with the{" "}
        <code>node</code> it runs on, runs to the end, and acts only through <code>node</code>.
      </p>
      <nav aria-label="On this page">
        <ul className="el-api-toc">
          {all.map((e) => (
            <li key={e.name}>
              <a href={`#${anchor(e.name)}`}>
                <code>{e.name}</code>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {all.map((e) => (
        <Entry key={e.name} e={e} />
      ))}
    </div>
  );
}
