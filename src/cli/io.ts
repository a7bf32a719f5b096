// Where the CLI prints: stdout and stderr, or a test's buffers.
export interface Io {
  out(s: string): void;
  err(s: string): void;
}
