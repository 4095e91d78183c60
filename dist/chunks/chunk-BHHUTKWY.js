import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);

// src/errors.ts
var UserError = class extends Error {
  name = "UserError";
};
function isUserError(err) {
  return err instanceof UserError;
}
var UsageError = class extends UserError {
  name = "UsageError";
};

// src/setup/system.ts
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import path2 from "node:path";

// src/system/command.ts
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";

// src/system/child-env.ts
var ACTION_NAMES = /* @__PURE__ */ new Set([
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_RUNTIME_URL",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
  "ACTIONS_RESULTS_URL",
  "ACTIONS_CACHE_URL",
  "ACTIONS_CACHE_SERVICE_V2",
  // The step's own command files: a `run:` step gets files of its own; these are the action's, so a
  // program writing to them would write our outputs, our job summary or the job's environment.
  "GITHUB_OUTPUT",
  "GITHUB_STEP_SUMMARY",
  "GITHUB_ENV",
  "GITHUB_PATH",
  "GITHUB_STATE"
]);
var ACTION_PREFIXES = [
  "INPUT_",
  "ACTIONS_RUNTIME_",
  "ACTIONS_ID_TOKEN_",
  "ACTIONS_RESULTS_",
  "ACTIONS_CACHE_"
];
function isActionVariable(name) {
  const upper = name.toUpperCase();
  return ACTION_NAMES.has(upper) || ACTION_PREFIXES.some((prefix) => upper.startsWith(prefix));
}
function childEnv(inherit = process.env, own = {}) {
  const env = {};
  for (const source of [inherit ?? {}, own]) {
    for (const [name, value] of Object.entries(source)) {
      if (value === void 0 || isActionVariable(name)) continue;
      env[name] = value;
    }
  }
  return env;
}

// src/system/not-found.ts
import { readdirSync } from "node:fs";
import path from "node:path";

// src/system/closest.ts
function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)
      );
    }
    previous = current;
  }
  return previous[b.length];
}
function closestMatch(word, candidates) {
  let best;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : void 0;
}

// src/system/not-found.ts
function entries(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
function notFoundText(program, cwd, env = process.env) {
  if (program.includes("/")) {
    const full = path.resolve(cwd, program);
    const slash = program.lastIndexOf("/");
    const guess2 = closestMatch(path.basename(full), entries(path.dirname(full)));
    const hint = guess2 ? `; did you mean ${program.slice(0, slash + 1)}${guess2}?` : "";
    const where = path.isAbsolute(program) ? "no such file" : `a path is relative to ${cwd}`;
    return `not found (${where}${hint})`;
  }
  const onPath = (env.PATH ?? "").split(path.delimiter).filter((d) => d !== "").flatMap(entries);
  const guess = closestMatch(program, [...new Set(onPath)]);
  return `not found (not on PATH${guess ? `; did you mean ${guess}?` : ""})`;
}

// src/system/process-group.ts
function killProcessGroup(child) {
  if (child.pid === void 0) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
  }
  child.kill("SIGKILL");
}
var running = /* @__PURE__ */ new Map();
function trackChild(child, stop = "kill-group") {
  running.set(child, stop);
  listenForInterrupts();
  const forget = () => {
    running.delete(child);
    if (running.size === 0) stopListening();
  };
  child.once("exit", forget);
  child.once("close", forget);
  return child;
}
function killTrackedChildren() {
  for (const [child, stop] of running) {
    if (stop === "terminate") child.kill("SIGTERM");
    else killProcessGroup(child);
  }
  running.clear();
}
var INTERRUPTS = ["SIGINT", "SIGTERM", "SIGHUP"];
var listening = false;
function onInterrupt(signal) {
  killTrackedChildren();
  stopListening();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}
function listenForInterrupts() {
  if (listening || process.platform === "win32") return;
  listening = true;
  for (const signal of INTERRUPTS) process.on(signal, onInterrupt);
}
function stopListening() {
  if (!listening) return;
  listening = false;
  for (const signal of INTERRUPTS) process.off(signal, onInterrupt);
}

// src/system/command.ts
var MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
var TAIL_KEEP_BYTES = 4096;
var PIPE_GRACE_MS = 1e3;
function notStarted(argv, error, options) {
  const cwd = options.cwd ?? process.cwd();
  const why = error.code !== "ENOENT" ? error.message : existsSync(cwd) ? notFoundText(argv[0], cwd, options.env ?? process.env) : `its working directory ${cwd} does not exist`;
  return {
    argv: [...argv],
    code: error.code === "ENOENT" ? 127 : 126,
    signal: null,
    timedOut: false,
    stdout: "",
    stderr: "",
    error: `could not start "${argv[0]}": ${why}`
  };
}
function exitStatus(code, signal) {
  if (signal) return 128 + (os.constants.signals[signal] ?? 0);
  return code ?? 1;
}
function mebibytes(bytes) {
  return `${bytes / 1024 / 1024} MiB`;
}
function runCommand(argv, options = {}) {
  const [program, ...args] = argv;
  if (!program) return Promise.reject(new TypeError("runCommand: empty argv"));
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(program, args, {
        cwd: options.cwd,
        env: childEnv(options.env ?? process.env),
        stdio: [options.input === void 0 ? "ignore" : "pipe", "pipe", "pipe"],
        detached: true,
        windowsHide: true
      });
    } catch (error) {
      resolve(notStarted(argv, error, options));
      return;
    }
    trackChild(child);
    watchCommand(child, argv, options, resolve);
  });
}
function watchCommand(child, argv, options, resolve) {
  const timeoutMs = options.timeoutMs ?? 0;
  const maxBytes = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const tail = options.output === "tail" ? new OutputTail(TAIL_KEEP_BYTES) : void 0;
  const chunks = [[], []];
  const sizes = [0, 0];
  let error;
  let timedOut = false;
  let exit;
  let settled = false;
  let grace;
  const stop = (why) => {
    if (error !== void 0) return false;
    error = why;
    killProcessGroup(child);
    return true;
  };
  const collect = (stream) => (chunk) => {
    if (tail) return tail.push(chunk);
    sizes[stream] += chunk.length;
    if (sizes[stream] <= maxBytes) chunks[stream].push(chunk);
    else stop(`printed more than ${mebibytes(maxBytes)}`);
  };
  child.stdout.on("data", collect(0));
  child.stderr.on("data", collect(1));
  if (options.input !== void 0) {
    child.stdin.on("error", () => {
    });
    child.stdin.end(options.input);
  }
  const timer = timeoutMs > 0 ? setTimeout(() => {
    timedOut = stop(`timed out after ${timeoutMs / 1e3}s`);
  }, timeoutMs) : void 0;
  const finish = (code, signal) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    clearTimeout(grace);
    const bytes = options.encoding === "buffer" && !tail;
    resolve({
      argv: [...argv],
      code: exitStatus(code, signal),
      signal,
      timedOut,
      stdout: tail || bytes ? "" : Buffer.concat(chunks[0]).toString("utf8"),
      ...bytes ? { stdoutBytes: Buffer.concat(chunks[0]) } : {},
      stderr: tail ? tail.text() ?? "" : Buffer.concat(chunks[1]).toString("utf8"),
      ...error !== void 0 ? { error } : {}
    });
  };
  child.on("error", (spawnError) => {
    if (child.pid !== void 0 || settled) return;
    settled = true;
    clearTimeout(timer);
    resolve(notStarted(argv, spawnError, options));
  });
  child.on("exit", (code, signal) => {
    exit = { code, signal };
    clearTimeout(timer);
    grace = setTimeout(() => {
      child.stdout?.destroy();
      child.stderr?.destroy();
      finish(code, signal);
    }, PIPE_GRACE_MS);
  });
  child.on("close", (code, signal) => finish(exit?.code ?? code, exit?.signal ?? signal));
}
function runCommandSync(argv, options = {}) {
  const [program, ...args] = argv;
  if (!program) throw new TypeError("runCommandSync: empty argv");
  const ran = spawnSync(program, args, {
    cwd: options.cwd,
    env: childEnv(options.env ?? process.env),
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: MAX_OUTPUT_BYTES,
    killSignal: "SIGKILL",
    windowsHide: true,
    ...options.timeoutMs ? { timeout: options.timeoutMs } : {}
  });
  const failure = ran.error;
  if (failure && !ran.pid) return notStarted(argv, failure, options);
  const timedOut = failure?.code === "ETIMEDOUT";
  const error = timedOut ? `timed out after ${options.timeoutMs / 1e3}s` : failure?.code === "ENOBUFS" ? `printed more than ${mebibytes(MAX_OUTPUT_BYTES)}` : void 0;
  return {
    argv: [...argv],
    code: exitStatus(ran.status, ran.signal),
    signal: ran.signal,
    timedOut,
    stdout: ran.stdout ?? "",
    stderr: ran.stderr ?? "",
    ...error !== void 0 ? { error } : {}
  };
}
function commandFailure(result) {
  if (result.error !== void 0) return result.error;
  if (result.signal) return `was killed by ${result.signal}`;
  if (result.code !== 0) return `exited with code ${result.code}`;
  return void 0;
}
function outputTail(output, options = {}) {
  const { lines = 20, chars = 2048, cutAtStart = false } = options;
  let kept = (typeof output === "string" ? output : output.toString("utf8")).split(/\r?\n/);
  let cut = cutAtStart;
  if (cutAtStart && kept.length > 1) kept = kept.slice(1);
  kept = kept.map((line) => line.trimEnd()).filter((line) => line.trim() !== "");
  if (kept.length > lines) {
    kept = kept.slice(-lines);
    cut = true;
  }
  let text = kept.join("\n");
  if (text.length > chars) {
    text = text.slice(-chars);
    cut = true;
  }
  return cut && text !== "" ? `…${text}` : text;
}
var OutputTail = class {
  constructor(keepBytes = 4096) {
    this.keepBytes = keepBytes;
  }
  keepBytes;
  bytes = Buffer.alloc(0);
  cut = false;
  push(chunk) {
    this.bytes = Buffer.concat([this.bytes, chunk]);
    if (this.bytes.length > 2 * this.keepBytes) {
      this.bytes = this.bytes.subarray(this.bytes.length - this.keepBytes);
      this.cut = true;
    }
  }
  /** The readable end (see outputTail); undefined when nothing was written. */
  text() {
    if (this.bytes.length === 0) return void 0;
    const text = outputTail(this.bytes.subarray(-this.keepBytes), {
      cutAtStart: this.cut || this.bytes.length > this.keepBytes
    });
    return text === "" ? void 0 : text;
  }
};

// src/setup/system.ts
var SetupError = class extends UserError {
  name = "SetupError";
  exitCode = 3;
  /** The file the problem is in, when there is one (a malformed rust-toolchain.toml). */
  file;
  line;
  constructor(message, where) {
    super(message);
    this.file = where?.file;
    this.line = where?.line;
  }
};
var defaultRunner = (argv, opts = {}) => runCommand(argv, opts);
function outputTail2(result, lines = 6) {
  const tail = outputTail(result.stderr.trim() ? result.stderr : result.stdout, { lines });
  return [tail, result.error].filter((line) => line).join("\n");
}
function pathVariable(env, platform) {
  if (platform !== "win32") return env.PATH ?? "";
  const key = Object.keys(env).find((k) => k.toUpperCase() === "PATH");
  return key ? env[key] ?? "" : "";
}
async function isExecutableFile(file) {
  try {
    if (!(await stat(file)).isFile()) return false;
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
async function findExecutable(name, env = process.env, platform = process.platform) {
  if (name.includes("/") || platform === "win32" && name.includes("\\"))
    return await isExecutableFile(name) ? path2.resolve(name) : void 0;
  const separator = platform === "win32" ? ";" : ":";
  const extensions = platform === "win32" ? ["", ...(env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter(Boolean)] : [""];
  for (const dir of pathVariable(env, platform).split(separator)) {
    if (dir === "") continue;
    for (const ext of extensions) {
      const candidate = path2.join(dir, name + ext);
      if (await isExecutableFile(candidate)) return path2.resolve(candidate);
    }
  }
  return void 0;
}
function currentUid() {
  return typeof process.getuid === "function" ? process.getuid() : void 0;
}
function sudoHint(uid) {
  return uid === 0 ? "" : "sudo ";
}
async function rootPrefix(ctx, manual) {
  if (ctx.uid === 0) return [];
  if (await findExecutable("sudo", ctx.env)) return ["sudo", "-n"];
  throw new SetupError(
    `installing needs root, and sudo is not available here: run \`${manual}\` as root, then run again`
  );
}
function aptFailure(argv, result, manual) {
  const tail = outputTail2(result);
  if (argv[0] === "sudo" && /password is required|terminal is required|askpass/i.test(result.stderr))
    return new SetupError(
      `sudo needs a password here, so bench-action cannot install on its own: run \`${manual}\` yourself, then run again`
    );
  return new SetupError(
    `\`${argv.join(" ")}\` failed (exit ${result.code})${tail ? `:
${tail}` : ""}
Install by hand with \`${manual}\`, then run again.`
  );
}
async function aptGet(args, ctx, manual) {
  const prefix = await rootPrefix(ctx, manual);
  const argv = [
    ...prefix,
    ...prefix.length > 0 ? ["DEBIAN_FRONTEND=noninteractive"] : [],
    "apt-get",
    ...args
  ];
  ctx.log(`$ ${argv.join(" ")}`);
  const result = await ctx.run(argv, { env: { ...ctx.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (result.code !== 0) throw aptFailure(argv, result, manual);
}
async function aptUpdate(ctx, manual) {
  if (ctx.apt.updated) return;
  await aptGet(["update"], ctx, manual);
  ctx.apt.updated = true;
}
async function aptInstall(packages, ctx) {
  const manual = `${sudoHint(ctx.uid)}apt-get install -y ${packages.join(" ")}`;
  await aptUpdate(ctx, manual);
  await aptGet(["install", "-y", "--no-install-recommends", ...packages], ctx, manual);
}
function parseAptPolicy(text) {
  const candidates = /* @__PURE__ */ new Map();
  let current;
  for (const line of text.split(/\r?\n/)) {
    const header = /^(\S+):\s*$/.exec(line);
    if (header) {
      current = header[1].replace(/:[a-z0-9]+$/, "");
      continue;
    }
    const candidate = /^\s+Candidate:\s*(\S+)/.exec(line);
    if (current && candidate && candidate[1] !== "(none)") candidates.set(current, candidate[1]);
  }
  return candidates;
}
var OTHER_PACKAGE_MANAGERS = [
  { exe: "dnf", install: (pkg) => `dnf install -y ${pkg}` },
  { exe: "yum", install: (pkg) => `yum install -y ${pkg}` },
  { exe: "apk", install: (pkg) => `apk add ${pkg}` },
  { exe: "pacman", install: (pkg) => `pacman -S --needed --noconfirm ${pkg}` },
  { exe: "zypper", install: (pkg) => `zypper --non-interactive install ${pkg}` }
];
async function otherPackageManagerCommand(pkg, env, uid) {
  for (const manager of OTHER_PACKAGE_MANAGERS) {
    if (await findExecutable(manager.exe, env))
      return { manager: manager.exe, command: `${sudoHint(uid)}${manager.install(pkg)}` };
  }
  return void 0;
}

// src/setup/known.ts
var KNOWN_TOOLS = ["valgrind", "rust", "zig"];

// src/report/clean.ts
function stripControl(text) {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0);
    const control = code < 32 && ch !== "\n" && ch !== "	" || code >= 127 && code <= 159;
    out += control ? "?" : ch;
  }
  return out;
}
function clean(text) {
  return stripControl(text).replace(/\n/g, " ");
}

// src/store/kinds.ts
var STORE_KINDS = ["dir", "git", "cache"];
function isStoreKind(value) {
  return STORE_KINDS.includes(value);
}
var DEFAULT_DATA_BRANCH = "bench-data";

export {
  UserError,
  isUserError,
  UsageError,
  closestMatch,
  isActionVariable,
  childEnv,
  notFoundText,
  killProcessGroup,
  trackChild,
  killTrackedChildren,
  runCommand,
  runCommandSync,
  commandFailure,
  outputTail,
  OutputTail,
  SetupError,
  defaultRunner,
  outputTail2,
  findExecutable,
  currentUid,
  sudoHint,
  aptUpdate,
  aptInstall,
  parseAptPolicy,
  otherPackageManagerCommand,
  KNOWN_TOOLS,
  stripControl,
  clean,
  STORE_KINDS,
  isStoreKind,
  DEFAULT_DATA_BRANCH
};
