import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "./useDocumentTitle";

export function NotFound() {
  // It mounts inside the root layout, after the layout's route title, and the latest title to
  // mount is the one shown: so this one names the page while it is up.
  useDocumentTitle("Page not found · Election Lab");
  return (
    <div className="page narrow">
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may be a lesson that was renamed, or a typo in the link.</p>
      <p>
        <Link to="/">Go to the course map</Link>
      </p>
    </div>
  );
}
