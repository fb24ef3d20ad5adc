/**
 * `importFile/`: an account as Pulumi's bulk import file (`pulumi import --file`), for the
 * command `pulumi-flashduty import-file`, and the masked secrets of the program the import writes
 * as config secrets, for `pulumi-flashduty import-secrets`. Depends on `sdk/`, and on `provider/`
 * for each resource's own `check` and what its `read` answers (`importedCheck.ts`); nothing in
 * `provider/` imports it.
 *
 * @packageDocumentation
 */
export { type Candidate, KINDS, type Kind, readCandidates, TYPE_TOKENS } from "./candidates";
export {
  buildImportFile,
  checkFailureReason,
  type ImportFile,
  type ImportFileOptions,
  type ImportFileResource,
  type ImportFileResult,
  importFileOf,
  SKILL_REASON,
  type SecretToFill,
  type SkippedObject,
  withCheckFailures,
} from "./importFile";
export {
  type CheckedResource,
  type CheckFailure,
  failuresAfterImport,
  type Inputs,
  KNOWLEDGE_TEXT_STAND_IN,
  a2aAgentImportInputs,
  automationRuleImportInputs,
  disablementImportInputs,
  knowledgeFileImportInputs,
  mcpServerImportInputs,
} from "./importedCheck";
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
