import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  DirStore,
  NO_BRANCH,
  StoreError,
  branchKey
} from "./chunk-YDC62AUT.js";
import {
  array,
  firstIssue,
  listed,
  literal,
  object,
  parseResultSetText,
  shaSchema,
  shown,
  string,
  timestampSchema,
  unknown
} from "./chunk-OHPDJ7KO.js";
import {
  logText
} from "./chunk-HLGNAQJE.js";
import {
  DEFAULT_DATA_BRANCH,
  UserError,
  commandFailure,
  runCommand
} from "./chunk-BHHUTKWY.js";

// src/store/index.ts
import path4 from "node:path";

// src/store/cache.ts
import { mkdir as mkdir2, readFile, rm as rm2, writeFile as writeFile2 } from "node:fs/promises";
import os from "node:os";
import path2 from "node:path";

// src/system/serial.ts
var Serial = class {
  last = Promise.resolve();
  /** Runs `work` once everything asked for before it has settled; a failure is only its own caller's. */
  run(work) {
    const next = this.last.then(work, work);
    this.last = next.catch(() => void 0);
    return next;
  }
};

// src/store/file-lock.ts
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
var sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function withFileLock(lock, fn, options = {}) {
  const timeoutMs = options.timeoutMs ?? 12e4;
  const staleMs = options.staleMs ?? 6e5;
  const started = Date.now();
  await mkdir(path.dirname(lock), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
    const held = await stat(lock).catch(() => void 0);
    if (held && Date.now() - held.mtimeMs > staleMs) {
      await rm(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() - started > timeoutMs)
      throw new UserError(
        `another bench-action on this machine has held ${lock} for over ${Math.round(timeoutMs / 1e3)} s; if no other job is running here, remove it`
      );
    await sleep(Math.min(20 * 2 ** Math.min(attempt, 4), 250) * (0.5 + Math.random()));
  }
  try {
    await writeFile(path.join(lock, "owner"), `${process.pid}
`).catch(() => void 0);
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

// src/store/cache.ts
var CACHE_KEY_PREFIX = "bench-action-v1";
function keyPart(value) {
  return branchKey(value).replace(/-/g, "%2D");
}
function cacheKeyPrefix(suite, branch) {
  return `${CACHE_KEY_PREFIX}-${keyPart(suite)}-${keyPart(branch)}-`;
}
function cacheKey(results, runId, runAttempt) {
  const sha = results.commit.sha?.toLowerCase() || "nosha";
  const prefix = cacheKeyPrefix(results.suite, results.commit.branch ?? NO_BRANCH);
  return `${prefix}${keyPart(sha)}-${keyPart(runId)}-${keyPart(runAttempt)}`;
}
function shaOfKey(key, prefix) {
  if (!key.startsWith(prefix)) return void 0;
  const sha = key.slice(prefix.length).split("-")[0];
  return sha && /^[0-9a-f]+$/.test(sha) ? sha : void 0;
}
var CacheStore = class {
  root;
  /** The file saved and restored; one fixed path, as the cache restores to where it saved. */
  file;
  runId;
  runAttempt;
  log;
  /** What `list` restored, by key, so that `load` does not download it again (undefined: no file). */
  restored = /* @__PURE__ */ new Map();
  /** Save and restore share one file: one operation at a time (see exclusive). */
  serial = new Serial();
  constructor(options) {
    if (!options.runId || !options.runAttempt)
      throw new Error("the cache store needs the run id and attempt (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT)");
    this.runId = options.runId;
    this.runAttempt = options.runAttempt;
    this.file = path2.join(options.workDir ?? os.tmpdir(), "bench-action-cache", "results.json");
    this.log = options.log ?? ((message) => logText(message));
    this.root = `the Actions cache (keys ${CACHE_KEY_PREFIX}-<suite>-<branch>-<sha>-<run>-<attempt>)`;
  }
  /** One operation on the file at a time, in this process and among the processes of the machine. */
  exclusive(fn) {
    return this.serial.run(() => withFileLock(`${path2.dirname(this.file)}.lock`, fn));
  }
  /** The Actions cache client, loaded on first use: a run that stores elsewhere never compiles it. */
  async client() {
    const cache = await import("./cache-X2J2F6JU.js");
    if (!cache.isFeatureAvailable())
      throw new StoreError(
        "the Actions cache is not available here (no ACTIONS_RESULTS_URL): it exists only in GitHub Actions jobs; outside them use baseline-store: dir or git"
      );
    return cache;
  }
  async save(results) {
    const cache = await this.client();
    const key = cacheKey(results, this.runId, this.runAttempt);
    return this.exclusive(async () => {
      await mkdir2(path2.dirname(this.file), { recursive: true });
      await writeFile2(this.file, `${JSON.stringify(results, null, 2)}
`);
      let id;
      try {
        id = await cache.saveCache([this.file], key);
      } finally {
        await rm2(this.file, { recursive: true, force: true });
      }
      if (id !== -1) {
        this.log(`Saved the results in the Actions cache under ${key}`);
        return key;
      }
      const existing = await cache.restoreCache([this.file], key, [], { lookupOnly: true });
      if (existing === key) {
        this.log(`The Actions cache already holds ${key}; it is kept, not overwritten`);
        return key;
      }
      throw new StoreError(`the Actions cache did not save ${key} (see the warnings above)`);
    });
  }
  async list(suite, branch) {
    return this.find(suite, branch, cacheKeyPrefix(suite, branch));
  }
  async listAt(suite, branch, sha) {
    return this.find(suite, branch, `${cacheKeyPrefix(suite, branch)}${keyPart(sha.toLowerCase())}`);
  }
  async find(suite, branch, prefix) {
    const found = await this.restore(prefix, [prefix]);
    if (!found) return [];
    const [key, text] = found;
    const sha = shaOfKey(key, cacheKeyPrefix(suite, branch));
    return [
      {
        path: key,
        suite,
        branch,
        ...sha ? { sha } : {},
        createdAt: (text === void 0 ? void 0 : createdAtOf(text)) ?? (/* @__PURE__ */ new Date()).toISOString()
      }
    ];
  }
  async load(entry) {
    let text;
    if (this.restored.has(entry.path)) text = this.restored.get(entry.path);
    else {
      const found = await this.restore(entry.path, []);
      if (!found || found[0] !== entry.path)
        throw new Error(`the Actions cache has no entry ${entry.path} (it may have been evicted)`);
      text = found[1];
    }
    if (text === void 0) throw new Error(`the Actions cache entry ${entry.path} holds no results file`);
    return parseResultSetText(text, `Actions cache entry ${entry.path}`);
  }
  /**
   * Restores the newest entry matching, and reads the file it holds (undefined for an entry that
   * holds none: `load` reports it, so the entry is skipped like any corrupt baseline); undefined when
   * no entry matches.
   */
  async restore(primaryKey, restoreKeys) {
    const cache = await this.client();
    return this.exclusive(async () => {
      await rm2(this.file, { recursive: true, force: true });
      try {
        const key = await cache.restoreCache([this.file], primaryKey, restoreKeys);
        if (key === void 0) return void 0;
        let text;
        try {
          text = await readFile(this.file, "utf8");
        } catch {
          text = void 0;
        }
        this.restored.set(key, text);
        return [key, text];
      } finally {
        await rm2(this.file, { recursive: true, force: true });
      }
    });
  }
};
function createdAtOf(text) {
  try {
    const data = JSON.parse(text);
    return typeof data.createdAt === "string" ? data.createdAt : void 0;
  } catch {
    return void 0;
  }
}

// src/store/git.ts
import { randomBytes } from "node:crypto";
import { mkdtemp, rm as rm3 } from "node:fs/promises";
import os2 from "node:os";
import path3 from "node:path";

// src/store/git-data.ts
var INDEX = "index.json";
var MAX_ENTRIES = 1e6;
var MAX_BRANCH = 1024;
var SUITE_FOLDER = /^[A-Za-z0-9._][A-Za-z0-9._-]{0,254}$/;
var SUITE_EXPECTED = 'a suite name of at most 255 letters, digits, ".", "_" and "-" that does not start with "-" and is not only dots';
var FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,249}\.json$/;
function suiteFolderProblem(name) {
  if (typeof name === "string" && SUITE_FOLDER.test(name) && !/^\.+$/.test(name)) return void 0;
  return `expected ${SUITE_EXPECTED}, got ${shown(name)}`;
}
function runPathProblem(path5, suite, branch) {
  const folder = `${suite}/${branchKey(branch)}/`;
  if (typeof path5 === "string" && path5.startsWith(folder)) {
    const file = path5.slice(folder.length);
    if (FILE_NAME.test(file) && !file.includes("..")) return void 0;
  }
  return `expected the run's file in the folder of its suite and branch, ${folder}FILE.json (FILE: letters, digits, ".", "_", "+" and "-", starting with a letter or digit, no ".."), got ${shown(path5)}`;
}
function entrySchema(suite) {
  return object(
    {
      branch: string({ error: (issue) => `expected the name of the branch measured, got ${shown(issue.input)}` }).min(1, { error: 'expected the name of the branch measured, got ""' }).max(MAX_BRANCH, { error: `expected a branch name of at most ${MAX_BRANCH} characters` }),
      sha: shaSchema.optional(),
      createdAt: timestampSchema,
      path: string({
        error: (issue) => `expected the path of the run's file, got ${shown(issue.input)}`
      })
    },
    {
      error: (issue) => `expected an entry {"branch", "sha", "createdAt", "path"}, got ${shown(issue.input)}`
    }
  ).superRefine((entry, ctx) => {
    const problem = runPathProblem(entry.path, suite, entry.branch);
    if (problem) ctx.addIssue({ code: "custom", path: ["path"], message: problem });
  });
}
var indexSchema = object(
  {
    version: literal(1, {
      error: (issue) => `expected 1, the index format this bench-action reads, got ${shown(issue.input)}`
    }),
    entries: array(unknown(), { error: (issue) => `expected a list of runs, got ${shown(issue.input)}` }).max(MAX_ENTRIES, { error: `expected at most ${MAX_ENTRIES} runs in one suite's index` })
  },
  { error: (issue) => `expected an object {"version": 1, "entries": […]}, got ${shown(issue.input)}` }
);
function entryProblem(entry, suite) {
  const parsed = entrySchema(suite).safeParse(entry);
  return parsed.success ? void 0 : firstIssue(parsed.error);
}
function parseIndex(text, suite) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problem: `not valid JSON (${error.message})` };
  }
  const index = indexSchema.safeParse(data);
  if (!index.success) return { problem: firstIssue(index.error) };
  const schema = entrySchema(suite);
  const entries = [];
  const problems = [];
  index.data.entries.forEach((raw, i) => {
    const entry = schema.safeParse(raw);
    if (entry.success) entries.push(entry.data);
    else {
      const issue = firstIssue(entry.error);
      const top = "(top level)";
      problems.push(`entries.${i}${issue.startsWith(top) ? issue.slice(top.length) : `.${issue}`}`);
    }
  });
  return { raw: index.data.entries, entries, problems };
}
function storedPathProblem(entry) {
  const suite = suiteFolderProblem(entry.suite);
  if (suite) return `suite: ${suite}`;
  if (typeof entry.branch !== "string" || entry.branch === "")
    return `branch: expected the name of the branch measured, got ${shown(entry.branch)}`;
  return runPathProblem(entry.path, entry.suite, entry.branch);
}

// src/store/git.ts
var PUSH_ATTEMPTS = 8;
var BATCH_ENTRIES = 2e3;
var NETWORK_TIMEOUT_MS = 10 * 6e4;
var PRIVATE_REFS = "refs/bench-action";
var GitStoreError = class extends UserError {
  name = "GitStoreError";
};
var GitFailure = class extends Error {
  constructor(message, stderr, timedOut) {
    super(message);
    this.stderr = stderr;
    this.timedOut = timedOut;
  }
  stderr;
  timedOut;
};
function gitVersionNumber(text) {
  const m = /(\d+)\.(\d+)/.exec(text);
  return m ? Number(m[1]) * 1e3 + Number(m[2]) : 0;
}
function redactCredentials(text) {
  return text.replace(/(authorization:\s*(?:basic|bearer|token)?\s*)[^\s'"]+/gi, "$1***").replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@'"]+@/gi, "$1***@");
}
function stderrOf(error) {
  return error instanceof GitFailure ? error.stderr : "";
}
function said(error) {
  const lines = stderrOf(error).split("\n").map((l) => l.trim()).filter((l) => l !== "");
  if (lines.length === 0) return redactCredentials(error.message);
  const text = lines.join(" ");
  return redactCredentials(error instanceof GitFailure && error.timedOut ? `${text} (timed out)` : text);
}
function gitFailureHint(operation, stderr) {
  if (/does not appear to be a git repository|No such remote/i.test(stderr))
    return 'the repository has no remote by that name: the git store uses its "origin" — in a workflow, run actions/checkout before bench-action, with working-directory inside the checkout; on your own machine, run bench-action in a clone';
  if (/could not read (Username|Password)|terminal prompts disabled|Authentication failed|returned error: 401|HTTP Basic: Access denied|Invalid username or (password|token)|Permission denied \(publickey/i.test(
    stderr
  ))
    return "origin asked for credentials and git had none: in a workflow, actions/checkout must leave them in the workspace (persist-credentials: true, its default) and run in the same job before bench-action; on your own machine, `git fetch origin` must work there without a prompt (a credential helper or an ssh key)";
  if (/GH006|GH013|protected branch|rule violations|refusing to allow/i.test(stderr))
    return "the data branch is protected: leave it out of the branch protection rules and rulesets, or use another baseline-branch";
  if (/returned error: 403|Permission to .* denied|403 Forbidden|Write access to repository not granted/i.test(
    stderr
  ))
    return operation === "push" ? "the token may read the repository but not write to it: give the job `permissions: contents: write` (a pull request from a fork gets a read-only token and cannot push; pull requests never save anyway, only pushes to the save-on branches do)" : "the token may not read the repository: give the job `permissions: contents: read` (or write, to save)";
  if (/Repository not found|returned error: 404|not found/i.test(stderr))
    return "origin was not found, or the credentials cannot see it: check the remote and the token it uses";
  return operation === "push" ? "the git store pushes to the data branch of the workspace's origin with the credentials the checkout left; it needs `permissions: contents: write`" : "the git store reads the data branch of the workspace's origin with the credentials the checkout left";
}
function splitBatch(output, count) {
  const blobs = [];
  let at = 0;
  while (blobs.length < count && at < output.length) {
    const end = output.indexOf(10, at);
    if (end < 0) break;
    const header = output.subarray(at, end).toString("latin1");
    at = end + 1;
    const m = /^[0-9a-f]+ (\S+) (\d+)$/.exec(header);
    if (!m) {
      blobs.push(void 0);
      continue;
    }
    const size = Number(m[2]);
    blobs.push(m[1] === "blob" ? output.subarray(at, at + size) : void 0);
    at += size + 1;
  }
  while (blobs.length < count) blobs.push(void 0);
  return blobs;
}
var GitStore = class {
  constructor(options) {
    this.options = options;
    this.branch = options.branch ?? DEFAULT_DATA_BRANCH;
    this.root = `the ${this.branch} branch of ${redactCredentials(options.remote)}`;
  }
  options;
  root;
  branch;
  /** This store's private refs: refs/bench-action/ID/N; two stores in one repository never share one. */
  id = `${process.pid}-${randomBytes(6).toString("hex")}`;
  fetches = 0;
  place;
  /** The data branch's tip as last fetched; null when the branch does not exist yet. */
  tip;
  /** Operations of one store run one at a time: they share the data branch's tip. */
  serial = new Serial();
  /** Warnings already given: a run lists a suite's index more than once. */
  warned = /* @__PURE__ */ new Set();
  warn(line) {
    if (this.warned.has(line)) return;
    this.warned.add(line);
    this.options.log?.(line);
  }
  async git(dir, args, { env = {}, input, timeoutMs } = {}) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.gitOnce(dir, args, env, input, timeoutMs);
      } catch (error) {
        if (attempt >= 6 || !/Unable to create '[^']*\.lock'/i.test(stderrOf(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  }
  async gitOnce(dir, args, env, input, timeoutMs) {
    const result = await runCommand(["git", ...args], {
      cwd: dir,
      env: {
        ...this.options.env ?? process.env,
        // Never wait for an answer nobody can give; git's messages in one language, to be read.
        GIT_TERMINAL_PROMPT: "0",
        GCM_INTERACTIVE: "never",
        LC_ALL: "C",
        // A path is a name, never a pattern or :(magic).
        GIT_LITERAL_PATHSPECS: "1",
        ...env
      },
      maxOutputBytes: 256 * 1024 * 1024,
      input,
      timeoutMs
    });
    const failure = commandFailure(result);
    if (failure === void 0) return result;
    const said2 = result.stderr.trim();
    throw new GitFailure(
      `\`git ${args.join(" ")}\` ${failure}${said2 ? `: ${said2}` : ""}`,
      result.stderr,
      result.timedOut
    );
  }
  /** The workspace's repository when cwd is in one; else a private bare repository. Found once. */
  where() {
    this.place ??= (async () => {
      const { cwd, remote } = this.options;
      const version = gitVersionNumber(
        (await this.git(os2.tmpdir(), ["version"]).catch(() => ({ stdout: "" }))).stdout
      );
      try {
        await this.git(cwd, ["rev-parse", "--git-dir"]);
      } catch {
        const dir = await mkdtemp(path3.join(os2.tmpdir(), "bench-action-git-store-"));
        await this.git(dir, ["init", "--quiet", "--bare", "--end-of-options", dir]);
        const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(remote) || /^[^/]*@[^/]*:/.test(remote);
        const source = url ? remote : path3.resolve(cwd, remote);
        return { dir, source, pushTo: source, shallow: false, own: true, version };
      }
      const shallow = await this.git(cwd, ["rev-parse", "--is-shallow-repository"]).then(
        (r) => r.stdout.trim() === "true",
        () => false
      );
      const pushTo = await this.git(cwd, ["remote", "get-url", "--push", "--end-of-options", remote]).then(
        (r) => r.stdout.split("\n")[0].trim() || remote,
        () => remote
      );
      return { dir: cwd, source: remote, pushTo, shallow, own: false, version };
    })();
    return this.place;
  }
  /** Fetches the data branch; the tip, or null when the branch does not exist yet. */
  async fetch() {
    const place = await this.where();
    const ref = `${PRIVATE_REFS}/${this.id}/${this.fetches++}`;
    try {
      try {
        await this.git(
          place.dir,
          [
            "fetch",
            "--quiet",
            "--no-tags",
            // git 2.29 and newer: leave the user's FETCH_HEAD alone.
            ...place.version >= 2029 ? ["--no-write-fetch-head"] : [],
            "--no-recurse-submodules",
            ...place.version >= 2023 ? ["--no-auto-gc"] : [],
            // No remote-tracking branch for the data branch: only the ref named here is written.
            "--refmap=",
            ...place.shallow ? ["--depth=1"] : [],
            "--end-of-options",
            place.source,
            `+refs/heads/${this.branch}:${ref}`
          ],
          { timeoutMs: NETWORK_TIMEOUT_MS }
        );
      } catch (error) {
        if (/couldn't find remote ref/i.test(stderrOf(error))) {
          this.tip = null;
          return null;
        }
        throw new GitStoreError(
          `cannot fetch ${this.root}: ${said(error)} (${gitFailureHint("fetch", stderrOf(error))})`
        );
      }
      this.tip = (await this.git(place.dir, ["rev-parse", "--verify", `${ref}^{commit}`])).stdout.trim();
      return this.tip;
    } finally {
      await this.git(place.dir, ["update-ref", "-d", "--end-of-options", ref]).catch(() => {
      });
    }
  }
  /** The folder of `suite` in the data branch; a name that cannot be one is refused. */
  suiteFolder(suite) {
    const problem = suiteFolderProblem(suite);
    if (problem) throw new GitStoreError(`the suite cannot name a folder of ${this.root}: ${problem}`);
    return suite;
  }
  /**
   * A suite's index: the entries in the shape the store writes; each other one is left out, named in a
   * warning. An index that is not one at all is refused.
   */
  async readIndex(tip, suite) {
    const file = `${this.suiteFolder(suite)}/${INDEX}`;
    if (!tip) return { raw: [], entries: [], problems: [] };
    const { dir } = await this.where();
    let text;
    try {
      text = (await this.git(dir, ["cat-file", "blob", "--end-of-options", `${tip}:${file}`])).stdout;
    } catch (error) {
      if (/does not exist|exists on disk, but not in|Not a valid object name/i.test(stderrOf(error))) {
        return { raw: [], entries: [], problems: [] };
      }
      throw new GitStoreError(`${file} in ${this.root} is unreadable: ${said(error)}`);
    }
    const index = parseIndex(text, suite);
    if ("problem" in index) throw new GitStoreError(`${file} in ${this.root} is unreadable: ${index.problem}`);
    for (const problem of index.problems) this.warn(`${this.root}: ${file}: skipped ${problem}`);
    return index;
  }
  list(suite, branch) {
    return this.serial.run(() => this.listNow(suite, branch));
  }
  load(entry) {
    return this.serial.run(() => this.loadNow(entry));
  }
  save(results) {
    return this.serial.run(() => this.saveNow(results));
  }
  suites() {
    return this.serial.run(() => this.suitesNow());
  }
  loadMany(entries) {
    return this.serial.run(() => this.loadManyNow(entries));
  }
  /** The folders at the top of the data branch that hold a suite's index; others are named in a warning. */
  async suitesNow() {
    const tip = this.tip === void 0 ? await this.fetch() : this.tip;
    if (!tip) return [];
    const { dir } = await this.where();
    const listing = async (options, paths) => {
      try {
        return (await this.git(dir, ["ls-tree", "-z", ...options, "--end-of-options", tip, ...paths])).stdout.split("\0").filter((p) => p !== "");
      } catch (error) {
        throw new GitStoreError(`cannot list the suites of ${this.root}: ${said(error)}`);
      }
    };
    const folders = [];
    for (const line of await listing([], [])) {
      const m = /^\d+ tree [0-9a-f]+\t(.*)$/s.exec(line);
      if (!m) continue;
      const problem = suiteFolderProblem(m[1]);
      if (problem) this.warn(`${this.root}: skipped the folder ${shown(m[1])}: ${problem}`);
      else folders.push(m[1]);
    }
    if (folders.length === 0) return [];
    const indexes = await listing(
      ["--name-only"],
      folders.map((f) => `${f}/${INDEX}`)
    );
    return indexes.map((p) => p.slice(0, -`/${INDEX}`.length)).sort();
  }
  /**
   * Many runs read by one `git cat-file --batch` per chunk instead of a process per run: a history of
   * thousands of runs loads in seconds. Each entry is a ResultSet or why it could not be read.
   */
  async loadManyNow(entries) {
    const tip = this.tip === void 0 ? await this.fetch() : this.tip;
    if (!tip) return entries.map(() => new GitStoreError(`${this.root} does not exist`));
    const { dir } = await this.where();
    const out = new Array(entries.length);
    const readable = [];
    entries.forEach((entry, at) => {
      const problem = this.unreadable(entry);
      if (problem) out[at] = problem;
      else readable.push({ entry, at });
    });
    const blobs = /* @__PURE__ */ new Map();
    const folders = [...new Set(readable.map(({ entry }) => path3.posix.dirname(entry.path)))];
    for (const folder of folders) {
      let listing;
      try {
        listing = await this.git(dir, ["ls-tree", "-z", "--full-tree", "--end-of-options", tip, `${folder}/`]);
      } catch (error) {
        throw new GitStoreError(`cannot read ${folder} in ${this.root}: ${said(error)}`);
      }
      for (const line of listing.stdout.split("\0")) {
        const m = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(line);
        if (m) blobs.set(m[2], m[1]);
      }
    }
    for (let start = 0; start < readable.length; start += BATCH_ENTRIES) {
      const chunk = readable.slice(start, start + BATCH_ENTRIES).map(({ entry }) => entry);
      const places = readable.slice(start, start + BATCH_ENTRIES).map(({ at }) => at);
      const names = chunk.map((e) => blobs.get(e.path) ?? "0".repeat(40));
      const result = await runCommand(["git", "cat-file", "--batch", "--buffer"], {
        cwd: dir,
        env: { ...this.options.env ?? process.env, LC_ALL: "C", GIT_TERMINAL_PROMPT: "0" },
        input: `${names.join("\n")}
`,
        maxOutputBytes: 512 * 1024 * 1024,
        encoding: "buffer"
      });
      const failure = commandFailure(result);
      if (failure !== void 0) throw new GitStoreError(`cannot read ${this.root}: git cat-file ${failure}`);
      const contents = splitBatch(result.stdoutBytes ?? Buffer.alloc(0), chunk.length);
      chunk.forEach((entry, i) => {
        const blob = contents[i];
        const at = places[i];
        if (blob === void 0) {
          out[at] = new GitStoreError(`${entry.path} is listed in the index of ${this.root} but missing`);
          return;
        }
        try {
          out[at] = parseResultSetText(blob.toString("utf8"), `${this.branch}:${entry.path}`);
        } catch (error) {
          out[at] = error;
        }
      });
    }
    return out;
  }
  /** Why a run asked for is not one this store lists (its path is not where it keeps one); else undefined. */
  unreadable(entry) {
    const problem = storedPathProblem(entry);
    return problem ? new GitStoreError(`cannot read the run at ${shown(entry.path)} from ${this.root}: ${problem}`) : void 0;
  }
  async listNow(suite, branch) {
    const tip = this.tip === void 0 ? await this.fetch() : this.tip;
    const index = await this.readIndex(tip, suite);
    return index.entries.filter((e) => e.branch === branch).sort((a, b) => a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0).map((e) => ({
      path: e.path,
      suite,
      branch: e.branch,
      ...e.sha ? { sha: e.sha } : {},
      createdAt: e.createdAt
    }));
  }
  async loadNow(entry) {
    const tip = this.tip === void 0 ? await this.fetch() : this.tip;
    if (!tip) throw new GitStoreError(`${this.root} does not exist`);
    const refused = this.unreadable(entry);
    if (refused) throw refused;
    const { dir } = await this.where();
    let text;
    try {
      text = (await this.git(dir, ["cat-file", "blob", "--end-of-options", `${tip}:${entry.path}`])).stdout;
    } catch {
      throw new GitStoreError(`${entry.path} is listed in the index of ${this.root} but missing`);
    }
    return parseResultSetText(text, `${this.branch}:${entry.path}`);
  }
  /**
   * Adds the run as SUITE/BRANCH/TIMESTAMP-SHA.json and to the suite's index, prunes beyond `retain`,
   * and pushes; on a non-fast-forward, fetches the new tip and does it again on top of it.
   */
  async saveNow(results) {
    const branch = results.commit.branch ?? NO_BRANCH;
    const stamp = results.createdAt.replace(/[-:]/g, "").replace(/\.(\d{3})\d*Z$/, "$1Z");
    const sha = results.commit.sha ?? "nosha";
    const file = `${this.suiteFolder(results.suite)}/${branchKey(branch)}/${stamp}-${sha.slice(0, 12)}.json`;
    const body = `${JSON.stringify(results)}
`;
    const entry = {
      branch,
      ...results.commit.sha ? { sha: results.commit.sha } : {},
      createdAt: results.createdAt,
      path: file
    };
    const problem = entryProblem(entry, results.suite);
    if (problem)
      throw new GitStoreError(`cannot save the run to ${this.root}: it would not be read back (${problem})`);
    const place = await this.where();
    for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
      const tip = await this.fetch();
      const commit = await this.commitWith(tip, results.suite, { file, body, entry });
      const pushRemote = place.version >= 2031 ? `bench-action-${this.id}` : place.source;
      const inherited = Number((this.options.env ?? process.env).GIT_CONFIG_COUNT ?? 0) || 0;
      const pushEnv = place.version >= 2031 ? {
        GIT_CONFIG_COUNT: String(inherited + 1),
        [`GIT_CONFIG_KEY_${inherited}`]: `remote.${pushRemote}.url`,
        [`GIT_CONFIG_VALUE_${inherited}`]: place.pushTo
      } : {};
      try {
        await this.git(
          place.dir,
          [
            "push",
            "--quiet",
            // The user's hooks, tag following, signing and submodule pushes are not this push's business.
            "--no-verify",
            "--no-follow-tags",
            "--no-signed",
            "--recurse-submodules=no",
            "--end-of-options",
            pushRemote,
            `${commit}:refs/heads/${this.branch}`
          ],
          { env: pushEnv, timeoutMs: NETWORK_TIMEOUT_MS }
        );
        this.tip = commit;
        return `${this.branch}:${file}`;
      } catch (error) {
        const stderr = stderrOf(error);
        const raced = /non-fast-forward|\(fetch first\)|\[rejected\]|failed to update ref|cannot lock ref|incorrect old value/i.test(
          stderr
        );
        if (!raced || attempt === PUSH_ATTEMPTS) {
          throw new GitStoreError(
            `cannot push to ${this.root}: ${said(error)} (${gitFailureHint("push", stderr)})`
          );
        }
        this.options.log?.(
          `${this.root} moved while saving; adding the results on top of the new tip (attempt ${attempt + 1})`
        );
      }
    }
    throw new GitStoreError(`cannot push to ${this.root}`);
  }
  /** A commit on top of `tip` holding the new file and the updated index, on a temporary index file. */
  async commitWith(tip, suite, added) {
    const { dir } = await this.where();
    const index = await this.readIndex(tip, suite);
    const removed = /* @__PURE__ */ new Set();
    const retain = this.options.retain;
    if (retain !== void 0 && retain > 0) {
      const sameBranch = [...index.entries.filter((e) => e.path !== added.file), added.entry].filter((e) => e.branch === added.entry.branch).sort((a, b) => a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);
      for (const old of sameBranch.slice(retain)) removed.add(old.path);
    }
    const pathOf = (e) => typeof e === "object" && e !== null ? e.path : void 0;
    const kept = [...index.raw.filter((e) => pathOf(e) !== added.file), added.entry].filter((e) => {
      const at = pathOf(e);
      return !(typeof at === "string" && removed.has(at));
    });
    const indexText = `${JSON.stringify({ version: 1, entries: kept })}
`;
    const scratch = await mkdtemp(path3.join(os2.tmpdir(), "bench-action-git-index-"));
    let tree;
    try {
      const env = { GIT_INDEX_FILE: path3.join(scratch, "index") };
      const plain = [
        "-c",
        "core.splitIndex=false",
        "-c",
        "core.fsmonitor=false",
        "-c",
        "core.untrackedCache=false"
      ];
      await this.git(dir, [...plain, "read-tree", ...tip ? ["--end-of-options", tip] : ["--empty"]], {
        env
      });
      const blob = async (text) => (await this.git(dir, ["hash-object", "-w", "--no-filters", "--stdin"], { input: text })).stdout.trim();
      const fileBlob = await blob(added.body);
      const indexBlob = await blob(indexText);
      const lines = [
        `100644 ${fileBlob}	${added.file}
`,
        `100644 ${indexBlob}	${suite}/${INDEX}
`,
        ...[...removed].map((file) => `0 ${"0".repeat(40)}	${file}
`)
      ].join("");
      await this.git(dir, [...plain, "update-index", "--index-info"], { env, input: lines });
      tree = (await this.git(dir, [...plain, "write-tree"], { env })).stdout.trim();
    } finally {
      await rm3(scratch, { recursive: true, force: true });
    }
    const identity = {
      GIT_AUTHOR_NAME: "bench-action",
      GIT_AUTHOR_EMAIL: "bench-action@users.noreply.github.com",
      GIT_COMMITTER_NAME: "bench-action",
      GIT_COMMITTER_EMAIL: "bench-action@users.noreply.github.com"
    };
    const message = `${suite}: results of ${added.entry.sha?.slice(0, 12) ?? "a run"} on ${added.entry.branch}`;
    const parents = tip ? ["-p", tip] : [];
    return (await this.git(
      dir,
      ["commit-tree", "--no-gpg-sign", ...parents, "-m", message, "--end-of-options", tree],
      { env: identity }
    )).stdout.trim();
  }
  /** Removes the private repository, if one was made, and any private ref a killed fetch left. */
  async close() {
    if (!this.place) return;
    const place = await this.place.catch(() => void 0);
    if (!place) return;
    if (place.own) {
      await rm3(place.dir, { recursive: true, force: true });
      return;
    }
    const left = await this.git(place.dir, [
      "for-each-ref",
      "--format=%(refname)",
      "--end-of-options",
      `${PRIVATE_REFS}/${this.id}/`
    ]).catch(() => ({ stdout: "" }));
    for (const ref of left.stdout.split("\n").filter((r) => r !== "")) {
      await this.git(place.dir, ["update-ref", "-d", "--end-of-options", ref]).catch(() => {
      });
    }
  }
};

// src/store/index.ts
var NEEDS = {
  dir: { variables: [] },
  git: { variables: [] },
  cache: {
    variables: ["ACTIONS_RUNTIME_TOKEN", "ACTIONS_RESULTS_URL", "GITHUB_RUN_ID"],
    because: "it keeps baselines in the GitHub Actions cache, which the runner opens only to a job's actions"
  }
};
function missingFor(kind, env) {
  return NEEDS[kind].variables.filter((name) => !env[name]);
}
var StoreUnavailableError = class extends StoreError {
  constructor(kind, missing) {
    const because = NEEDS[kind].because;
    super(
      `the ${kind} store cannot work here${because ? `: ${because}` : ""} (${listed(missing)} ${missing.length === 1 ? "is" : "are"} not set)`
    );
    this.kind = kind;
    this.missing = missing;
  }
  kind;
  missing;
  name = "StoreUnavailableError";
};
function openStore({ kind, ...options }) {
  const env = options.env ?? process.env;
  const missing = missingFor(kind, env);
  if (missing.length > 0) throw new StoreUnavailableError(kind, missing);
  if (kind !== "cache") return createStore(kind, options);
  return createStore(kind, {
    ...options,
    runId: options.runId ?? env.GITHUB_RUN_ID,
    runAttempt: options.runAttempt ?? env.GITHUB_RUN_ATTEMPT ?? "1"
  });
}
function createStore(kind, options) {
  switch (kind) {
    case "dir":
      return new DirStore(path4.resolve(options.cwd, options.storeDir ?? ".bench"));
    case "git":
      return new GitStore({
        remote: options.remote ?? "origin",
        cwd: options.cwd,
        branch: options.branch ?? DEFAULT_DATA_BRANCH,
        ...options.retain !== void 0 ? { retain: options.retain } : {},
        ...options.log ? { log: options.log } : {},
        ...options.env ? { env: options.env } : {}
      });
    case "cache":
      if (!options.runId) throw new Error("the cache store needs the run id (GITHUB_RUN_ID)");
      return new CacheStore({
        runId: options.runId,
        runAttempt: options.runAttempt ?? "1",
        // The cached path is part of an entry's version, so it must be the same in every job: not
        // RUNNER_TEMP, which self-hosted runners place per runner, but the system's temporary directory.
        ...options.log ? { log: options.log } : {}
      });
  }
}
function readingFrom(source, saveTo) {
  return {
    root: source.root,
    list: (suite, branch) => source.list(suite, branch),
    ...source.listAt ? { listAt: (suite, branch, sha) => source.listAt(suite, branch, sha) } : {},
    load: (entry) => source.load(entry),
    save: (results) => saveTo.save(results),
    close: async () => {
      await source.close?.();
    }
  };
}

export {
  StoreUnavailableError,
  openStore,
  readingFrom
};
