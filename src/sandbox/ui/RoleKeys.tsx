// The legend's five role shapes, shared by the /sandbox legend and /start's guided run: a role is
// told by shape and word, never by colour alone.
export const ROLES = [
  ["follower", "circle"],
  ["candidate", "diamond"],
  ["leader", "star"],
  ["paused", "square"],
  ["crashed", "octagon"],
] as const;

/** The five roles the legend keys, in its order. */
export const ALL_ROLES: readonly string[] = ROLES.map(([role]) => role);

/** `believer`: some node that does not lead still believes it does (a paused or cut-off leader),
 *  drawn with the leader's green outline; the legend then says what the outline means (review 9a
 *  #12: the green edge of a paused node was explained nowhere). */
export function RoleKeys({
  believer = false,
  only,
}: {
  believer?: boolean;
  /** only these roles (what the picture shows now); all five when not given */
  only?: ReadonlySet<string>;
}) {
  return (
    <>
      {ROLES.filter(([role]) => !only || only.has(role)).map(([role, shape]) => (
        <li key={role}>
          <span className={`sb-key role-${role} shape-${shape}`} aria-hidden="true" /> {role}
        </li>
      ))}
      {believer && <BelieverKey />}
    </>
  );
}

/** The green outline's key in full: a paused or cut-off node that no longer leads but still
 *  believes it does (review 9a #12). */
export function BelieverKey() {
  return (
    <li>
      <span className="sb-key role-paused believer" aria-hidden="true" /> {BELIEVER_WORDS}
    </li>
  );
}

export const BELIEVER_WORDS = "green outline: not leading, but it still believes it leads";
