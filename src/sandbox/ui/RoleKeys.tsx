// The legend's five role shapes, shared by the /sandbox legend and /start's guided run: a role is
// told by shape and word, never by colour alone.
const ROLES = [
  ["follower", "circle"],
  ["candidate", "diamond"],
  ["leader", "star"],
  ["paused", "square"],
  ["crashed", "octagon"],
] as const;

export function RoleKeys() {
  return (
    <>
      {ROLES.map(([role, shape]) => (
        <li key={role}>
          <span className={`sb-key role-${role} shape-${shape}`} aria-hidden="true" /> {role}
        </li>
      ))}
    </>
  );
}
