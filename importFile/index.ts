/**
 * `importFile/`: an account as Pulumi's bulk import file (`pulumi import --file`), for the
 * command `pulumi-flashduty import-file`, and the masked secrets of the program the import writes
 * as config secrets, for `pulumi-flashduty import-secrets`. Depends on `sdk/` only.
 *
 * @packageDocumentation
 */
export { type Candidate, KINDS, type Kind, readCandidates, TYPE_TOKENS } from "./candidates";
export {
  buildImportFile,
  type ImportFile,
  type ImportFileOptions,
  type ImportFileResource,
  type ImportFileResult,
  importFileOf,
  SKILL_REASON,
  type SecretToFill,
  type SkippedObject,
} from "./importFile";
export { baseName, MAX_BASE_LENGTH, type NameSource, uniqueNames } from "./logicalNames";
export { renderReport } from "./report";
export {
  type ConfigSecret,
  languageOfProgram,
  MASK,
  type ProgramLanguage,
  SecretsToConfigError,
  type SecretsToConfigResult,
  secretsToConfig,
} from "./secretsToConfig";
