/**
 * Which fields of the imported resources hold secret maps, read from the nouns' declarations: one
 * home for the import file (which reads them from the platform) and the Terraform rewrite of
 * generated configuration (where they are write-only attributes). Loads declarations only, so
 * `import-secrets` stays free of the API client.
 *
 * @packageDocumentation
 */
import { SECRET_FIELDS as A2A_AGENT_SECRET_FIELDS } from "../provider/a2aAgent/fields";
import { SECRET_FIELDS as MCP_SERVER_SECRET_FIELDS } from "../provider/mcpServer/fields";

/**
 * The fields that hold secret maps, from the declarations: McpServer's `env` and `headers`,
 * A2aAgent's `authConfig` (a disablement declares none). Write-only attributes in Terraform.
 */
export const SECRET_MAP_FIELDS: readonly string[] = [...MCP_SERVER_SECRET_FIELDS, ...A2A_AGENT_SECRET_FIELDS];
