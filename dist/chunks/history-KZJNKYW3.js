import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  readHistories,
  renderHistoryMarkdown,
  renderHistoryTerminal,
  writeSite
} from "./chunk-KHADVRF4.js";
import {
  openCliStore
} from "./chunk-O4MVOECT.js";
import {
  HISTORY,
  parseCommand
} from "./chunk-FEKK4L3O.js";
import {
  logTo
} from "./chunk-MCXXQOOX.js";
import "./chunk-3NPAG3KL.js";
import "./chunk-UGESMNLG.js";
import {
  commitInfo,
  commitsInRange,
  defaultBranch,
  resolveConfigPath,
  writeText
} from "./chunk-YDC62AUT.js";
import {
  loadConfig
} from "./chunk-OHPDJ7KO.js";
import "./chunk-HLGNAQJE.js";
import {
  VERSION
} from "./chunk-RCHZXITY.js";
import {
  DEFAULT_DATA_BRANCH,
  UsageError,
  isUserError
} from "./chunk-BHHUTKWY.js";
import "./chunk-ILAU3MKQ.js";
import "./chunk-5NSSESBT.js";

// src/cli/history.ts
import path from "node:path";
async function historyCommand(argv, io) {
  const parsed = parseCommand(HISTORY, argv, io);
  if (!parsed) return 0;
  const { values } = parsed;
  const kind = values["baseline-store"] ?? "dir";
  if (kind !== "dir" && kind !== "git")
    throw new UsageError(
      `history reads the dir or the git store (--baseline-store dir|git), got ${JSON.stringify(kind)}: the Actions cache keeps no history it can list`
    );
  if (kind === "dir" && values["baseline-branch"] !== void 0)
    throw new UsageError("--baseline-branch names the git store's data branch: add --baseline-store git");
  let suites = values.suite;
  if (!suites) {
    const configPath = await resolveConfigPath(io.cwd, values.config).catch((error) => {
      if (values.config !== void 0 || !isUserError(error)) throw error;
      return void 0;
    });
    if (configPath) suites = [(await loadConfig(configPath)).suite];
  }
  const branch = values.branch ?? await defaultBranch(io.cwd, io.env) ?? (await commitInfo(io.cwd, io.env)).branch ?? "main";
  const store = openCliStore({
    kind,
    cwd: io.cwd,
    storeDir: values.store ?? ".bench",
    remote: "origin",
    branch: values["baseline-branch"] || DEFAULT_DATA_BRANCH,
    env: io.env,
    log: logTo(io)
  });
  try {
    const histories = await readHistories({
      store,
      branch,
      ...suites ? { suites } : {},
      countCommits: (previous, to) => commitsInRange(io.cwd, previous, to),
      log: logTo(io)
    });
    io.stdout.write(renderHistoryTerminal(histories));
    if (values.markdown)
      await writeText(path.resolve(io.cwd, values.markdown), renderHistoryMarkdown(histories));
    if (values.json)
      await writeText(path.resolve(io.cwd, values.json), `${JSON.stringify({ histories }, null, 2)}
`);
    if (values.out) {
      const outDir = path.resolve(io.cwd, values.out);
      const started = Date.now();
      const files = await writeSite(outDir, histories, { version: VERSION, now: /* @__PURE__ */ new Date() });
      io.stderr.write(
        `trend site: ${path.relative(io.cwd, files[0]) || files[0]} and ${files.length - 1} more page${files.length === 2 ? "" : "s"}, written in ${Date.now() - started} ms
`
      );
    }
    return 0;
  } finally {
    await store.close?.();
  }
}
export {
  historyCommand
};
