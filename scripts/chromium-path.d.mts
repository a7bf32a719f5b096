export declare const CANDIDATES: string[];
export declare function findChromium(): string | null;
