/**
 * The provider's log lines and error messages when the platform answers with hostile text (an
 * error code, request id and message full of escape sequences, bidi overrides and C1 controls),
 * over real HTTP: the retry lines the client hands to `pulumi.log` / the plugin's stderr, the
 * error the data sources throw, and the access-denied message of the resource.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { describeAccessDenied } from "../../provider/mcpServerControl/accessDenied";
import { clientFor } from "../../provider/client/client";
import { FlashdutyApiError } from "../../sdk";
import { escapeTerminalControls } from "../../sdk/terminalText";
import { ISSUE_EXAMPLES, TERMINAL_CONTROL } from "../support/hostileText";
import { startRecorder, type Recorder } from "../support/recorder";

const CODE = "InternalError\u001b[2J\u009b31m";
const REQUEST_ID = "rid-\u001b]8;;https://evil.example\u0007x\u202e";
const MESSAGE = `${ISSUE_EXAMPLES[2]} ${ISSUE_EXAMPLES[7]}`;

let rec: Recorder;
beforeEach(async () => {
  rec = await startRecorder();
});
afterEach(async () => {
  await rec.close();
});

describe("platform text in the provider's log lines and errors", () => {
  test("retry lines and the final error show the platform's code, request id and message escaped", async () => {
    rec.respond(() => ({ status: 500, json: { request_id: REQUEST_ID, error: { code: CODE, message: MESSAGE } } }));
    const logs: string[] = [];
    // A fresh configuration (maxRetries 2) gives this test its own client.
    const client = clientFor({ appKey: "fdk_platform_text", baseUrl: rec.url, maxRetries: 2 }, (line) => logs.push(line));
    const err = await client.automationRules.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FlashdutyApiError);
    const api = err as FlashdutyApiError;
    expect(logs).toHaveLength(2);
    for (const line of [...logs, api.message]) {
      expect(line).not.toMatch(TERMINAL_CONTROL);
      expect(line).toContain(escapeTerminalControls(CODE));
    }
    expect(api.message).toContain(escapeTerminalControls(MESSAGE));
    expect(api.serverMessage).toBe(MESSAGE);

    const denied = describeAccessDenied(api, { serverId: "mcp_x", teamId: 7 }, "disable");
    expect(denied).not.toMatch(TERMINAL_CONTROL);
    expect(denied).toContain(escapeTerminalControls(REQUEST_ID));
  });
});
