import type * as pulumi from "@pulumi/pulumi";
import { dataSourceOutput } from "./dataSourceOutput";
import { programClient, programConfig, withDiagnosticsParent } from "../client/programConfig";
import { readTemplates, type GetAutomationTemplatesArgs, type GetAutomationTemplatesResult } from "../automationTemplate/readAutomationTemplates";

// Declared with the read, which the provider plugin shares; exported here with the data source.
export type { GetAutomationTemplatesArgs, GetAutomationTemplatesResult };

/** Same as {@link GetAutomationTemplatesArgs}, accepting Pulumi inputs. */
export type GetAutomationTemplatesOutputArgs = { locale?: pulumi.Input<string> };

/**
 * Data source: the preset automation templates for a language
 * (`POST /safari/automation/template/list`).
 *
 * `opts`: only `parent` is used, to attribute the data source's diagnostics (retry lines) to that
 * resource; the invoke-only options select a provider plugin, which this data source does not have.
 *
 * @throws FlashdutyValidationError when `locale` is longer than 16 characters, before any call
 * @throws FlashdutyApiError (with operation, code and request id) when the platform refuses
 * @throws FlashdutyConfigError when no app key is configured
 */
export async function getAutomationTemplates(args: GetAutomationTemplatesArgs = {}, opts?: pulumi.InvokeOptions): Promise<GetAutomationTemplatesResult> {
  return withDiagnosticsParent(opts?.parent, () => readTemplates(args, programClient, () => programConfig().locale), "getAutomationTemplates");
}

/**
 * {@link getAutomationTemplates} for Pulumi inputs: waits for the arguments and for the resources
 * of `opts.dependsOn`, then reads; `opts.parent` as in `getAutomationTemplates`.
 */
export function getAutomationTemplatesOutput(
  args: GetAutomationTemplatesOutputArgs = {},
  opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<GetAutomationTemplatesResult> {
  return dataSourceOutput(args, opts, getAutomationTemplates);
}
