/**
 * Automation templates: `POST /safari/automation/template/list`.
 *
 * The resource class, and beside it the noun's camelCase model and params with their one mapping to
 * and from the snake_case wire (`wire/wire.ts`).
 */
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import { checkParams, checkString } from "../validation";
import { LIMITS, PATHS, wireTemplateListDataSchema } from "../../wire/wire";
import type { Equal } from "../../wire/typeAssert";
import type { WireAutomationTemplate, WireTemplateListData, WireTemplateListRequest } from "../../wire/wire";
import { withoutUndefined, type Camelized } from "../wireMapping";

/** A preset automation template. It has no id: `name` is its identity within a locale. */
export interface AutomationTemplate {
  /** Template name, in the requested language. */
  name: string;
  description: string;
  /** Icon identifier. */
  icon: string;
  enabled: boolean;
  /** Preset instruction text. */
  prompt: string;
}

/** Argument of `automationTemplates.list`. */
export interface ListAutomationTemplatesParams {
  /** Language tag such as `en-US` or `zh-CN`, at most 16 characters; absent: the server picks from `Accept-Language`. */
  locale?: string;
}

/** Result of `automationTemplates.list` (no paging, no total). */
export interface AutomationTemplateList {
  templates: AutomationTemplate[];
}

/** @internal */
export function automationTemplateFromWire(w: WireAutomationTemplate): AutomationTemplate {
  return { name: w.name, description: w.description, icon: w.icon, enabled: w.enabled, prompt: w.prompt };
}

/** @internal */
export function automationTemplateListFromWire(w: WireTemplateListData): AutomationTemplateList {
  return { templates: w.templates.map(automationTemplateFromWire) };
}

/** @internal Body of `/safari/automation/template/list`. */
export function listAutomationTemplatesToWire(p: ListAutomationTemplatesParams): WireTemplateListRequest {
  return withoutUndefined({ locale: p.locale });
}

// ---------------------------------------------------------------- helpers

// Compile-time parity with the wire: the model has exactly the wire object's fields.
true satisfies Equal<AutomationTemplate, Camelized<WireAutomationTemplate>>;

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
