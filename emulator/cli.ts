#!/usr/bin/env node
/**
 * `pulumi-flashduty-emulator --port 8787 [--host H] [--rules N] [--servers N] [--state FILE] [--no-limits]
 * [--rate-window fixed|sliding] [--clock-offset-ms N]`:
 * starts the emulator, prints its base URL and the seed users' app keys, stops on SIGINT/SIGTERM.
 */
import { parseArgs } from "node:util";
import { PRODUCTION_LIMITS, startEmulator, type EmulatorOptions, type RateLimitConfig } from "./index";
import { SEED_KEY_MEMBERS, SEED_TEAMS } from "./seed";

const USAGE = `Usage: pulumi-flashduty-emulator [options]   (in this repository: npm run emulator -- [options])

  --port N       TCP port (default 8787; 0 picks a free one)
  --host H       interface to listen on (default 127.0.0.1)
  --rules N      automation rules in the seed (default 320)
  --servers N    MCP servers in the seed, at least 12 (default 16)
  --state FILE   load servers and audit log from FILE if it exists, save them there after every change
  --no-limits    turn the rate limits (50/s, 1000/min) off
  --rate-window fixed|sliding
                 how the rate-limit windows count (default fixed: a window opens with its first
                 request; sliding: at most the limit in any second or minute ending now)
  --clock-offset-ms N
                 X-RateLimit-Reset and Date as read on a clock N ms ahead of this one
                 (behind: --clock-offset-ms=-N)
  --help         show this text`;

/** CLI arguments as emulator options. Throws an Error with a usage-style message on bad input. */
export function parseCliArgs(argv: string[]): EmulatorOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      rules: { type: "string" },
      servers: { type: "string" },
      state: { type: "string" },
      "no-limits": { type: "boolean" },
      "rate-window": { type: "string" },
      "clock-offset-ms": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help === true) return "help";
  const integer = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text)) throw new Error(`--${name} must be a non-negative integer, got "${text}"`);
    return Number(text);
  };
  return {
    port: integer("port", values.port) ?? 8787,
    host: values.host,
    seed: { rules: integer("rules", values.rules), servers: integer("servers", values.servers) },
    stateFile: values.state,
    limits: values["no-limits"] === true ? false : limitOptions(values["rate-window"], values["clock-offset-ms"]),
  };
}

/** The production limits with `--rate-window` and `--clock-offset-ms` applied; undefined when neither is given. */
function limitOptions(windowText: string | undefined, offsetText: string | undefined): RateLimitConfig | undefined {
  if (windowText === undefined && offsetText === undefined) return undefined;
  if (windowText !== undefined && windowText !== "fixed" && windowText !== "sliding") {
    throw new Error(`--rate-window must be fixed or sliding, got "${windowText}"`);
  }
  if (offsetText !== undefined && !/^-?\d+$/.test(offsetText)) throw new Error(`--clock-offset-ms must be an integer (ms), got "${offsetText}"`);
  return {
    ...PRODUCTION_LIMITS,
    ...(windowText !== undefined ? { window: windowText } : {}),
    ...(offsetText !== undefined ? { clockOffsetMs: Number(offsetText) } : {}),
  };
}

async function main(argv: string[]): Promise<void> {
  let options: EmulatorOptions | "help";
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (options === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const emulator = await startEmulator(options);
  // Handlers first: whoever reads the URL below may signal at once.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping the emulator\n`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error while stopping: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  const roles = Object.fromEntries(Object.entries(SEED_KEY_MEMBERS).map(([role, memberId]) => [memberId, role]));
  const teamName = (id: number) => SEED_TEAMS.find((t) => t.teamId === id)?.name ?? String(id);
  const lines = [
    `Flashduty AI SRE emulator listening on ${emulator.url}`,
    `  export FLASHDUTY_BASE_URL=${emulator.url}`,
    `  control API: ${emulator.url}/_emulator/state`,
    `  rate limits: ${options.limits === false ? "off" : `50/s and 1000/min per operation, ${options.limits?.window ?? "fixed"} windows${options.limits?.clockOffsetMs ? `, reset clock ${options.limits.clockOffsetMs} ms off` : ""}`}${options.stateFile ? `; state file: ${options.stateFile}` : ""}`,
    "",
    "Seed users (pass the key as FLASHDUTY_APP_KEY or ?app_key=):",
  ];
  for (const user of emulator.users) {
    const label = roles[user.memberId] ?? "";
    lines.push(
      `  ${label.padEnd(13)} ${user.appKey}  ${user.name} (account ${user.accountId}, ${user.role}, ` +
        `teams ${user.teamIds.map(teamName).join(", ")}${user.aiSre ? ", ai-sre" : ", no ai-sre"})`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`flashduty emulator: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
