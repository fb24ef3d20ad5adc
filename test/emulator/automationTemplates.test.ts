/** Template list: locale, Accept-Language best match, fallback en-US, locale length. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS, wireTemplateListDataSchema } from "../../wire/wire";
import { SEED_TEMPLATES, startEmulator, type Emulator } from "../../emulator";
import { call, expectError } from "../support/emulatorCalls";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 0 }, limits: false });
});
afterAll(() => emu.close());

async function names(body: unknown, acceptLanguage?: string): Promise<string[]> {
  const headers = acceptLanguage === undefined ? undefined : { "accept-language": acceptLanguage };
  const answer = await call(emu, PATHS.automationTemplateList, { key: emu.keys.noAiSre, body, headers });
  expect(answer.status, answer.text).toBe(200);
  expect(Object.keys(answer.body.data)).toEqual(["templates"]);
  return wireTemplateListDataSchema.parse(answer.body.data).templates.map((t) => t.name);
}

const EN = SEED_TEMPLATES["en-US"].map((t) => t.name);
const ZH = SEED_TEMPLATES["zh-CN"].map((t) => t.name);

describe("template list", () => {
  it("has 6+ templates in each of en-US and zh-CN, the same set translated", () => {
    expect(EN.length).toBeGreaterThanOrEqual(6);
    expect(ZH.length).toBe(EN.length);
    expect(new Set(EN).size).toBe(EN.length);
    expect(SEED_TEMPLATES["en-US"].map((t) => [t.icon, t.enabled])).toEqual(SEED_TEMPLATES["zh-CN"].map((t) => [t.icon, t.enabled]));
    expect(SEED_TEMPLATES["en-US"].some((t) => !t.enabled)).toBe(true);
  });

  it("locale picks the language, case-insensitively and by primary language", async () => {
    expect(await names({ locale: "en-US" })).toEqual(EN);
    expect(await names({ locale: "zh-CN" })).toEqual(ZH);
    expect(await names({ locale: "zh-cn" })).toEqual(ZH);
    expect(await names({ locale: "zh" })).toEqual(ZH);
    expect(await names({ locale: "zh-TW" })).toEqual(ZH);
    expect(await names({ locale: "en-GB" })).toEqual(EN);
  });

  it("an unknown locale falls back to en-US", async () => {
    expect(await names({ locale: "fr-FR" })).toEqual(EN);
    expect(await names({ locale: "xx" })).toEqual(EN);
  });

  it("locale wins over Accept-Language", async () => {
    expect(await names({ locale: "en-US" }, "zh-CN")).toEqual(EN);
    expect(await names({ locale: "zh-CN" }, "en-US")).toEqual(ZH);
  });

  it("without locale: the best match of Accept-Language (q-values honoured), else en-US", async () => {
    expect(await names({})).toEqual(EN);
    expect(await names({ locale: "" }, "zh-CN")).toEqual(ZH);
    expect(await names({}, "zh-CN,zh;q=0.9,en;q=0.8")).toEqual(ZH);
    expect(await names({}, "en;q=0.4,zh;q=0.9")).toEqual(ZH);
    expect(await names({}, "de-DE,fr;q=0.9,zh-HK;q=0.5")).toEqual(ZH);
    expect(await names({}, "de-DE,fr;q=0.9")).toEqual(EN);
    expect(await names({}, "*")).toEqual(EN);
    expect(await names({}, "zh;q=0")).toEqual(EN);
  });

  it("locale over 16 characters: 400 naming locale; 16 is fine", async () => {
    expect(await names({ locale: "en-US-x-abcdefgh" })).toEqual(EN);
    const answer = await call(emu, PATHS.automationTemplateList, { key: emu.keys.admin, body: { locale: "en-US-x-abcdefghi" } });
    expectError(answer, 400, "InvalidParameter");
    expect(answer.body.error.message).toContain("locale");
  });

  it("templates() returns what the API returns, as copies", async () => {
    expect(emu.templates("zh-CN").map((t) => t.name)).toEqual(await names({ locale: "zh-CN" }));
    expect(emu.templates("fr").map((t) => t.name)).toEqual(EN);
    emu.templates("en-US")[0]!.name = "changed";
    expect(emu.templates("en-US")[0]!.name).toBe(EN[0]);
  });
});
