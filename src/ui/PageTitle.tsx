// The page's title: the deepest shown route's head() title. Every route's head() here sets a
// title and nothing else, so this stands in for the router's <HeadContent>, which also builds
// meta, link, style and script tags and cost about 1.5 KB gzipped on the first page (issue 18).
// It sets document.title from an effect (useDocumentTitle): React 18 would leave a rendered
// <title> in the body, where it does not name the page.
import { useRouterState } from "@tanstack/react-router";
import { useDocumentTitle } from "./useDocumentTitle";

type TitledMatch = { status: string; _notFound?: boolean; meta?: Array<{ title?: string } | undefined> };

/** As HeadContent reads them: the matches up to the first one not loaded (pending, failed or not
 *  found, which still counts), and the last title among them. */
export function titleOf(matches: readonly TitledMatch[]): string | undefined {
  let title: string | undefined;
  for (const match of matches) {
    for (const tag of match.meta ?? []) if (tag?.title) title = tag.title;
    if (match.status !== "success" || match._notFound) break;
  }
  return title;
}

export function PageTitle() {
  const title = useRouterState({ select: (s) => titleOf(s.matches) });
  useDocumentTitle(title || undefined);
  return null;
}
