/**
 * Configuration of the Flashduty policies: each policy declares its settings once, as the JSON
 * schema the engine shows and validates (`--policy-pack-config`), with a `default` per setting;
 * the policy reads its configuration with those defaults filled in (the engine passes only what
 * the file sets).
 */
import type { EnforcementLevel, PolicyConfigSchema } from "@pulumi/policy";

/** A configuration schema whose every property has a description and a default. */
export interface DefaultedSchema extends PolicyConfigSchema {
  properties: Record<string, PolicyConfigSchema["properties"][string] & { description: string }>;
}

/** What a team may set when composing a policy into its own pack. */
export interface PolicyOptions<TConfig> {
  /** Enforcement level when `--policy-pack-config` sets none. */
  enforcementLevel?: EnforcementLevel;
  /** Defaults of the policy's settings (the file still overrides them). */
  defaults?: Partial<TConfig>;
}

/** `schema` with the `default` of each property in `defaults` replaced. */
export function withDefaults<TConfig>(schema: DefaultedSchema, defaults: Partial<TConfig> = {}): DefaultedSchema {
  const properties: DefaultedSchema["properties"] = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    const value = (defaults as Record<string, unknown>)[key];
    properties[key] = value === undefined ? property : { ...property, default: value as never };
  }
  return { ...schema, properties };
}

/** The policy's configuration: `config` (from the engine) over the schema's defaults. */
export function readConfig<TConfig>(schema: DefaultedSchema, config: object): TConfig {
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    if (property.default !== undefined) result[key] = property.default;
  }
  for (const [key, value] of Object.entries(config)) if (value !== undefined) result[key] = value;
  return result as TConfig;
}
