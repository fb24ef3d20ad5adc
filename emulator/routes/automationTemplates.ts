/** `/safari/automation/template/list` (docs/platform-api.md "Automation templates"). */
import { LIMITS, PATHS } from "../../wire/protocol";
import { wireTemplateListRequestSchema, type WireTemplateListData } from "../../wire/wire";
import type { WireAutomationTemplate } from "../../wire/wireTypes";
import { parseBody } from "../http/body";
import { ApiError } from "../http/envelope";
import { cachedNegotiator, matchLocale } from "../http/locale";
import type { Operation } from "../operation";
import { TEMPLATE_LOCALES, type TemplateLocale } from "../seedTemplates";

const negotiate = cachedNegotiator(TEMPLATE_LOCALES, "en-US");

/**
 * The template language for a request: the `locale` body value when set (best match, so
 * "zh", "zh-TW" and "ZH-cn" give zh-CN), otherwise the best match of `Accept-Language`; en-US
 * when nothing matches.
 */
export function templateLocale(locale: string | undefined, acceptLanguage: string | undefined): TemplateLocale {
  if (locale !== undefined && locale.trim() !== "") return matchLocale(locale, TEMPLATE_LOCALES) ?? "en-US";
  return negotiate(acceptLanguage);
}

/** Copies of `templates`, so no caller can change the seed. */
export function copyTemplates(templates: readonly WireAutomationTemplate[]): WireAutomationTemplate[] {
  return templates.map((t) => ({ ...t }));
}

/** All templates of the chosen language. 400 `InvalidParameter` when `locale` is over 16 characters. */
export const listTemplates: Operation = {
  name: "automationTemplate.list",
  path: PATHS.automationTemplateList,
  handle(context): WireTemplateListData {
    const { locale } = parseBody(wireTemplateListRequestSchema, context.body);
    if (locale !== undefined && locale.length > LIMITS.maxLocaleLength) {
      throw new ApiError("InvalidParameter", (m) => m.paramTooLong("locale", LIMITS.maxLocaleLength));
    }
    return { templates: context.world.templates[templateLocale(locale, context.acceptLanguage)] as WireAutomationTemplate[] };
  },
};
