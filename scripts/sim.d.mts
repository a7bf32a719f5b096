export function sourceStamp(root?: string): string;
export function ensureBundle(): Promise<{ cli: string; worker: string }>;
