/**
 * The read under `getAutomationTemplates`, apart from the program's configuration: the data
 * source passes the program's client and locale, the provider plugin's `Invoke` its own
 * (configured by the engine). This module loads nothing of `@pulumi/pulumi`'s entry point, so the
 * plugin's single-file build does not carry the Pulumi SDK's program runtime.
 *
 * @packageDocumentation
 */
import type { FlashdutyClient } from "../../sdk";
import { checkString } from "../../sdk/validation";
import { LIMITS, PATHS } from "../../wire/protocol";
import type { GetAutomationTemplatesArgs, GetAutomationTemplatesResult } from "./getAutomationTemplates";

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
