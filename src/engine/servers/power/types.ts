// The fence device: shots requested and not yet done, each due on the switch's own clock.
export interface PowerState {
  shots: Record<string, { reqId: number; from: number; target: number; due: number }>;
  next: number;
}
