// Shared vitest setup. Component tests opt into happy-dom with a file comment.
import { configure } from "@testing-library/dom";

// findBy*/waitFor wait on a condition; the default 1 s ceiling fails lazily loaded components on
// a busy machine (issue 17: QuestionView and the interview chart). The condition still decides;
// this is only how long a test waits before it calls the condition false.
configure({ asyncUtilTimeout: 30_000 });
