/**
 * What the Terraform provider `flashdutyai` serves, and its schema, generated from the nouns'
 * declarations (`provider/<noun>/declaration.ts`) as the Pulumi plugin's schema is: a resource per
 * noun (`flashdutyai_<noun in snake_case>`) on the same implementation module as the Pulumi front
 * doors (`provider/<noun>/entry.ts`), a data source per function
 * (`flashdutyai_automation_rules` from `getAutomationRules`) on the same reads.
 *
 * Attributes, from each field: `requiredInput` → required; another input → optional and computed
 * (a field left out is not managed, and the plan shows the state's value); an output (`kind: "out"`)
 * → computed; `secret` → sensitive, except the secret maps a program writes (McpServer `env` and
 * `headers`, A2aAgent `authConfig`), which are write-only (Terraform >= 1.11: never in state); and
 * `id`, computed. The provider's attributes come from the settings (`provider/client/config.ts`).
 *
 * @packageDocumentation
 */
import { A2A_AGENT, A2A_AGENT_CARD_SKILL_INFO, A2A_AGENT_INFO, GET_A2A_AGENTS } from "../provider/a2aAgent/declaration";
import { AUTOMATION_RULE, AUTOMATION_RULE_INFO, GET_AUTOMATION_RULES } from "../provider/automationRule/declaration";
import { AUTOMATION_TEMPLATE_INFO, GET_AUTOMATION_TEMPLATES } from "../provider/automationTemplate/declaration";
import { SETTINGS } from "../provider/client/config";
import { type Field, type FunctionDeclaration, leftOutNote, type ResourceDeclaration, type TypeDeclaration } from "../provider/engine/declaration";
import type { NounEntry } from "../provider/engine/nounEntry";
import { GET_KNOWLEDGE_FILES, KNOWLEDGE_FILE, KNOWLEDGE_FILE_INFO } from "../provider/knowledgeFile/declaration";
import { GET_MCP_SERVERS, MCP_SERVER, MCP_SERVER_INFO, MCP_TOOL_INFO } from "../provider/mcpServer/declaration";
import { MCP_SERVER_DISABLEMENT } from "../provider/mcpServerDisablement/declaration";
import { GET_SKILLS, SKILL, SKILL_INFO } from "../provider/skill/declaration";
import type { FlashdutyClient } from "../sdk";
import { type CtyType, ctyType, snake, type TypeTable } from "./values";
import { TERRAFORM_PROVIDER_TYPE, terraformDataSourceType, terraformResourceType } from "../provider/engine/typeToken";

/** The provider's type (one home: `provider/engine/typeToken.ts`). */
export const PROVIDER_TYPE = TERRAFORM_PROVIDER_TYPE;

/** The state's schema version; {@link upgradeState} reads any older state. */
export const SCHEMA_VERSION = 1;

/** The object types resources and functions refer to, by token. */
export const TYPES: TypeTable = new Map(
  [
    AUTOMATION_RULE_INFO,
    AUTOMATION_TEMPLATE_INFO,
    MCP_TOOL_INFO,
    MCP_SERVER_INFO,
    SKILL_INFO,
    KNOWLEDGE_FILE_INFO,
    A2A_AGENT_CARD_SKILL_INFO,
    A2A_AGENT_INFO,
  ].map((t: TypeDeclaration) => [t.token, t]),
);

/** One attribute of a generated schema, as `Schema.Attribute` of tfplugin6 (type as cty JSON). */
export interface TfAttribute {
  name: string;
  /** The field it comes from (camelCase); `id` has none. */
  field?: string;
  type: CtyType;
  description: string;
  required: boolean;
  optional: boolean;
  computed: boolean;
  sensitive: boolean;
  writeOnly: boolean;
}

/** A resource type as Terraform sees it and as the implementations serve it. */
export interface TfResource {
  typeName: string;
  declaration: ResourceDeclaration;
  /** The noun's plugin entry (its implementation module), loaded on first use. */
  readonly plugin: NounEntry;
  attributes: readonly TfAttribute[];
  /** The attributes by field name. */
  byField: ReadonlyMap<string, TfAttribute>;
}

/** A data source: its function's declaration and read. */
export interface TfDataSource {
  typeName: string;
  declaration: FunctionDeclaration;
  attributes: readonly TfAttribute[];
  read(args: Record<string, unknown>, client: () => FlashdutyClient, locale: () => string | undefined): Promise<object>;
}

/** Whether a resource's field is a secret map the program writes: write-only in Terraform. */
export function isWriteOnly(field: Field): boolean {
  return field.secret === true && field.kind !== "out";
}

function resourceAttributes(declaration: ResourceDeclaration): TfAttribute[] {
  const id: TfAttribute = {
    name: "id",
    type: "string",
    description: "The object's id on the platform (the same id `pulumi import` takes).",
    required: false,
    optional: false,
    computed: true,
    sensitive: false,
    writeOnly: false,
  };
  return [
    id,
    ...Object.entries(declaration.fields).map(([name, field]): TfAttribute => {
      const output = field.kind === "out";
      const writeOnly = isWriteOnly(field);
      const required = !output && field.requiredInput === true;
      let description = output ? field.description : (field.input?.description ?? field.description);
      if (!output && leftOutNote(field) !== undefined) description = `${description} ${leftOutNote(field)}`;
      if (writeOnly) description = `${description} Write-only: sent to the platform, never stored in state (Terraform >= 1.11).`;
      return {
        name: snake(name),
        field: name,
        type: ctyType(field, TYPES),
        description,
        required,
        optional: !output && !required,
        computed: output || (!required && !writeOnly),
        sensitive: field.secret === true && !writeOnly,
        writeOnly,
      };
    }),
  ];
}

function dataSourceAttributes(fn: FunctionDeclaration): TfAttribute[] {
  const attributes = new Map<string, TfAttribute>();
  for (const [name, field] of Object.entries(fn.inputs)) {
    const required = field.requiredInput === true;
    attributes.set(name, {
      name: snake(name),
      field: name,
      type: ctyType(field, TYPES),
      description: field.description,
      required,
      optional: !required,
      computed: false,
      sensitive: field.secret === true,
      writeOnly: false,
    });
  }
  for (const [name, field] of Object.entries(fn.outputs)) {
    const input = attributes.get(name);
    if (input !== undefined) {
      attributes.set(name, { ...input, computed: !input.required });
      continue;
    }
    attributes.set(name, {
      name: snake(name),
      field: name,
      type: ctyType(field, TYPES),
      description: field.description,
      required: false,
      optional: false,
      computed: true,
      sensitive: field.secret === true,
      writeOnly: false,
    });
  }
  return [...attributes.values()];
}

/**
 * A resource of `declaration` whose plugin entry `load` gives: loaded on first use, not at start
 * (the implementations take most of a launch's start-up, and Terraform starts the provider for
 * its schema alone too).
 */
function resource(declaration: ResourceDeclaration, load: () => NounEntry): TfResource {
  const attributes = resourceAttributes(declaration);
  let plugin: NounEntry | undefined;
  return {
    typeName: terraformResourceType(declaration.token),
    declaration,
    get plugin() {
      plugin ??= load();
      return plugin;
    },
    attributes,
    byField: new Map(attributes.filter((a) => a.field !== undefined).map((a) => [a.field!, a])),
  };
}

/** Every resource type, by Terraform type name. */
export const RESOURCES: ReadonlyMap<string, TfResource> = new Map(
  [
    resource(MCP_SERVER, () => (require("../provider/mcpServer/entry") as typeof import("../provider/mcpServer/entry")).MCP_SERVER_ENTRY),
    resource(
      MCP_SERVER_DISABLEMENT,
      () => (require("../provider/mcpServerDisablement/entry") as typeof import("../provider/mcpServerDisablement/entry")).MCP_SERVER_DISABLEMENT_ENTRY,
    ),
    resource(AUTOMATION_RULE, () => (require("../provider/automationRule/entry") as typeof import("../provider/automationRule/entry")).AUTOMATION_RULE_ENTRY),
    resource(SKILL, () => (require("../provider/skill/entry") as typeof import("../provider/skill/entry")).SKILL_ENTRY),
    resource(KNOWLEDGE_FILE, () => (require("../provider/knowledgeFile/entry") as typeof import("../provider/knowledgeFile/entry")).KNOWLEDGE_FILE_ENTRY),
    resource(A2A_AGENT, () => (require("../provider/a2aAgent/entry") as typeof import("../provider/a2aAgent/entry")).A2A_AGENT_ENTRY),
  ].map((r) => [r.typeName, r]),
);

type Read = TfDataSource["read"];

function dataSource(declaration: FunctionDeclaration, read: Read): TfDataSource {
  return { typeName: terraformDataSourceType(declaration.token), declaration, attributes: dataSourceAttributes(declaration), read };
}

/** Every data source, by Terraform type name, on the reads the Pulumi functions run (each loaded on first use). */
export const DATA_SOURCES: ReadonlyMap<string, TfDataSource> = new Map(
  [
    dataSource(GET_AUTOMATION_RULES, (args, client) =>
      (require("../provider/automationRule/readAutomationRules") as typeof import("../provider/automationRule/readAutomationRules")).readRules(
        args as never,
        client,
      ),
    ),
    dataSource(GET_AUTOMATION_TEMPLATES, (args, client, locale) =>
      (
        require("../provider/automationTemplate/readAutomationTemplates") as typeof import("../provider/automationTemplate/readAutomationTemplates")
      ).readTemplates(args as never, client, locale),
    ),
    dataSource(GET_MCP_SERVERS, (args, client) =>
      (require("../provider/mcpServer/readMcpServers") as typeof import("../provider/mcpServer/readMcpServers")).readServers(args as never, client),
    ),
    dataSource(GET_SKILLS, (args, client) =>
      (require("../provider/skill/readSkills") as typeof import("../provider/skill/readSkills")).readSkills(args as never, client),
    ),
    dataSource(GET_KNOWLEDGE_FILES, (args, client) =>
      (require("../provider/knowledgeFile/readKnowledgeFiles") as typeof import("../provider/knowledgeFile/readKnowledgeFiles")).readKnowledgeFiles(
        args as never,
        client,
      ),
    ),
    dataSource(GET_A2A_AGENTS, (args, client) =>
      (require("../provider/a2aAgent/readA2aAgents") as typeof import("../provider/a2aAgent/readA2aAgents")).readAgents(args as never, client),
    ),
  ].map((d) => [d.typeName, d]),
);

/** The provider block's attributes: one per setting, all optional (`app_key` sensitive). */
export const PROVIDER_ATTRIBUTES: readonly TfAttribute[] = Object.entries(SETTINGS).map(([key, setting]) => ({
  name: snake(key),
  field: key,
  type: setting.type === "integer" ? "number" : "string",
  description: setting.description,
  required: false,
  optional: true,
  computed: false,
  sensitive: "secret" in setting && setting.secret === true,
  writeOnly: false,
}));

/** A `Schema` message of tfplugin6 (proto-loader's plain object form) for `attributes`. */
export function schemaMessage(attributes: readonly TfAttribute[], description: string, version = 0): object {
  return {
    version,
    block: {
      version,
      description,
      description_kind: "MARKDOWN",
      attributes: attributes.map((a) => ({
        name: a.name,
        type: Buffer.from(JSON.stringify(a.type)),
        description: a.description,
        description_kind: "MARKDOWN",
        required: a.required,
        optional: a.optional,
        computed: a.computed,
        sensitive: a.sensitive,
        write_only: a.writeOnly,
      })),
    },
  };
}
