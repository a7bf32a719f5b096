// Every prompt, validated. Imported lazily by the interview page, so prompts never reach the main chunk.
import { checkPromptSet, type Prompt } from "./schema";

const files = import.meta.glob<unknown>("/content/interview/*.json", { eager: true, import: "default" });
const checked = checkPromptSet(Object.entries(files).map(([file, data]) => ({ file, data })));

export const prompts: Prompt[] = [...checked.prompts].sort((a, b) => a.title.localeCompare(b.title));
/** Problems with shipped content (the content check should have caught them); shown, not thrown. */
export const contentProblems: string[] = checked.problems;
