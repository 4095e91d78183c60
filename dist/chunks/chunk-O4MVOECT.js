import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  logTo
} from "./chunk-MCXXQOOX.js";
import {
  StoreUnavailableError,
  openStore,
  readingFrom
} from "./chunk-3NPAG3KL.js";
import {
  listed
} from "./chunk-OHPDJ7KO.js";
import {
  DEFAULT_DATA_BRANCH,
  STORE_KINDS,
  UsageError,
  isStoreKind
} from "./chunk-BHHUTKWY.js";

// src/cli/store.ts
function gitBaselineBranch(baseline) {
  return baseline?.startsWith("git:") ? baseline.slice("git:".length) : void 0;
}
function saveRule(values) {
  if (values["dry-run"] || values["no-save"]) return false;
  return values.save ? true : "clean";
}
function chooseStore(values, io) {
  if (values.save && values["no-save"]) throw new UsageError("--save and --no-save contradict each other");
  const fromGit = gitBaselineBranch(values.baseline);
  const kind = values["baseline-store"] ?? (fromGit !== void 0 ? "git" : "dir");
  if (!isStoreKind(kind))
    throw new UsageError(`--baseline-store must be ${listed(STORE_KINDS, "or")}, got ${JSON.stringify(kind)}`);
  const retain = values.retain === void 0 ? void 0 : wholeNumber("--retain", values.retain);
  if (kind !== "git") {
    if (fromGit !== void 0)
      throw new UsageError(`--baseline ${values.baseline} reads the git store: drop --baseline-store ${kind}`);
    if (values["baseline-branch"] !== void 0)
      throw new UsageError("--baseline-branch names the git store's data branch: add --baseline-store git");
    if (retain !== void 0)
      throw new UsageError("--retain prunes the git store's data branch: add --baseline-store git");
  }
  if (values.save && values["dry-run"])
    throw new UsageError(
      kind === "git" ? "--dry-run never pushes to the data branch: drop --save to only compare with it, or --dry-run to push" : kind === "cache" ? "--dry-run never saves to the Actions cache: drop --save to only compare with it, or --dry-run to save" : "--dry-run saves nothing: drop --save to only compare, or --dry-run to save this run"
    );
  if (kind === "dir") return { kind, baseline: values.baseline, save: saveRule(values) };
  if (values.baseline !== void 0 && fromGit === void 0)
    throw new UsageError(
      `--baseline FILE|DIR and --baseline-store ${kind} each say where the baseline comes from: give one of them`
    );
  if (fromGit && values["baseline-branch"] !== void 0 && values["baseline-branch"] !== fromGit)
    throw new UsageError(
      `--baseline ${values.baseline} and --baseline-branch ${values["baseline-branch"]} name different data branches`
    );
  if (retain !== void 0 && !values.save)
    throw new UsageError("--retain prunes the data branch when this run pushes to it: add --save");
  const store = openCliStore({
    kind,
    cwd: io.cwd,
    remote: "origin",
    branch: fromGit || values["baseline-branch"] || DEFAULT_DATA_BRANCH,
    ...retain !== void 0 ? { retain } : {},
    env: io.env,
    log: logTo(io)
  });
  if (values.save) return { kind, store, save: true };
  const local = openCliStore({ kind: "dir", cwd: io.cwd, storeDir: values.store ?? ".bench" });
  return { kind, store: readingFrom(store, local), save: saveRule(values) };
}
function openCliStore(spec) {
  try {
    return openStore(spec);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    throw new UsageError(
      `--baseline-store ${spec.kind}: ${error.message}. Outside a GitHub Actions job --baseline-store must be dir or git; in a workflow's run: step, export the runner's ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL in an earlier step (crazy-max/ghaction-github-runtime does)`
    );
  }
}
function wholeNumber(flag, value) {
  if (!/^[1-9][0-9]*$/.test(value))
    throw new UsageError(`${flag} takes a whole number of at least 1, got ${JSON.stringify(value)}`);
  return Number(value);
}

export {
  chooseStore,
  openCliStore
};
