/**
 * The fields an `McpServer` declares, in the order the provider compares them: one list shared by
 * the provider and the drift report (which reads the declared fields of a refreshed resource),
 * taken from the resource's declaration (`declaration.ts`).
 */
import { fieldsWhere } from "../engine/declaration";
import { MCP_SERVER } from "./declaration";

export const DECLARED_FIELDS = fieldsWhere(MCP_SERVER.fields, { declared: true });

export type DeclaredField = (typeof DECLARED_FIELDS)[number];

/** Declared fields whose values are secrets: encrypted in state, never shown. */
export const SECRET_FIELDS = fieldsWhere(MCP_SERVER.fields, { secret: true }) satisfies readonly DeclaredField[];
