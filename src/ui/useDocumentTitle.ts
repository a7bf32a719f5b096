// Sets document.title while a component is mounted. React 18 renders a <title> element where it
// stands (in the body, where the browser ignores it), so titles are set from an effect instead.
//
// More than one component can ask at once: the root layout's route title and a not-found page
// inside it. The latest to mount wins and keeps winning when an earlier one's text changes (the
// route title updates as the router settles after the not-found page has mounted); when it
// unmounts, the one below it shows again, and with none left the page's own title from
// index.html comes back.
import { useEffect, useRef } from "react";

type Claim = { title: string };

const claims: Claim[] = [];
let pageTitle: string | undefined;

function show() {
  const top = claims.at(-1);
  if (top) document.title = top.title;
  else if (pageTitle !== undefined) document.title = pageTitle;
}

/** While mounted with a title, that is the page's title (the latest claim wins); undefined asks
 *  for nothing, as rendering no <title> did. */
export function useDocumentTitle(title: string | undefined): void {
  const claim = useRef<Claim | null>(null);
  const wanted = title !== undefined;
  // The claim's place in the stack follows mounting, not text changes: it is made when a title
  // is first wanted and given up on unmount (or when the title goes away).
  useEffect(() => {
    if (!wanted) return;
    if (claims.length === 0) pageTitle = document.title;
    const mine: Claim = { title: "" };
    claims.push(mine);
    claim.current = mine;
    return () => {
      claims.splice(claims.indexOf(mine), 1);
      claim.current = null;
      show();
    };
  }, [wanted]);
  // Declared after the claim's effect, so on mount it runs after the claim exists.
  useEffect(() => {
    if (claim.current && title !== undefined) {
      claim.current.title = title;
      show();
    }
  }, [title]);
}
