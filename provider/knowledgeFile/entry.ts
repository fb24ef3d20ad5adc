/**
 * The entry the provider plugin and the Terraform provider serve for `KnowledgeFile` (see `../engine/nounEntry.ts`).
 *
 * @packageDocumentation
 */
import { nounEntry } from "../engine/nounEntry";
import { KNOWLEDGE_FILE } from "./declaration";
import * as implementation from "./provider";

export const KNOWLEDGE_FILE_ENTRY = nounEntry({
  declaration: KNOWLEDGE_FILE,
  implementation,
  changedProperties(olds, news, result) {
    const names = new Set<string>(result.replaces ?? []);
    if (implementation.contentChanged(olds, news)) names.add("content");
    if (news.force !== olds.force) names.add("force");
    return [...names];
  },
});
