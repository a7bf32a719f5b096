import { Link } from "@tanstack/react-router";

export function NotFound() {
  return (
    <div className="page narrow">
      <title>Page not found · Election Lab</title>
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may be a lesson that was renamed, or a typo in the link.</p>
      <p>
        <Link to="/">Go to the course map</Link>
      </p>
    </div>
  );
}
