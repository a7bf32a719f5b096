export function specifiers(text: string): string[];
export function importGraph(root: string): Map<string, string[]>;
export function cycles(graph: Map<string, string[]>): string[][];
