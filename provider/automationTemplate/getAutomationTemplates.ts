import type * as pulumi from "@pulumi/pulumi";
import type { AutomationTemplate } from "../../sdk";
import { dataSourceOutput } from "../engine/dataSourceOutput";
import { programClient, programConfig, withDiagnosticsParent } from "../client/programConfig";
import { readTemplates } from "./readAutomationTemplates";

/** Arguments of {@link getAutomationTemplates}. */
export interface GetAutomationTemplatesArgs {
  /**
   * Language of the templates, e.g. `en-US` or `zh-CN`, at most 16 characters. Default: stack
   * config `flashduty:locale` / `FLASHDUTY_LOCALE`; without either, the platform picks from the
   * request's Accept-Language (falling back to en-US).
   */
  locale?: string;
}

/** Same as {@link GetAutomationTemplatesArgs}, accepting Pulumi inputs. */
export type GetAutomationTemplatesOutputArgs = { locale?: pulumi.Input<string> };

/** Result of {@link getAutomationTemplates}. */
export interface GetAutomationTemplatesResult {
  /** The locale that was asked for; empty when the platform chose it. */
  locale: string;
  /** The preset templates, sorted by `name` (a template's identity within a locale). */
  templates: AutomationTemplate[];
}

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
