/**
 * What the emulator protects (emulator/README.md, "Security"): the control API only for this
 * machine (Host and Origin checked, against DNS rebinding and cross-site requests), one emulator
 * per state file, and a change acknowledged only once it is saved.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, StateLockedError, type Emulator } from "../../emulator";
import { applyChange } from "../../emulator/state/stateFormat";

/** A raw request with exactly the given headers (fetch would set Host itself). */
function raw(emu: Emulator, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; json: any }> {
  const url = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers, setHost: false }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text || "null") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "flashduty-hardening-"));
});
afterAll(() => {
  chmodSync(dir, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

describe("control API: this machine only", () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: { rules: 0 } });
  });
  afterAll(async () => {
    await emu.close();
  });

  it("answers a loopback Host, and refuses a foreign Host (DNS rebinding) or Origin (cross-site) with 403 and a request id", async () => {
    const port = new URL(emu.url).port;
    const ok = await raw(emu, "GET", "/_emulator/state", { host: `127.0.0.1:${port}` });
    expect(ok.status).toBe(200);
    expect(await raw(emu, "GET", "/_emulator/state", { host: `localhost:${port}`, origin: `http://localhost:${port}` })).toMatchObject({ status: 200 });

    const rebinding = await raw(emu, "GET", "/_emulator/state", { host: `evil.example:${port}` });
    expect(rebinding.status).toBe(403);
    expect(rebinding.json.error.code).toBe("AccessDenied");
    expect(rebinding.json.request_id).toMatch(/\w+/);
    expect(JSON.stringify(rebinding.json)).not.toContain(emu.keys.admin);

    const csrf = await raw(
      emu,
      "POST",
      "/_emulator/reset",
      { host: `127.0.0.1:${port}`, origin: "https://evil.example", "content-type": "application/json" },
      "{}",
    );
    expect(csrf.status).toBe(403);
    expect(csrf.json.error.code).toBe("AccessDenied");
  });
});

describe("state file", () => {
  it("a second emulator on the same file is refused with a clear message", async () => {
    const file = join(dir, "locked.json");
    const first = await startEmulator({ port: 0, seed: { rules: 0 }, stateFile: file });
    try {
      const error = await startEmulator({ port: 0, seed: { rules: 0 }, stateFile: file }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error).toBeInstanceOf(StateLockedError);
      expect(error!.message).toContain(file);
    } finally {
      await first.close();
    }
    // Closed: the file is free again.
    await (await startEmulator({ port: 0, seed: { rules: 0 }, stateFile: file })).close();
  });

  it("a change that cannot be saved is not applied: 500, no status change, no contradicting audit entry; later writes work again", async () => {
    const sub = join(dir, "unwritable");
    const file = join(sub, "state.json");
    mkdirSync(sub);
    const emu = await startEmulator({ port: 0, seed: { rules: 0 }, stateFile: file });
    try {
      // The file replaced by a directory: neither an append nor a rewrite can succeed.
      rmSync(file, { force: true });
      mkdirSync(file);
      const port = new URL(emu.url).port;
      const body = JSON.stringify({ server_id: "mcp_grafana" });
      const answer = await raw(
        emu,
        "POST",
        `/safari/mcp/server/disable?app_key=${emu.keys.admin}`,
        { host: `127.0.0.1:${port}`, "content-type": "application/json" },
        body,
      );
      expect(answer.status).toBe(500);
      expect(answer.json.error.code).toBe("InternalError");
      expect(emu.server("mcp_grafana")?.status).toBe("enabled");
      expect(emu.audit().filter((e) => e.serverId === "mcp_grafana" && e.outcome === "success")).toEqual([]);

      rmSync(file, { recursive: true, force: true });
      writeFileSync(file, "");
      const retried = await raw(
        emu,
        "POST",
        `/safari/mcp/server/disable?app_key=${emu.keys.admin}`,
        { host: `127.0.0.1:${port}`, "content-type": "application/json" },
        body,
      );
      expect(retried.status).toBe(200);
      expect(emu.server("mcp_grafana")?.status).toBe("disabled");
    } finally {
      await emu.close().catch(() => undefined);
    }
  });

  it("removes temporary files a crash left next to the state file", async () => {
    const file = join(dir, "crashed.json");
    const orphan = `${file}.424242.tmp`;
    writeFileSync(orphan, "half a snapshot");
    await (await startEmulator({ port: 0, seed: { rules: 0 }, stateFile: file })).close();
    expect(existsSync(orphan)).toBe(false);
  });

  it("caps the audit log at its limit, dropping the oldest entries", () => {
    const audit = Array.from({ length: 5 }, (_, i) => ({
      time: i,
      accountId: 1,
      actorMemberId: 1001,
      operation: "disable" as const,
      serverId: "mcp_x",
      requestId: `r${i}`,
      outcome: "success",
    }));
    const entry = { ...audit[0]!, time: 5, requestId: "r5" };
    applyChange(new Map(), audit, { audit: [entry] }, 3);
    expect(audit.map((e) => e.requestId)).toEqual(["r3", "r4", "r5"]);
  });
});
