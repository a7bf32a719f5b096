// The guided run's own entries in the key to the picture (/start): what a cut draws, and what a
// candidate's count of votes is out of. The picture draws a cut as grey dashes and letters each
// side "A" or "B", and labels a candidate "candidate, 2 votes"; on the screen about a majority
// nothing said what the letters and dashes were, and "2 votes" read like winning (review 17a #7).

/** `cut`: the picture shows a cut; `needed`: the votes a candidate needs to win (a majority of
 *  the whole cluster), while one stands. */
export function GuidedKeys({ cut, needed, nodes }: { cut: boolean; needed: number | null; nodes: number }) {
  return (
    <>
      {cut && (
        <li>
          <span className="gr-key-sides" aria-hidden="true">
            A B
          </span>{" "}
          the two sides of the cut
        </li>
      )}
      {cut && (
        <li>
          <span className="gr-key-cut" aria-hidden="true" /> grey dashes: cut, nothing crosses
        </li>
      )}
      {needed !== null && (
        <li>
          <span className="sb-key role-candidate shape-diamond" aria-hidden="true" /> a candidate needs{" "}
          {needed} votes of {nodes} to win
        </li>
      )}
    </>
  );
}
