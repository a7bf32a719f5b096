// "Try to break it": a seeded search over fault schedules for a run that breaks a property,
// shrunk to a smallest schedule. Pure: runs in Node, a Worker or a test.
export { search, runChunk, finishSearch, report } from "./search.ts";
export type { SearchOutcome, SearchHooks, ChunkResult } from "./search.ts";
export { prepare, scheduleAt, judge, scenarioWith } from "./prepare.ts";
export type { SearchSpec, Prepared } from "./prepare.ts";
export { ChunkPlan, CHUNK } from "./plan.ts";
export type { Chunk } from "./plan.ts";
export { shrink, nodesNamed } from "./shrink.ts";
export type { Shrunk } from "./shrink.ts";
export { parseProperty, failureOf, PropertyError, PROPERTY_NAMES, SAFETY_PROPERTIES, HAZARD_PROPERTIES } from "./properties.ts";
export type { Property, PropertyFailure, PropertyKind } from "./properties.ts";
export { parseFaultList, normaliseBudget, BudgetError, SEARCH_FAULTS, MAX_SCHEDULES } from "./budget.ts";
export type { SearchBudget, FaultAllowance, SearchFault, Budget } from "./budget.ts";
export { describeSchedule, describeFault, describeBudget } from "./describe.ts";
