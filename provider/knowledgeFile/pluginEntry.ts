/**
 * The provider plugin's entry for `KnowledgeFile` (see `../engine/pluginEntry.ts`).
 *
 * @packageDocumentation
 */
import { pluginResource } from "../engine/pluginEntry";
import { KNOWLEDGE_FILE } from "./declaration";
import * as implementation from "./provider";

export const KNOWLEDGE_FILE_PLUGIN = pluginResource({
  declaration: KNOWLEDGE_FILE,
  implementation,
  changedProperties(olds, news, result) {
    const names = new Set<string>(result.replaces ?? []);
    if (implementation.contentChanged(olds, news)) names.add("content");
    if (news.force !== olds.force) names.add("force");
    return [...names];
  },
});
