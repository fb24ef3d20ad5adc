/**
 * Automation templates: `POST /safari/automation/template/list`.
 */
import {
  automationTemplateListFromWire,
  listAutomationTemplatesToWire,
  type AutomationTemplateList,
  type ListAutomationTemplatesParams,
} from "../models";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import { checkParams, checkString } from "../validation";
import { LIMITS, PATHS, wireTemplateListDataSchema } from "../../wire/wire";

const LIST = defineOperation(PATHS.automationTemplateList, wireTemplateListDataSchema, { nonIdempotent: false });

/** The preset automation templates. Reach it as `client.automationTemplates`. */
export class AutomationTemplates {
  readonly #transport: Transport;

  /** @internal Built by `FlashdutyClient`; use `client.mcpServers` etc. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Lists the preset automation templates for a language. `POST /safari/automation/template/list`,
   * body `{ locale }` (or `{}`). Any valid key may call it. No paging: all templates at once.
   *
   * @param params.locale language tag such as `en-US` or `zh-CN`, at most 16 characters; when
   *   absent the server picks the language from `Accept-Language` (client option `acceptLanguage`).
   * @returns `{ templates }`; a template's `name` is its identity within a locale.
   * @param options per-call `signal`, `timeoutMs`, `maxRetries` (see `RequestOptions`).
   * @throws FlashdutyValidationError if `locale` is not a string of at most 16 characters.
   */
  async list(params?: ListAutomationTemplatesParams, options?: RequestOptions): Promise<AutomationTemplateList> {
    const op = LIST.name;
    const p = checkParams(op, params);
    const checked: ListAutomationTemplatesParams = { locale: checkString(op, "locale", p.locale, LIMITS.maxLocaleLength) };
    const wire = await this.#transport.call(LIST, listAutomationTemplatesToWire(checked), checkRequestOptions(LIST.name, options));
    return automationTemplateListFromWire(wire);
  }
}
