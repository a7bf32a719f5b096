// A lesson table in a frame that scrolls sideways on a phone. The frame is a keyboard stop, so it
// is a region, and each region needs its own name: "Table: <its section>" (numbered when a section
// holds more than one), found from the heading above it once the lesson is on the page.
import { Children, useLayoutEffect, useRef, useState, type ComponentProps } from "react";

/** The text of the closest h2 to h4 before `el` in the lesson, without its "#" anchor link. */
export function headingBefore(el: Element): Element | null {
  let node: Element | null = el;
  while (node && !node.classList.contains("prose")) {
    let sib = node.previousElementSibling;
    while (sib) {
      if (/^H[2-4]$/.test(sib.tagName)) return sib;
      sib = sib.previousElementSibling;
    }
    node = node.parentElement;
  }
  return null;
}

function headingText(h: Element): string {
  const copy = h.cloneNode(true) as Element;
  copy.querySelectorAll(".anchor").forEach((a) => a.remove());
  return (copy.textContent ?? "").trim();
}

/** Names every table frame in `root` from its section, numbering repeats within a section. */
export function tableName(frame: Element): string {
  const heading = headingBefore(frame);
  const title = heading ? headingText(heading) : "";
  const root = frame.closest(".prose") ?? document.body;
  const sameSection = Array.from(root.querySelectorAll(".table-scroll")).filter(
    (f) => headingBefore(f) === heading,
  );
  const base = title ? `Table: ${title}` : "Table";
  return sameSection.length > 1
    ? `${base} (${sameSection.indexOf(frame) + 1} of ${sameSection.length})`
    : base;
}

export function TableScroll(props: ComponentProps<"table">) {
  const ref = useRef<HTMLDivElement>(null);
  const [name, setName] = useState("Table");
  useLayoutEffect(() => {
    if (ref.current) setName(tableName(ref.current));
  }, []);
  return (
    <div ref={ref} className="table-scroll" tabIndex={0} role="region" aria-label={name}>
      <table {...props} />
    </div>
  );
}

/** A header cell with no words (a table's top-left corner in Markdown) is a plain cell: a header
 *  that names nothing gives a screen reader nothing to announce for its column. */
export function TableHeaderCell(props: ComponentProps<"th">) {
  const empty = Children.toArray(props.children).every((c) => typeof c === "string" && c.trim() === "");
  if (!empty) return <th {...props} />;
  const { align, ...rest } = props as ComponentProps<"th"> & { align?: string };
  return (
    <td {...(rest as ComponentProps<"td">)} style={align ? { textAlign: align as "left" } : rest.style} />
  );
}
