/**
 * The provider plugin's schema, made from the nouns' declarations (`provider/<noun>/declaration.ts`)
 * and the settings (`provider/client/config.ts`): `npm run schema` writes it to `plugin/schema.json`,
 * which the plugin answers (`GetSchema`), the SDK generators read (`scripts/gen-sdks.sh`) and
 * `test/plugin/schema.unit.test.ts` compares with this build, failing on any difference. What
 * only the package as a whole knows (its name, publisher, download server, the SDKs' package
 * names and READMEs) is here.
 *
 * @packageDocumentation
 */
import { A2A_AGENT, A2A_AGENT_CARD_SKILL_INFO, A2A_AGENT_INFO, GET_A2A_AGENTS } from "../provider/a2aAgent/declaration";
import { AUTOMATION_RULE, AUTOMATION_RULE_INFO, GET_AUTOMATION_RULES } from "../provider/automationRule/declaration";
import { AUTOMATION_TEMPLATE_INFO, GET_AUTOMATION_TEMPLATES } from "../provider/automationTemplate/declaration";
import { SETTINGS } from "../provider/client/config";
import {
  type Field,
  type FunctionDeclaration,
  leftOutNote,
  type ResourceDeclaration,
  type SchemaType,
  type TypeDeclaration,
} from "../provider/engine/declaration";
import { GET_KNOWLEDGE_FILES, KNOWLEDGE_FILE, KNOWLEDGE_FILE_INFO } from "../provider/knowledgeFile/declaration";
import { GET_MCP_SERVERS, MCP_SERVER, MCP_SERVER_INFO, MCP_TOOL_INFO } from "../provider/mcpServer/declaration";
import { MCP_SERVER_DISABLEMENT } from "../provider/mcpServerDisablement/declaration";
import { GET_SKILLS, SKILL, SKILL_INFO } from "../provider/skill/declaration";

/** Every resource the plugin serves, in the schema's order. */
export const RESOURCE_DECLARATIONS: readonly ResourceDeclaration[] = [MCP_SERVER_DISABLEMENT, AUTOMATION_RULE, MCP_SERVER, SKILL, KNOWLEDGE_FILE, A2A_AGENT];
/** Every object type the functions answer. */
export const TYPE_DECLARATIONS: readonly TypeDeclaration[] = [
  AUTOMATION_RULE_INFO,
  AUTOMATION_TEMPLATE_INFO,
  MCP_TOOL_INFO,
  MCP_SERVER_INFO,
  SKILL_INFO,
  KNOWLEDGE_FILE_INFO,
  A2A_AGENT_CARD_SKILL_INFO,
  A2A_AGENT_INFO,
];
/** Every function the plugin serves. */
export const FUNCTION_DECLARATIONS: readonly FunctionDeclaration[] = [
  GET_AUTOMATION_RULES,
  GET_AUTOMATION_TEMPLATES,
  GET_MCP_SERVERS,
  GET_SKILLS,
  GET_KNOWLEDGE_FILES,
  GET_A2A_AGENTS,
];

/** What the package says of itself: everything of the schema but its version and its members. */
const PACKAGE = {
  name: "flashduty",
  displayName: "Flashduty",
  description:
    "Resources and data sources for the Flashduty AI SRE platform: MCP servers, their disablements, automation rules, skills, knowledge files and A2A agents.",
  license: "Apache-2.0",
  repository: "https://github.com/flashcatcloud/pulumi-flashduty",
  publisher: "pulumi-flashduty",
  pluginDownloadURL: "github://api.github.com/flashcatcloud/pulumi-flashduty",
  keywords: ["pulumi", "flashduty", "category/monitoring", "kind/native"],
  language: {
    nodejs: {
      packageName: "@pulumi-flashduty/flashduty",
      dependencies: {
        "@pulumi/pulumi": ">=3.249.0 <4",
      },
      respectSchemaVersion: true,
      readme:
        "Pulumi provider for the [Flashduty](https://flashcat.cloud) AI SRE platform, for programs on the provider plugin: MCP servers, their disablements, automation rules, skills, knowledge files, A2A agents, and data sources that read them.\n\n```sh\nnpm install @pulumi-flashduty/flashduty\npulumi config set --secret flashduty:appKey <app key from the Flashduty console>\n```\n\nThe engine installs the provider plugin `pulumi-resource-flashduty` of this package's version by itself (from the project's GitHub releases), or run `pulumi plugin install resource flashduty <version>`. Several accounts in one program: `new flashduty.Provider(\"prod\", { appKey })` and the `provider` resource option. (The npm package `pulumi-flashduty` holds the same resources as dynamic resources, configured by stack config only.)\n\nDocumentation: https://github.com/flashcatcloud/pulumi-flashduty/blob/main/docs/yaml.md\n",
    },
    python: {
      packageName: "pulumi_flashduty",
      pyproject: {
        enabled: true,
      },
      respectSchemaVersion: true,
      readme:
        "Pulumi provider for the [Flashduty](https://flashcat.cloud) AI SRE platform: MCP servers, their disablements, automation rules, skills, knowledge files, A2A agents, and data sources that read them.\n\n```sh\npip install pulumi-flashduty\npulumi config set --secret flashduty:appKey <app key from the Flashduty console>\n```\n\nThe engine installs the provider plugin `pulumi-resource-flashduty` of this package's version by itself (from the project's GitHub releases), or run `pulumi plugin install resource flashduty <version>`; it needs no Node.js. Several accounts in one program: `flashduty.Provider(\"prod\", app_key=...)` and `opts=pulumi.ResourceOptions(provider=prod)`.\n\nDocumentation: https://github.com/flashcatcloud/pulumi-flashduty/blob/main/docs/python.md\n",
    },
    go: {
      importBasePath: "github.com/flashcatcloud/pulumi-flashduty/sdks/go/flashduty",
      respectSchemaVersion: true,
    },
  },
};

/** A schema property: the field's type, description, default and secret flag. */
type Property = SchemaType & { description: string; default?: unknown; secret?: boolean };

/**
 * A resource's declared field (`resource`) carries no schema default: the SDKs would send it for an
 * input the program leaves out, and a field left out is not managed after create
 * (`provider/engine/programFields.ts`); its create-time default goes into the description.
 */
function property(field: Field, as: "input" | "output", resource = false): Property {
  const type: Record<string, unknown> = {};
  for (const key of ["type", "items", "additionalProperties", "$ref", "oneOf"] as const) {
    if (key in field) type[key] = (field as Record<string, unknown>)[key];
  }
  let description = field.description;
  let withDefault = field.default !== undefined;
  if (as === "input") {
    if (field.input !== undefined) description = field.input.description;
    if (resource && leftOutNote(field) !== undefined) {
      description = `${description} ${leftOutNote(field)}`;
      withDefault = false;
    } else if (field.inputDefaultInDescription === true && field.default !== undefined) {
      description = `${description} Default \`${JSON.stringify(field.default)}\`.`;
      withDefault = false;
    }
  }
  if (resource && field.declared === true) withDefault = false;
  return {
    ...(type as SchemaType),
    description,
    ...(withDefault ? { default: field.default } : {}),
    ...(field.secret === true ? { secret: true } : {}),
  };
}

function names(fields: Readonly<Record<string, Field>>, keep: (field: Field) => boolean): string[] {
  return Object.entries(fields)
    .filter(([, field]) => keep(field))
    .map(([name]) => name);
}

function properties(
  fields: Readonly<Record<string, Field>>,
  as: "input" | "output",
  keep: (field: Field) => boolean = () => true,
  resource = false,
): Record<string, Property> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => keep(field))
      .map(([name, field]) => [name, property(field, as, resource)]),
  );
}

const isInput = (field: Field) => field.kind !== "out";

function resourceSchema(resource: ResourceDeclaration): object {
  return {
    description: resource.description,
    inputProperties: properties(resource.fields, "input", isInput, true),
    requiredInputs: names(resource.fields, (f) => isInput(f) && f.requiredInput === true),
    properties: properties(resource.fields, "output", undefined, true),
    required: names(resource.fields, (f) => f.required === true),
  };
}

function functionSchema(fn: FunctionDeclaration): object {
  const required = names(fn.inputs, (f) => f.requiredInput === true);
  return {
    description: fn.description,
    inputs: { properties: properties(fn.inputs, "input"), ...(required.length > 0 ? { required } : {}) },
    outputs: { properties: properties(fn.outputs, "output"), required: names(fn.outputs, (f) => f.required === true) },
  };
}

function typeSchema(type: TypeDeclaration): object {
  return {
    type: "object",
    description: type.description,
    properties: properties(type.properties, "output"),
    required: names(type.properties, (f) => f.required === true),
  };
}

/**
 * The plugin's schema for `version` (the npm package's; `plugin/schema.json` holds the one of the
 * package.json it was written with). Config variables carry the settings' defaults; the provider's
 * inputs do not (an SDK would send them, hiding FLASHDUTY_* of the plugin's environment).
 */
export function buildSchema(version: string): Record<string, unknown> {
  const settings = Object.entries(SETTINGS) as Array<[string, (typeof SETTINGS)[keyof typeof SETTINGS]]>;
  const setting = (s: (typeof SETTINGS)[keyof typeof SETTINGS], withDefault: boolean) => {
    const d = "default" in s ? s.default : undefined;
    return {
      type: s.type,
      description: withDefault || d === undefined ? s.description : `${s.description} Default \`${JSON.stringify(d)}\`.`,
      ...(withDefault && d !== undefined ? { default: d } : {}),
      ...("secret" in s && s.secret ? { secret: true } : {}),
    };
  };
  const { name, displayName, language, ...head } = PACKAGE;
  return {
    name,
    displayName,
    version,
    ...head,
    config: { variables: Object.fromEntries(settings.map(([key, s]) => [key, setting(s, true)])) },
    provider: {
      description:
        'The provider of Flashduty resources: one account (app key) and how to reach it. The default provider takes its settings from the stack config keys `flashduty:*`; an explicit provider (`new flashduty.Provider("prod", { appKey })`, the `provider` resource option) from its inputs, so one program can act on several accounts. An input left unset falls back to its FLASHDUTY_* environment variable, then its default. The app key is a secret: never logged, never in state in plaintext.',
      inputProperties: Object.fromEntries(settings.map(([key, s]) => [key, setting(s, false)])),
      properties: {},
    },
    resources: Object.fromEntries(RESOURCE_DECLARATIONS.map((r) => [r.token, resourceSchema(r)])),
    types: Object.fromEntries(TYPE_DECLARATIONS.map((t) => [t.token, typeSchema(t)])),
    functions: Object.fromEntries(FUNCTION_DECLARATIONS.map((f) => [f.token, functionSchema(f)])),
    language,
  };
}

/** The text of `plugin/schema.json`: {@link buildSchema}, two-space JSON, a final newline. */
export function schemaText(version: string): string {
  return `${JSON.stringify(buildSchema(version), null, 2)}\n`;
}
