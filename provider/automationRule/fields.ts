/**
 * The fields an `AutomationRule` declares (its inputs, camelCase of the rule's wire fields), in the
 * order diffs and drift reports name them. Part of the resource's state shape, so the provider,
 * the drift report and the policy pack read it from here.
 */
export const DECLARED_FIELDS = [
  "name",
  "prompt",
  "cronExpr",
  "timezone",
  "teamId",
  "enabled",
  "scheduleTriggerEnabled",
  "httpPostTriggerEnabled",
  "oncallIncidentTriggerEnabled",
  "oncallIncidentChannelIds",
  "oncallIncidentSeverities",
  "environmentKind",
  "environmentId",
] as const;

/** One of {@link DECLARED_FIELDS}. */
export type DeclaredField = (typeof DECLARED_FIELDS)[number];
