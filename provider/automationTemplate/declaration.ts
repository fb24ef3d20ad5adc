/**
 * getAutomationTemplates' one declaration: every field with its schema type, description, default, secret flag
 * and place (input, output; required; part of the declared state). The provider plugin's schema
 * (`plugin/schema.json`), the field lists in `fields.ts` and the reference page in
 * `docs/resources/` are made from it (`npm run schema`; docs/CONTRIBUTING.md "Adding a field").
 *
 * @packageDocumentation
 */
import type { FunctionDeclaration, TypeDeclaration } from "../engine/declaration";

/** flashduty:index:getAutomationTemplates: The preset automation templates for a language (`POST /safari/automation/template/list`), sorted by name. */
export const GET_AUTOMATION_TEMPLATES = {
  token: "flashduty:index:getAutomationTemplates",
  description: "The preset automation templates for a language (`POST /safari/automation/template/list`), sorted by name.",
  inputs: {
    locale: {
      type: "string",
      description: "Language of the templates, e.g. `en-US`, at most 16 characters. Default: `flashduty:locale`; without it, the platform picks.",
    },
  },
  outputs: {
    locale: {
      type: "string",
      description: "The locale that was asked for; empty when the platform chose it.",
      required: true,
    },
    templates: {
      type: "array",
      items: {
        $ref: "#/types/flashduty:index:AutomationTemplateInfo",
      },
      description: "The preset templates, sorted by `name`.",
      required: true,
    },
  },
} as const satisfies FunctionDeclaration;

/** flashduty:index:AutomationTemplateInfo: A preset automation template. */
export const AUTOMATION_TEMPLATE_INFO = {
  token: "flashduty:index:AutomationTemplateInfo",
  description: "A preset automation template.",
  properties: {
    name: {
      type: "string",
      description: "Template name, in the requested language.",
      required: true,
    },
    description: {
      type: "string",
      description: "Description.",
      required: true,
    },
    icon: {
      type: "string",
      description: "Icon identifier.",
      required: true,
    },
    enabled: {
      type: "boolean",
      description: "Whether the template is enabled.",
      required: true,
    },
    prompt: {
      type: "string",
      description: "Preset instruction text.",
      required: true,
    },
  },
} as const satisfies TypeDeclaration;
