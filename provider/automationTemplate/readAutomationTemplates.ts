/**
 * The read under `getAutomationTemplates`, apart from the program's configuration: the data
 * source passes the program's client and locale, the provider plugin's `Invoke` its own
 * (configured by the engine). This module loads nothing of `@pulumi/pulumi`'s entry point, so the
 * plugin's single-file build does not carry the Pulumi SDK's program runtime.
 *
 * @packageDocumentation
 */
import type { FlashdutyClient, AutomationTemplate } from "../../sdk";
import { checkString } from "../../sdk/validation";
import { LIMITS, PATHS } from "../../wire/protocol";

/** Arguments of {@link getAutomationTemplates}. */
export interface GetAutomationTemplatesArgs {
  /**
   * Language of the templates, e.g. `en-US` or `zh-CN`, at most 16 characters. Default: stack
   * config `flashduty:locale` / `FLASHDUTY_LOCALE`; without either, the platform picks from the
   * request's Accept-Language (falling back to en-US).
   */
  locale?: string;
}

/** Result of {@link getAutomationTemplates}. */
export interface GetAutomationTemplatesResult {
  /** The locale that was asked for; empty when the platform chose it. */
  locale: string;
  /** The preset templates, sorted by `name` (a template's identity within a locale). */
  templates: AutomationTemplate[];
}

/**
 * Reads the automation templates (operation `POST /automation/template/list`) in `args.locale`,
 * else `configuredLocale()`, else the platform's default language; ordered by `name`.
 *
 * @throws FlashdutyValidationError when `locale` is longer than 16 characters, before any call
 * @throws FlashdutyApiError (with operation, code and request id) when the platform refuses
 * @internal
 */
export async function readTemplates(
  args: GetAutomationTemplatesArgs,
  client: () => FlashdutyClient,
  configuredLocale: () => string | undefined,
): Promise<GetAutomationTemplatesResult> {
  // The argument is checked before the configuration is read, as the other reads check theirs,
  // and under the operation's name, as the client checks it (the same message either way).
  const given = checkString(`POST ${PATHS.automationTemplateList}`, "locale", args.locale, LIMITS.maxLocaleLength);
  const locale = given ?? configuredLocale();
  const { templates } = await client().automationTemplates.list(locale === undefined ? {} : { locale });
  const sorted = [...templates].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { locale: locale ?? "", templates: sorted };
}
