// The one host function the engine relies on beyond the ES library: structuredClone, which
// every place the engine runs has (Node 17+, browsers, Web Workers). Declared here because the
// engine compiles with ES libs only (tsconfig.engine.json), so no DOM or Node type can slip in.
declare function structuredClone<T>(value: T): T;
