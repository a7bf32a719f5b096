// The lease row: leader_lease(name PRIMARY KEY, holder NULL, epoch NOT NULL DEFAULT 0, expires_at, renewed_at).
export interface SqlRow {
  name: string;
  holder: string | null;
  epoch: number;
  expiresAt: number;
  renewedAt: number | null;
}
