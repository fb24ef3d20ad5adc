// Preloaded (NODE_OPTIONS=--require) into the Node.js processes of a profiled Pulumi command
// (bench/growth.ts, issue 47). `--cpu-prof` writes its profile when the process exits, and a
// process ended by a signal's default action never does: the engine ends the dynamic-provider
// plugin with a signal when the command is done. Exiting from a handler instead lets Node.js
// write the profile first.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(128 + (signal === "SIGINT" ? 2 : 15)));
