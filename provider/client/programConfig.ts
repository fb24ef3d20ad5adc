/**
 * Configuration as the program (not the provider plugin) sees it: the data sources run in the
 * program process, where stack config is available through the runtime.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import * as pulumi from "@pulumi/pulumi";
import { type FlashdutyConfig, resolveConfig } from "./config";
import { clientFor } from "./client";
import { withRateLimitNotice } from "./rateLimitNotice";
import type { FlashdutyClient } from "../../sdk";

/** Values that win over the stack config and the environment (e.g. a policy pack's settings); unset ones are ignored. */
export interface ConfigOverrides {
  /** Instead of `flashduty:appKey` / `FLASHDUTY_APP_KEY`. */
  appKey?: string;
  /** Instead of `flashduty:baseUrl` / `FLASHDUTY_BASE_URL`. */
  baseUrl?: string;
}

/**
 * Resolves the configuration of the running program or policy pack: `overrides`, then stack
 * config, then environment. `pulumi.runtime.getConfig` returns secret values decrypted without
 * the secret-access warning; the key is used only to build the client.
 *
 * @throws FlashdutyConfigError when no app key is set
 */
export function programConfig(overrides: ConfigOverrides = {}): FlashdutyConfig {
  const given: Record<string, string | undefined> = { "flashduty:appKey": overrides.appKey, "flashduty:baseUrl": overrides.baseUrl };
  return resolveConfig((key) => given[key] ?? pulumi.runtime.getConfig(key));
}

/** The resource a data source call attributes its diagnostics to (its `parent` option). */
const diagnosticsParent = new AsyncLocalStorage<pulumi.Resource | undefined>();

/**
 * Runs `read` with its diagnostics (the client's retry lines, `pulumi.log.debug`) attributed to
 * `parent`, as the CLI shows a resource's own log lines under it; a wait on the account's rate
 * limit logs one info line naming `subject` (the data source).
 */
export function withDiagnosticsParent<T>(parent: pulumi.Resource | undefined, read: () => Promise<T>, subject = "A Flashduty data source"): Promise<T> {
  return diagnosticsParent.run(parent, () => withRateLimitNotice(subject, parent, read));
}

/**
 * The API client of a policy pack: configuration as {@link programConfig} resolves it with
 * `overrides`; no diagnostics (a policy pack has no resource to attribute them to).
 * @throws FlashdutyConfigError when no app key is set
 */
export function policyClient(overrides: ConfigOverrides = {}): FlashdutyClient {
  return clientFor(programConfig(overrides));
}

/** The program's API client (shared rate limit with everything else in the process). */
export function programClient(): FlashdutyClient {
  return clientFor(programConfig(), (message) => void pulumi.log.debug(message, diagnosticsParent.getStore()));
}
