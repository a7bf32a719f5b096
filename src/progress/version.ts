// The progress format's current version, on its own so the zod schema (progress-schema.ts) and
// the start-up code (schema.ts) can both read it without importing each other.
export const CURRENT_VERSION = 3;
