import { Link } from "@tanstack/react-router";
import { neighbours } from "../catalog/manifest";

export function PrevNext({ lessonId }: { lessonId: string }) {
  const { prev, next } = neighbours(lessonId);
  return (
    <nav className="prev-next" aria-label="Previous and next lesson">
      {prev ? (
        <Link to="/learn/$lesson" params={{ lesson: prev.id }} rel="prev" className="prev">
          <span className="prev-next-label">Previous</span>
          <span>{prev.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to="/learn/$lesson" params={{ lesson: next.id }} rel="next" className="next">
          <span className="prev-next-label">Next</span>
          <span>{next.title}</span>
        </Link>
      ) : (
        <Link to="/" className="next">
          <span className="prev-next-label">Finished</span>
          <span>Back to the course map</span>
        </Link>
      )}
    </nav>
  );
}
