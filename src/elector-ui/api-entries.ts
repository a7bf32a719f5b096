// The elector API's declarations, read once from the text of api.ts (bundled as text with the
// editor page's chunk). The reference page, the completions and the name checks all use these.
import apiSource from "../elector/api.ts?raw";
import { membersOf, parseApi } from "./api-doc.ts";

export const API_ENTRIES = parseApi(apiSource);
export const NODE_MEMBERS = membersOf(API_ENTRIES, "Node");
export const STORE_MEMBERS = membersOf(API_ENTRIES, "Store");
export const HANDLER_MEMBERS = membersOf(API_ENTRIES, "Elector");
