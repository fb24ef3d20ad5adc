/**
 * The calls of the wire fidelity walk (wireFidelity.test.ts): one answered call with who asked
 * what, every seeded member's app key, and the `data` of a success answer.
 */
import { expect } from "vitest";
import { SEED_USERS, type Emulator } from "../../emulator";
import { call } from "../support/emulatorCalls";

/** One answered call: what was asked, and the raw answer; `label` says who asked what, for failure messages. */
export interface Answered {
  path: string;
  label: string;
  status: number;
  text: string;
}

/** Every seeded member's app key, with a readable name. */
export const SEED_KEYS = SEED_USERS.map((u) => ({ key: u.appKey, who: `member ${u.memberId} (${u.role}, account ${u.accountId})` }));

export async function ask(emu: Emulator, path: string, key: string, body: unknown, label: string, headers?: Record<string, string>): Promise<Answered> {
  const answer = await call(emu, path, { key, body, headers });
  return { path, label, status: answer.status, text: answer.text };
}

/** `data` of a success answer, parsed plainly (for walking on to the next page or id). */
export function data(answer: Answered): any {
  expect(answer.status, `${answer.label}: ${answer.text}`).toBe(200);
  return JSON.parse(answer.text).data;
}
