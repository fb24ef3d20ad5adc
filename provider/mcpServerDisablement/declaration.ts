/**
 * McpServerDisablement's one declaration: every field with its schema type, description, default, secret flag
 * and place (input, output; required; part of the declared state). The provider plugin's schema
 * (`plugin/schema.json`), the field lists in `fields.ts` and the reference page in
 * `docs/resources/` are made from it (`npm run schema`; docs/CONTRIBUTING.md "Adding a field").
 *
 * @packageDocumentation
 */
import type { ResourceDeclaration } from "../engine/declaration";
import { MCP_SERVER_DISABLEMENT_PLUGIN_TYPE } from "../engine/typeToken";

/** flashduty:index:McpServerDisablement: Disables an MCP server for as long as the resource exists; destroy enables it again per `restoreOnDelete`. */
export const MCP_SERVER_DISABLEMENT = {
  token: MCP_SERVER_DISABLEMENT_PLUGIN_TYPE,
  description:
    "Disables an MCP server for as long as the resource exists; destroy enables it again per `restoreOnDelete`. A server found already disabled is adopted.",
  fields: {
    serverId: {
      type: "string",
      description: "Id of the MCP server to disable, e.g. `mcp_grafana`. Required, non-empty. Changing it replaces the resource (delete before create).",
      requiredInput: true,
      required: true,
      typescript: { output: "For `get`, the id argument names the server and this is ignored." },
    },
    restoreOnDelete: {
      oneOf: [
        {
          type: "boolean",
        },
        {
          type: "string",
        },
      ],
      description:
        'What destroy does with the server. `true` (default): enables it again if this resource disabled it (`disabledByThisResource`); a server found already disabled is adopted and stays disabled, with a warning at create. `"always"`: enables it whenever it is still disabled, also when the resource adopted it: the way to state that this stack owns the server\'s disabled state, e.g. after an interrupted run. `false`: leaves it disabled. Changing it is an update with no API call.',
      default: true,
      required: true,
      // Pulumi's Go generator writes invalid Go for a default on a union-typed input (docs/go.md).
      inputDefaultInDescription: true,
    },
    serverName: {
      type: "string",
      description: "Display name of the server, as last read.",
      kind: "out",
      required: true,
    },
    teamId: {
      type: "integer",
      description: "Team that owns the server; 0 for an account-wide server.",
      kind: "out",
      required: true,
    },
    status: {
      type: "string",
      description: "Status as last read: `disabled`, or `enabled` when refresh found drift (or for a server read by `get` that is enabled).",
      kind: "out",
      required: true,
    },
    disabledByThisResource: {
      type: "boolean",
      description: "True if this resource switched the server off; false if it found it off and adopted it (and for a server read by `get`).",
      kind: "out",
      required: true,
    },
    disabledAt: {
      type: "number",
      description: "When this resource switched the server off, epoch milliseconds; absent for an adopted server.",
      kind: "out",
    },
    adoptedAt: {
      type: "number",
      description: "When this resource found the server already disabled and adopted it, epoch milliseconds; absent when it disabled it.",
      kind: "out",
    },
    resourceName: {
      type: "string",
      description: "The Pulumi resource name (from the URN), recorded so a delete can tell its own replacement from another resource that keeps the server.",
      kind: "out",
    },
  },
} as const satisfies ResourceDeclaration;
