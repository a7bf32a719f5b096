// A zod error in one line, naming the field: shared by the browser loader and the content check.
export function describeIssue(err: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  const i = err.issues[0];
  return `${i?.path.map(String).join(".") || "root"}: ${i?.message ?? "invalid"}`;
}
