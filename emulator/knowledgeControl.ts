/**
 * The emulator's out-of-band access to knowledge packs and files (`Emulator.knowledgePacks`,
 * `knowledgeFiles`, `editKnowledgeFile`, `deleteKnowledgeFile`): what a person does in the
 * console, for tests that make drift. Not audited, not counted.
 */
import { knowledgeContentType, knowledgeRelPathProblem } from "../wire/protocol";
import type { WireKnowledgeFile, WireKnowledgePack } from "../wire/wireTypes";
import { toWireFile, type KnowledgeStore } from "./state/knowledgeStore";
import type { KnowledgeFileSnapshot } from "./types";

/** The knowledge part of the emulator's control surface, over `knowledge`. */
export function knowledgeControl(knowledge: KnowledgeStore) {
  const packOf = (packId: string) => {
    const pack = knowledge.packs.get(packId);
    if (pack === undefined) throw new Error(`unknown knowledge pack ${packId}`);
    return pack;
  };
  return {
    /** Every pack of every account (`can_edit` false), by pack id. */
    knowledgePacks(): WireKnowledgePack[] {
      return [...knowledge.packs.values()].sort((a, b) => (a.pack_id < b.pack_id ? -1 : 1)).map((p) => knowledge.toWirePack(p, false));
    },
    /** The files of a pack with their text, by `rel_path`. Throws for an unknown pack. */
    knowledgeFiles(packId: string): KnowledgeFileSnapshot[] {
      return knowledge.files(packOf(packId).pack_id).map((f) => ({ ...f }));
    },
    /**
     * Writes a file's text as a person in the console would (member 0, now): creates it when
     * missing, `content_type` from the extension for a new file. Throws for an unknown pack or an
     * invalid `rel_path`.
     */
    editKnowledgeFile(packId: string, relPath: string, content: string): WireKnowledgeFile {
      const pack = packOf(packId);
      const problem = knowledgeRelPathProblem(relPath);
      if (problem !== undefined) throw new Error(`rel_path ${problem}`);
      const contentType = knowledge.file(packId, relPath)?.content_type ?? knowledgeContentType(relPath);
      return toWireFile(knowledge.put(pack, relPath, content, contentType, 0, Date.now()).file);
    },
    /** Deletes a file as a person in the console would. Throws for an unknown pack or file. */
    deleteKnowledgeFile(packId: string, relPath: string): void {
      if (!knowledge.delete(packOf(packId), relPath, Date.now())) throw new Error(`no knowledge file ${relPath} in pack ${packId}`);
    },
  };
}
