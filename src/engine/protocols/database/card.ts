// The database rules card, in the spirit of the Raft paper's Figure 2: the state a node keeps,
// the messages, the rules, the timers and the fencing token on one printable page (/rules/database).
// Timer values are never written here: the card names each timer and what it means, and the
// course reads the values from this protocol's config (course/rules/engine-defaults.ts).
import type { RulesCard } from "../card.ts";

export const databaseCard = {
  protocol: "database",
  title: "A leader lease in a database row",
  lesson: "database-and-chubby",
  preset: "database-lease",
  state: ["One row: holder, expires_at (on the database's clock), epoch."],
  messages: [
    "UPDATE ... SET holder = me, expires_at = now() + ttl, epoch = epoch + 1 WHERE holder IS NULL OR expires_at < now(); the holder's renewal UPDATE ... SET expires_at = now() + ttl WHERE holder = me AND epoch = my epoch AND expires_at >= now(); the fenced write carries the epoch.",
  ],
  rules: [
    "Standbys poll with the acquire UPDATE; the one that changes a row leads, with the new epoch.",
    "The holder renews before expiry, and only while the row still names it with its own epoch and has not expired: a renewal that changes zero rows means the lease is lost. The database's now() judges every lease.",
    "Writes to the protected table include WHERE fence <= my epoch and raise the fence; a stale holder's write changes zero rows.",
  ],
  timers: {
    ttl: { label: "Row lease TTL", meaning: "expires_at is set this far ahead of the database's now()" },
    renew: { label: "Renewal interval", meaning: "how often the holder extends expires_at" },
    poll: {
      label: "Standby poll",
      meaning: "how often standbys try to take an expired row (jittered up to 2.2 times)",
    },
  },
  sources: [
    "PostgreSQL documentation: now() and UPDATE; the leader_lease table of the course's database lesson",
  ],
} satisfies RulesCard;
