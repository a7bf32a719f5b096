// "Try to break it": a seeded search over fault schedules for a run that breaks a property,
// shrunk to a smallest schedule. Pure: runs in Node, a Worker or a test.
export { search, runChunk, finishSearch, report } from "./search.ts";
export type { SearchOutcome } from "./search.ts";
export { prepare } from "./prepare.ts";
export type { SearchSpec, Prepared } from "./prepare.ts";
export { ChunkPlan } from "./plan.ts";
export type { Chunk } from "./plan.ts";
export { parseProperty, failureOf, PropertyError } from "./properties.ts";
export { parseFaultList, BudgetError, SEARCH_FAULTS } from "./budget.ts";
export type { SearchBudget, FaultAllowance, SearchFault } from "./budget.ts";
export { describeSchedule, describeBudget } from "./describe.ts";
