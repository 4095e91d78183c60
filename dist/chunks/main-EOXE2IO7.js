import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  readHistories,
  renderHistoryMarkdown,
  renderHistoryTerminal,
  writeSite
} from "./chunk-KHADVRF4.js";
import {
  Octokit,
  require_light,
  retry
} from "./chunk-FPUDH27H.js";
import {
  BearerCredentialHandler,
  HttpClient,
  debug,
  getBooleanInput,
  getInput,
  setFailed,
  setOutput,
  summary,
  warning
} from "./chunk-WEB74TML.js";
import {
  writeExports
} from "./chunk-T2BLRVYQ.js";
import {
  StoreUnavailableError,
  openStore
} from "./chunk-3NPAG3KL.js";
import {
  renderTerminal
} from "./chunk-UGESMNLG.js";
import {
  COMMENT_LIMIT,
  DirStore,
  NO_BRANCH,
  OBJECT_ID,
  SUMMARY_LIMIT_BYTES,
  ShardError,
  commitsInRange,
  compareResults,
  failureMessage,
  isObjectId,
  markerFor,
  parseShard,
  pullRequestNumber,
  readGitHubContext,
  renderMarkdown,
  resolveConfigPath,
  runMerge,
  runPipeline,
  runUrl
} from "./chunk-YDC62AUT.js";
import {
  ACCEPT_REASON_MAX,
  ACCEPT_SOURCES,
  CONFIG_FILE_NAMES,
  ConfigError,
  addedEntries,
  external_exports,
  firstIssue,
  loadConfig,
  parseConfig,
  resolveAcceptance,
  resultSetSchema,
  withLabel
} from "./chunk-OHPDJ7KO.js";
import {
  logText
} from "./chunk-HLGNAQJE.js";
import {
  VERSION
} from "./chunk-RCHZXITY.js";
import {
  DEFAULT_DATA_BRANCH,
  STORE_KINDS,
  SetupError,
  UsageError,
  UserError,
  isActionVariable,
  isUserError
} from "./chunk-BHHUTKWY.js";
import "./chunk-ILAU3MKQ.js";
import {
  __toESM
} from "./chunk-5NSSESBT.js";

// src/action/main.ts
import { readFileSync as readFileSync2 } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os2 from "node:os";
import path3 from "node:path";

// node_modules/@octokit/plugin-paginate-rest/dist-bundle/index.js
var VERSION2 = "0.0.0-development";
function normalizePaginatedListResponse(response) {
  if (!response.data) {
    return {
      ...response,
      data: []
    };
  }
  const responseNeedsNormalization = ("total_count" in response.data || "total_commits" in response.data) && !("url" in response.data);
  if (!responseNeedsNormalization) return response;
  const incompleteResults = response.data.incomplete_results;
  const repositorySelection = response.data.repository_selection;
  const totalCount = response.data.total_count;
  const totalCommits = response.data.total_commits;
  delete response.data.incomplete_results;
  delete response.data.repository_selection;
  delete response.data.total_count;
  delete response.data.total_commits;
  const namespaceKey = Object.keys(response.data)[0];
  const data = response.data[namespaceKey];
  response.data = data;
  if (typeof incompleteResults !== "undefined") {
    response.data.incomplete_results = incompleteResults;
  }
  if (typeof repositorySelection !== "undefined") {
    response.data.repository_selection = repositorySelection;
  }
  response.data.total_count = totalCount;
  response.data.total_commits = totalCommits;
  return response;
}
function iterator(octokit, route, parameters) {
  const options = typeof route === "function" ? route.endpoint(parameters) : octokit.request.endpoint(route, parameters);
  const requestMethod = typeof route === "function" ? route : octokit.request;
  const method = options.method;
  const headers = options.headers;
  let url = options.url;
  return {
    [Symbol.asyncIterator]: () => ({
      async next() {
        if (!url) return { done: true };
        try {
          const response = await requestMethod({ method, url, headers });
          const normalizedResponse = normalizePaginatedListResponse(response);
          url = ((normalizedResponse.headers.link || "").match(
            /<([^<>]+)>;\s*rel="next"/
          ) || [])[1];
          if (!url && "total_commits" in normalizedResponse.data) {
            const parsedUrl = new URL(normalizedResponse.url);
            const params = parsedUrl.searchParams;
            const page = parseInt(params.get("page") || "1", 10);
            const per_page = parseInt(params.get("per_page") || "250", 10);
            if (page * per_page < normalizedResponse.data.total_commits) {
              params.set("page", String(page + 1));
              url = parsedUrl.toString();
            }
          }
          return { value: normalizedResponse };
        } catch (error) {
          if (error.status !== 409) throw error;
          url = "";
          return {
            value: {
              status: 200,
              headers: {},
              data: []
            }
          };
        }
      }
    })
  };
}
function paginate(octokit, route, parameters, mapFn) {
  if (typeof parameters === "function") {
    mapFn = parameters;
    parameters = void 0;
  }
  return gather(
    octokit,
    [],
    iterator(octokit, route, parameters)[Symbol.asyncIterator](),
    mapFn
  );
}
function gather(octokit, results, iterator2, mapFn) {
  return iterator2.next().then((result) => {
    if (result.done) {
      return results;
    }
    let earlyExit = false;
    function done() {
      earlyExit = true;
    }
    results = results.concat(
      mapFn ? mapFn(result.value, done) : result.value.data
    );
    if (earlyExit) {
      return results;
    }
    return gather(octokit, results, iterator2, mapFn);
  });
}
var composePaginateRest = Object.assign(paginate, {
  iterator
});
function paginateRest(octokit) {
  return {
    paginate: Object.assign(paginate.bind(null, octokit), {
      iterator: iterator.bind(null, octokit)
    })
  };
}
paginateRest.VERSION = VERSION2;

// node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var import_light = __toESM(require_light(), 1);
var VERSION3 = "0.0.0-development";
var noop = () => Promise.resolve();
function wrapRequest(state, request, options) {
  return state.retryLimiter.schedule(doRequest, state, request, options);
}
async function doRequest(state, request, options) {
  const { pathname } = new URL(options.url, "http://github.test");
  const isAuth = isAuthRequest(options.method, pathname);
  const isWrite = !isAuth && options.method !== "GET" && options.method !== "HEAD";
  const isSearch = options.method === "GET" && pathname.startsWith("/search/");
  const isGraphQL = pathname.startsWith("/graphql");
  const retryCount = ~~request.retryCount;
  const jobOptions = retryCount > 0 ? { priority: 0, weight: 0 } : {};
  if (state.clustering) {
    jobOptions.expiration = 1e3 * 60;
  }
  if (isWrite || isGraphQL) {
    await state.write.key(state.id).schedule(jobOptions, noop);
  }
  if (isWrite && state.triggersNotification(pathname)) {
    await state.notifications.key(state.id).schedule(jobOptions, noop);
  }
  if (isSearch) {
    await state.search.key(state.id).schedule(jobOptions, noop);
  }
  const req = (isAuth ? state.auth : state.global).key(state.id).schedule(jobOptions, request, options);
  if (isGraphQL) {
    const res = await req;
    if (res.data.errors != null && res.data.errors.some((error) => error.type === "RATE_LIMITED")) {
      const error = Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
        response: res,
        data: res.data
      });
      throw error;
    }
  }
  return req;
}
function isAuthRequest(method, pathname) {
  return method === "PATCH" && // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-a-scoped-access-token
  /^\/applications\/[^/]+\/token\/scoped$/.test(pathname) || method === "POST" && // https://docs.github.com/en/rest/apps/oauth-applications?apiVersion=2022-11-28#reset-a-token
  (/^\/applications\/[^/]+\/token$/.test(pathname) || // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-an-installation-access-token-for-an-app
  /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) || // https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
  pathname === "/login/oauth/access_token");
}
var triggers_notification_paths_default = [
  "/orgs/{org}/invitations",
  "/orgs/{org}/invitations/{invitation_id}",
  "/orgs/{org}/teams/{team_slug}/discussions",
  "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
  "/repos/{owner}/{repo}/collaborators/{username}",
  "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
  "/repos/{owner}/{repo}/issues",
  "/repos/{owner}/{repo}/issues/{issue_number}/comments",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issue",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority",
  "/repos/{owner}/{repo}/pulls",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
  "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
  "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
  "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "/repos/{owner}/{repo}/releases",
  "/teams/{team_id}/discussions",
  "/teams/{team_id}/discussions/{discussion_number}/comments"
];
function routeMatcher(paths) {
  const regexes = paths.map(
    (path4) => path4.split("/").map((c) => c.startsWith("{") ? "(?:.+?)" : c).join("/")
  );
  const regex2 = `^(?:${regexes.map((r) => `(?:${r})`).join("|")})[^/]*$`;
  return new RegExp(regex2, "i");
}
var regex = routeMatcher(triggers_notification_paths_default);
var triggersNotification = regex.test.bind(regex);
var groups = {};
var createGroups = function(Bottleneck, common) {
  groups.global = new Bottleneck.Group({
    id: "octokit-global",
    maxConcurrent: 10,
    ...common
  });
  groups.auth = new Bottleneck.Group({
    id: "octokit-auth",
    maxConcurrent: 1,
    ...common
  });
  groups.search = new Bottleneck.Group({
    id: "octokit-search",
    maxConcurrent: 1,
    minTime: 2e3,
    ...common
  });
  groups.write = new Bottleneck.Group({
    id: "octokit-write",
    maxConcurrent: 1,
    minTime: 1e3,
    ...common
  });
  groups.notifications = new Bottleneck.Group({
    id: "octokit-notifications",
    maxConcurrent: 1,
    minTime: 3e3,
    ...common
  });
};
function throttling(octokit, octokitOptions) {
  const {
    enabled = true,
    Bottleneck = import_light.default,
    id = "no-id",
    timeout = 1e3 * 60 * 2,
    // Redis TTL: 2 minutes
    connection
  } = octokitOptions.throttle || {};
  if (!enabled) {
    return {};
  }
  const common = { timeout };
  if (typeof connection !== "undefined") {
    common.connection = connection;
  }
  const state = Object.assign(
    {
      clustering: connection != null,
      triggersNotification,
      fallbackSecondaryRateRetryAfter: 60,
      retryAfterBaseValue: 1e3,
      id
    },
    octokitOptions.throttle
  );
  if (typeof state.onSecondaryRateLimit !== "function" || typeof state.onRateLimit !== "function") {
    throw new Error(`octokit/plugin-throttling error:
        You must pass the onSecondaryRateLimit and onRateLimit error handlers.
        See https://octokit.github.io/rest.js/#throttling

        const octokit = new Octokit({
          throttle: {
            onSecondaryRateLimit: (retryAfter, options) => {/* ... */},
            onRateLimit: (retryAfter, options) => {/* ... */}
          }
        })
    `);
  }
  let initialized = false;
  const initializeBottleneck = () => {
    if (initialized) {
      return;
    }
    initialized = true;
    if (groups.global == null) {
      createGroups(Bottleneck, common);
    }
    state.global = state.global ?? groups.global;
    state.auth = state.auth ?? groups.auth;
    state.search = state.search ?? groups.search;
    state.write = state.write ?? groups.write;
    state.notifications = state.notifications ?? groups.notifications;
    state.retryLimiter = state.retryLimiter ?? new Bottleneck();
    const events = {};
    const emitter = new Bottleneck.Events(events);
    events.on("secondary-limit", state.onSecondaryRateLimit);
    events.on("rate-limit", state.onRateLimit);
    events.on(
      "error",
      (e) => octokit.log.warn("Error in throttling-plugin limit handler", e)
    );
    state.retryLimiter.on("failed", async function(error, info) {
      const [state2, request, options] = info.args;
      const { pathname } = new URL(options.url, "http://github.test");
      const shouldRetryGraphQL = pathname.startsWith("/graphql") && error.status !== 401;
      if (!(shouldRetryGraphQL || error.status === 403 || error.status === 429)) {
        return;
      }
      const retryCount = ~~request.retryCount;
      request.retryCount = retryCount;
      options.request.retryCount = retryCount;
      const { wantRetry, retryAfter = 0 } = await (async function() {
        if (/\bsecondary rate\b/i.test(error.message)) {
          const retryAfter2 = Number(error.response.headers["retry-after"]) || state2.fallbackSecondaryRateRetryAfter;
          const wantRetry2 = await emitter.trigger(
            "secondary-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        if (error.response.headers != null && error.response.headers["x-ratelimit-remaining"] === "0" || (error.response.data?.errors ?? []).some(
          (error2) => error2.type === "RATE_LIMITED"
        )) {
          const rateLimitReset = new Date(
            ~~error.response.headers["x-ratelimit-reset"] * 1e3
          ).getTime();
          const retryAfter2 = Math.max(
            // Add one second so we retry _after_ the reset time
            // https://docs.github.com/en/rest/overview/resources-in-the-rest-api?apiVersion=2022-11-28#exceeding-the-rate-limit
            Math.ceil((rateLimitReset - Date.now()) / 1e3) + 1,
            0
          );
          const wantRetry2 = await emitter.trigger(
            "rate-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        return {};
      })();
      if (wantRetry) {
        request.retryCount++;
        return retryAfter * state2.retryAfterBaseValue;
      }
    });
  };
  octokit.hook.wrap("request", (request, options) => {
    initializeBottleneck();
    return wrapRequest(state, request, options);
  });
  return {};
}
throttling.VERSION = VERSION3;
throttling.triggersNotification = triggersNotification;

// src/github/client.ts
var GitHubClient = Octokit.plugin(paginateRest, retry, throttling);
function createGitHubClient(options) {
  const log = options.log ?? (() => {
  });
  return new GitHubClient({
    auth: options.token,
    baseUrl: (options.baseUrl ?? "https://api.github.com").replace(/\/+$/, ""),
    userAgent: "bench-action",
    retry: { retries: options.retries ?? 3 },
    throttle: {
      // Primary limit: wait as long as GitHub says, twice at most.
      onRateLimit: (retryAfter, request, _octokit, retryCount) => {
        log(`GitHub rate limit reached on ${request.method} ${request.url}; retrying after ${retryAfter} s`);
        return retryCount < 2;
      },
      onSecondaryRateLimit: (retryAfter, request, _octokit, retryCount) => {
        log(`GitHub secondary rate limit on ${request.method} ${request.url}; retrying after ${retryAfter} s`);
        return retryCount < 1;
      }
    }
  });
}
function statusOf(error) {
  const status = error?.status;
  return typeof status === "number" ? status : void 0;
}

// src/github/accept-label.ts
var DEFAULT_ACCEPT_LABEL = "bench-accept";
function hasLabel(labels, name) {
  if (!Array.isArray(labels)) return false;
  return labels.some(
    (l) => typeof l?.name === "string" && l.name.toLowerCase() === name.toLowerCase()
  );
}
function firstLine(error) {
  return String(error?.message ?? error).split("\n")[0];
}
function failure(error) {
  return `${statusOf(error) ?? "an error"}: ${firstLine(error)}`;
}
function pullNumber(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : void 0;
}
var short = (sha) => sha.slice(0, 7);
async function labelGiven(o, issueNumber) {
  if (!o.octokit) return new Error("there is no github-token to ask GitHub with");
  try {
    const events = await o.octokit.paginate("GET /repos/{owner}/{repo}/issues/{issue_number}/events", {
      owner: o.context.owner,
      repo: o.context.repo,
      issue_number: issueNumber,
      per_page: 100
    });
    let newest;
    for (const e of events) {
      if (e.event !== "labeled" || !hasLabel([e.label], o.label)) continue;
      const at = typeof e.created_at === "string" ? e.created_at : "";
      if (newest === void 0 || at >= newest.at) {
        const login = e.actor?.login;
        newest = { at, ...typeof login === "string" && login !== "" ? { login } : {} };
      }
    }
    return newest;
  } catch (error) {
    return new Error(failure(error));
  }
}
var MAY_ACCEPT = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
async function refusal(o, login) {
  if (o.acceptBy?.some((l) => l.toLowerCase() === login.toLowerCase())) return void 0;
  if (!o.octokit) return "cannot be checked without a github-token";
  try {
    const { data } = await o.octokit.request(
      "GET /repos/{owner}/{repo}/collaborators/{username}/permission",
      {
        owner: o.context.owner,
        repo: o.context.repo,
        username: login
      }
    );
    const roles = [data.role_name, data.permission].filter((r) => typeof r === "string");
    if (roles.some((r) => MAY_ACCEPT.has(r))) return void 0;
    return `has ${roles[0] ?? "no"} permission on the repository; accepting needs write or more, or the accept-by input`;
  } catch (error) {
    return `has a permission GitHub would not tell (${failure(error)}); accepting needs write or more, or the accept-by input`;
  }
}
async function firstRunFor(o, sha) {
  if (!o.octokit) return new Error("there is no github-token to ask GitHub with");
  try {
    const runs = await o.octokit.paginate("GET /repos/{owner}/{repo}/actions/runs", {
      owner: o.context.owner,
      repo: o.context.repo,
      head_sha: sha,
      per_page: 100
    });
    const times = runs.map((r) => r.created_at).filter((t) => typeof t === "string");
    return times.length === 0 ? void 0 : times.reduce((a, b) => Date.parse(b) < Date.parse(a) ? b : a);
  } catch (error) {
    return new Error(failure(error));
  }
}
async function labelForHead(o, number, headSha, justAdded = false) {
  const on = `the label "${o.label}" on #${number}`;
  const given = await labelGiven(o, number);
  if (given instanceof Error)
    return { refused: `${on} does not count: GitHub would not say who added it (${given.message})` };
  if (given === void 0 || given.login === void 0)
    return { refused: `${on} does not count: GitHub names no one who added it` };
  const by = `@${given.login}`;
  if (!justAdded) {
    const first = await firstRunFor(o, headSha);
    if (first instanceof Error || first === void 0)
      return {
        refused: `${on} does not count: GitHub would not say when ${short(headSha)} was pushed${first instanceof Error ? ` (${first.message})` : ""}, so whether ${by} added it for this commit is unknown`
      };
    if (!(Date.parse(given.at) > Date.parse(first)))
      return {
        refused: `${on} was added by ${by} at ${given.at}, before ${short(headSha)} was pushed (${first}): it accepted an earlier commit, and counts again only when added again`
      };
  }
  const why = await refusal(o, given.login);
  if (why !== void 0) return { refused: `${on} was added by ${by}, who ${why}: the regressions count` };
  return {
    rule: {
      benchmark: "*",
      reason: `pull request #${number} has the label "${o.label}", added for ${short(headSha)}`,
      by: given.login,
      source: "label"
    }
  };
}
async function labelAcceptance(o) {
  const { eventName, event } = o.context;
  if (eventName === "pull_request" || eventName === "pull_request_target") {
    const number2 = pullNumber(event.pull_request?.number);
    const head2 = event.pull_request?.head?.sha;
    if (number2 === void 0 || !hasLabel(event.pull_request?.labels, o.label)) return {};
    if (!isObjectId(head2))
      return {
        refused: `the label "${o.label}" on #${number2} does not count: the event names no head commit`
      };
    const justAdded = event.action === "labeled" && hasLabel([event.label], o.label);
    const decision2 = await labelForHead(o, number2, head2, justAdded);
    if (decision2.rule)
      o.log(`pull request #${number2} has the label "${o.label}": its regressions are accepted`);
    else o.warn(decision2.refused);
    return decision2;
  }
  if (eventName !== "push") return {};
  const ref = typeof event.ref === "string" ? event.ref : "";
  const sha = typeof event.after === "string" ? event.after : "";
  if (!ref.startsWith("refs/heads/") || !isObjectId(sha)) return {};
  if (!o.octokit) {
    o.log(
      `no github-token: the pull request merged by ${short(sha)} is not looked up for the label "${o.label}"`
    );
    return {};
  }
  const branch = ref.slice("refs/heads/".length);
  let pulls;
  try {
    pulls = await o.octokit.paginate("GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls", {
      owner: o.context.owner,
      repo: o.context.repo,
      commit_sha: sha,
      per_page: 100
    });
  } catch (error) {
    o.warn(
      `could not ask GitHub which pull request ${short(sha)} merged (${failure(error)}), so its label "${o.label}" is not known`
    );
    return {};
  }
  const merged = pulls.find(
    (p) => pullNumber(p.number) !== void 0 && typeof p.merged_at === "string" && p.base?.ref === branch && hasLabel(p.labels, o.label)
  );
  if (!merged) return {};
  const number = merged.number;
  const head = isObjectId(merged.head?.sha) ? merged.head.sha : void 0;
  if (head === void 0)
    return { refused: `the label "${o.label}" on #${number} does not count: GitHub names no last head of it` };
  const decision = await labelForHead(o, number, head);
  if (decision.rule) {
    o.log(
      `${short(sha)} merged pull request #${number}, which has the label "${o.label}": its regressions are accepted`
    );
    return {
      rule: {
        ...decision.rule,
        reason: `merged pull request #${number} has the label "${o.label}", added for ${short(head)}`
      }
    };
  }
  o.warn(decision.refused);
  return decision;
}

// src/github/accept-remote.ts
import path from "node:path";
async function acceptEntriesAt(octokit, repo, ref, where = {}) {
  const dir = where.workingDirectory ?? ".";
  const names = where.config !== void 0 ? [where.config] : [...CONFIG_FILE_NAMES];
  for (const name of names) {
    const file = path.posix.normalize(path.posix.join(dir, name));
    if (file.startsWith("../") || path.posix.isAbsolute(file))
      return { error: `the config ${JSON.stringify(name)} is outside the repository` };
    let text2;
    try {
      const { data } = await octokit.request("GET /repos/{owner}/{repo}/contents/{path}", {
        ...repo,
        path: file,
        ref
      });
      if (data.type !== "file" || typeof data.content !== "string" || data.encoding !== "base64")
        return { error: `${file} at ${ref.slice(0, 7)} is not a file GitHub returns the content of` };
      text2 = Buffer.from(data.content, "base64").toString("utf8");
    } catch (error) {
      if (statusOf(error) === 404) continue;
      return { error: `GitHub would not return ${file} at ${ref.slice(0, 7)} (${failure2(error)})` };
    }
    try {
      return { entries: parseConfig(text2, file).accept ?? [], file };
    } catch (error) {
      return {
        error: `${file} at ${ref.slice(0, 7)} is not a config bench-action reads: ${firstLine2(error)}`
      };
    }
  }
  return { error: `there is no ${names.join(" or ")} at ${ref.slice(0, 7)}` };
}
async function containsFromApi(octokit, repo, commit, ancestor) {
  try {
    const { data } = await octokit.request("GET /repos/{owner}/{repo}/compare/{basehead}", {
      ...repo,
      basehead: `${ancestor}...${commit}`,
      per_page: 1
    });
    if (data.status === "identical" || data.status === "ahead") return true;
    if (data.status === "behind" || data.status === "diverged") return false;
    return void 0;
  } catch {
    return void 0;
  }
}
function firstLine2(error) {
  return String(error?.message ?? error).split("\n")[0];
}
function failure2(error) {
  return `${statusOf(error) ?? "an error"}: ${firstLine2(error)}`;
}

// src/github/merge-base.ts
async function mergeBaseFromApi(octokit, ref, base, head) {
  const { data } = await octokit.request("GET /repos/{owner}/{repo}/compare/{basehead}", {
    ...ref,
    basehead: `${base}...${head}`,
    per_page: 1
  });
  const sha = data.merge_base_commit?.sha;
  return isObjectId(sha) ? sha : void 0;
}

// src/github/comment.ts
var ACTIONS_BOT = "github-actions[bot]";
function firstLine3(body) {
  return (body ?? "").split(/\r?\n/, 1)[0].trim();
}
async function commenterLogin(octokit) {
  try {
    const { data } = await octokit.request("GET /user");
    return data.login;
  } catch (error) {
    const status = statusOf(error);
    if (status === 403 || status === 401 || status === 404) return ACTIONS_BOT;
    throw error;
  }
}
async function findStickyComment(octokit, ref, marker, login) {
  const comments = await octokit.paginate("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
    owner: ref.owner,
    repo: ref.repo,
    issue_number: ref.issueNumber,
    per_page: 100
  });
  const ours = comments.filter((c) => c.user?.login === login && firstLine3(c.body) === marker);
  const age = (c) => Date.parse(c.created_at ?? "") || 0;
  return ours.reduce(
    (oldest, c) => oldest === void 0 || age(c) < age(oldest) || age(c) === age(oldest) && c.id < oldest.id ? c : oldest,
    void 0
  );
}
async function upsertStickyComment(octokit, options) {
  if (firstLine3(options.body) !== options.marker)
    throw new Error("the comment body does not start with its marker");
  const ref = { owner: options.owner, repo: options.repo };
  const login = await commenterLogin(octokit);
  const existing = await findStickyComment(octokit, options, options.marker, login);
  if (existing) {
    if ((existing.body ?? "").trimEnd() === options.body.trimEnd()) {
      return { action: "unchanged", id: existing.id, url: existing.html_url };
    }
    const { data: data2 } = await octokit.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
      ...ref,
      comment_id: existing.id,
      body: options.body
    });
    return { action: "updated", id: Number(data2.id), url: data2.html_url };
  }
  if (options.updateOnly)
    return { action: "skipped", reason: "no earlier comment to update, and nothing to report" };
  const { data } = await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
    ...ref,
    issue_number: options.issueNumber,
    body: options.body
  });
  return { action: "created", id: Number(data.id), url: data.html_url };
}

// src/github/deferred.ts
var DEFERRED_SCHEMA = "bench-action/deferred-comparison";
var DEFERRED_VERSION = 1;
var DEFERRED_FILE = "comparison.json";
var DEFERRED_MAX_BYTES = 16 * 1024 * 1024;
var DeferredCommentError = class extends UserError {
  name = "DeferredCommentError";
};
var text = (max) => external_exports.string().max(max);
var sampleIndex = external_exports.number().int().nonnegative().max(1e7);
var acceptanceSchema = external_exports.object({
  rules: external_exports.array(
    external_exports.object({
      benchmark: text(1e3).min(1),
      metric: text(1e3).min(1).optional(),
      reason: text(ACCEPT_REASON_MAX),
      by: text(100).min(1).optional(),
      source: external_exports.enum(ACCEPT_SOURCES),
      until: text(64).optional()
    }).strict()
  ).max(200),
  notes: external_exports.array(text(2e3)).max(200)
}).strict();
var baselineFields = {
  baseline: external_exports.object({ results: resultSetSchema, source: text(1e3), reason: text(1e3) }).strict().optional(),
  noBaselineReason: text(2e3).optional(),
  baselineWarnings: external_exports.array(text(2e3)).max(50),
  history: external_exports.object({ branch: text(255).optional(), results: external_exports.array(resultSetSchema).max(50) }).strict().optional(),
  accept: acceptanceSchema.optional()
};
var deferredSchema = external_exports.object({
  schema: external_exports.literal(DEFERRED_SCHEMA),
  version: external_exports.literal(DEFERRED_VERSION),
  owner: text(100),
  repo: text(100),
  issueNumber: external_exports.number().int().positive().max(2 ** 31),
  headSha: external_exports.string().regex(OBJECT_ID, "a full commit sha"),
  /** The comment input: on-regression updates an earlier comment but starts none on a pass. */
  mode: external_exports.enum(["always", "on-regression"]),
  head: resultSetSchema,
  ...baselineFields,
  filtered: external_exports.boolean(),
  /** Instruction counts compared with a stored run while timed benchmarks were measured against the base. */
  exact: external_exports.object(baselineFields).strict().optional(),
  pairs: external_exports.record(text(1e3), external_exports.array(external_exports.tuple([sampleIndex, sampleIndex])).max(1e6)).optional(),
  acrossMoments: external_exports.boolean().optional()
}).strict();
function deferredComparison(fields) {
  const o = fields.options;
  const withBaseline = (b) => ({
    ...b.baseline ? { baseline: { results: b.baseline.results, source: b.baseline.source, reason: b.baseline.reason } } : {},
    ...b.noBaselineReason !== void 0 ? { noBaselineReason: b.noBaselineReason } : {},
    baselineWarnings: b.baselineWarnings ?? [],
    ...b.history ? { history: b.history } : {},
    ...b.accept ? { accept: { rules: b.accept.rules, notes: b.accept.notes } } : {}
  });
  return {
    schema: DEFERRED_SCHEMA,
    version: DEFERRED_VERSION,
    owner: fields.owner,
    repo: fields.repo,
    issueNumber: fields.issueNumber,
    headSha: fields.headSha,
    mode: fields.mode,
    head: fields.head,
    ...withBaseline(o),
    filtered: o.filtered ?? false,
    ...o.pairs ? { pairs: o.pairs } : {},
    ...o.acrossMoments !== void 0 ? { acrossMoments: o.acrossMoments } : {},
    ...o.exact ? { exact: withBaseline(o.exact) } : {}
  };
}
function sampleCounts(results, id) {
  const b = results?.benchmarks.find((x) => x.id === id);
  if (!b) return 0;
  return Math.min(
    ...Object.values(b.metrics).filter((m) => m.samples !== void 0).map((m) => m.samples.length)
  );
}
function parseDeferredComparison(text2, source) {
  if (Buffer.byteLength(text2) > DEFERRED_MAX_BYTES)
    throw new DeferredCommentError(`${source} is larger than ${DEFERRED_MAX_BYTES} bytes`);
  let data;
  try {
    data = JSON.parse(text2);
  } catch {
    throw new DeferredCommentError(`${source} is not JSON`);
  }
  const parsed = deferredSchema.safeParse(data);
  if (!parsed.success)
    throw new DeferredCommentError(`${source} is not a bench-action comparison: ${firstIssue(parsed.error)}`);
  const d = parsed.data;
  const suites = /* @__PURE__ */ new Set([
    d.head.suite,
    ...[d, ...d.exact ? [d.exact] : []].flatMap((b) => [
      ...b.baseline ? [b.baseline.results.suite] : [],
      ...b.history?.results.map((r) => r.suite) ?? []
    ])
  ]);
  if (suites.size !== 1)
    throw new DeferredCommentError(`${source} mixes the suites ${[...suites].join(", ")}`);
  for (const [id, pairs] of Object.entries(d.pairs ?? {})) {
    const base = sampleCounts(d.baseline?.results, id);
    const head = sampleCounts(d.head, id);
    if (pairs.some(([b, h]) => b >= base || h >= head))
      throw new DeferredCommentError(
        `${source}: the pairs of ${JSON.stringify(id)} name samples that do not exist`
      );
  }
  return d;
}
function compareDeferred(d, trusted = {}) {
  const accept = trusted.accept;
  const exactAccept = d.exact ? trusted.exact : void 0;
  return compareResults(d.head, {
    ...d.baseline ? { baseline: d.baseline } : {},
    ...d.noBaselineReason !== void 0 ? { noBaselineReason: d.noBaselineReason } : {},
    baselineWarnings: d.baselineWarnings,
    ...d.history ? { history: d.history } : {},
    filtered: d.filtered,
    ...d.pairs ? { pairs: d.pairs } : {},
    ...d.acrossMoments !== void 0 ? { acrossMoments: d.acrossMoments } : {},
    ...accept ? { accept } : {},
    ...d.exact ? {
      exact: {
        ...d.exact.baseline ? { baseline: d.exact.baseline } : {},
        ...d.exact.noBaselineReason !== void 0 ? { noBaselineReason: d.exact.noBaselineReason } : {},
        baselineWarnings: d.exact.baselineWarnings,
        ...d.exact.history ? { history: d.exact.history } : {},
        ...exactAccept ? { accept: exactAccept } : {}
      }
    } : {}
  });
}

// src/github/zip.ts
import { inflateRawSync } from "node:zlib";
var ZipFormatError = class extends UserError {
  name = "ZipFormatError";
};
var MAX_ENTRY_BYTES = 16 * 1024 * 1024;
var END_OF_CENTRAL_DIRECTORY = 101010256;
var ZIP64_END_LOCATOR = 117853008;
var CENTRAL_ENTRY = 33639248;
var LOCAL_HEADER = 67324752;
var END_SIZE = 22;
var CENTRAL_SIZE = 46;
var LOCAL_SIZE = 30;
var ZIP64_MARK = 4294967295;
function readZipEntry(zip, name, options = {}) {
  const maxBytes = options.maxBytes ?? MAX_ENTRY_BYTES;
  const source = options.source ?? "the zip archive";
  const bad = (problem) => new ZipFormatError(`${source} is not a zip archive we can read: ${problem}`);
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const archive = { buf, u16: (at) => buf.readUInt16LE(at), u32: (at) => buf.readUInt32LE(at), bad };
  const directory = centralDirectory(archive);
  const found = findEntry(archive, directory, name);
  if (!found) return void 0;
  const { u16, u32 } = archive;
  const entry = found.at;
  const flags = u16(entry + 8);
  const method = u16(entry + 10);
  const crc = u32(entry + 16);
  const compressedSize = u32(entry + 20);
  const size = u32(entry + 24);
  const localAt = u32(entry + 42);
  if (flags & 1) throw bad(`${name} is encrypted`);
  if (method !== 0 && method !== 8)
    throw bad(`${name} uses compression method ${method}; only stored (0) and deflated (8) are read`);
  if (compressedSize === ZIP64_MARK || size === ZIP64_MARK || localAt === ZIP64_MARK)
    throw bad(`${name} has zip64 sizes`);
  if (size > maxBytes)
    throw new ZipFormatError(`${source}: ${name} is ${size} bytes, more than the ${maxBytes} read`);
  if (method === 0 && compressedSize !== size)
    throw bad(`${name} is stored, but its sizes differ (${compressedSize} and ${size} bytes)`);
  const data = localData(archive, directory, found, name, compressedSize);
  const bytes = method === 0 ? Buffer.from(data) : inflateEntry(archive, data, name, size);
  if (bytes.length !== size)
    throw bad(`${name} inflates to ${bytes.length} bytes, not the ${size} its header declares`);
  if (crc32(bytes) !== crc) throw bad(`${name} fails its CRC-32 check`);
  return bytes;
}
function centralDirectory({ buf, u16, u32, bad }) {
  if (buf.length < END_SIZE) throw bad(`it is ${buf.length} bytes, shorter than a zip's end record`);
  let end = -1;
  for (let at = buf.length - END_SIZE; at >= Math.max(0, buf.length - END_SIZE - 65535); at--) {
    if (u32(at) === END_OF_CENTRAL_DIRECTORY && at + END_SIZE + u16(at + 20) <= buf.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw bad("no end of central directory record (truncated, or not a zip)");
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0 || u16(end + 8) !== u16(end + 10))
    throw bad("it is split across several disks");
  const entries = u16(end + 10);
  const directorySize = u32(end + 12);
  const directoryAt = u32(end + 16);
  if (entries === 65535 || directorySize === ZIP64_MARK || directoryAt === ZIP64_MARK || end >= 20 && u32(end - 20) === ZIP64_END_LOCATOR)
    throw bad("it is a zip64 archive");
  const directoryEnd = directoryAt + directorySize;
  if (directoryEnd > end)
    throw bad(
      `its central directory (${directorySize} bytes at offset ${directoryAt}) runs past the end record at offset ${end}`
    );
  return { entries, at: directoryAt, end: directoryEnd };
}
function findEntry({ buf, u16, u32, bad }, directory, name) {
  const { entries, end: directoryEnd } = directory;
  let found;
  let at = directory.at;
  for (let i = 0; i < entries; i++) {
    if (at + CENTRAL_SIZE > directoryEnd)
      throw bad(`entry ${i + 1} of ${entries} runs past the central directory`);
    if (u32(at) !== CENTRAL_ENTRY)
      throw bad(`entry ${i + 1} of ${entries} has no central directory signature`);
    const next = at + CENTRAL_SIZE + u16(at + 28) + u16(at + 30) + u16(at + 32);
    if (next > directoryEnd) throw bad(`entry ${i + 1} of ${entries} runs past the central directory`);
    const nameAt = at + CENTRAL_SIZE;
    if (entryName(buf, u16(at + 8), nameAt, u16(at + 28)) === name) {
      if (found) throw bad(`it holds ${name} twice (entries ${found.index} and ${i + 1})`);
      found = { at, index: i + 1, nameAt };
    }
    at = next;
  }
  return found;
}
function localData({ buf, u16, u32, bad }, directory, found, name, compressedSize) {
  const directoryAt = directory.at;
  const localAt = u32(found.at + 42);
  if (localAt + LOCAL_SIZE > directoryAt)
    throw bad(`the local header of ${name} (offset ${localAt}) lies past the start of the central directory`);
  if (u32(localAt) !== LOCAL_HEADER)
    throw bad(`the local header of ${name} (offset ${localAt}) has no signature`);
  const nameLength = u16(found.at + 28);
  const dataAt = localAt + LOCAL_SIZE + u16(localAt + 26) + u16(localAt + 28);
  if (dataAt > directoryAt) throw bad(`the local header of ${name} runs into the central directory`);
  if (u16(localAt + 26) !== nameLength || buf.compare(
    buf,
    found.nameAt,
    found.nameAt + nameLength,
    localAt + LOCAL_SIZE,
    localAt + LOCAL_SIZE + nameLength
  ) !== 0)
    throw bad(`the local header of ${name} names another file`);
  if (dataAt + compressedSize > directoryAt)
    throw bad(`the ${compressedSize} bytes of ${name} at offset ${dataAt} run into the central directory`);
  return buf.subarray(dataAt, dataAt + compressedSize);
}
function inflateEntry({ bad }, data, name, size) {
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(size, 1) });
  } catch (error) {
    if (error.code === "ERR_BUFFER_TOO_LARGE")
      throw bad(`${name} inflates to more than the ${size} bytes its header declares`);
    throw bad(`${name} is not valid deflate data (${error.message})`);
  }
}
function entryName(buf, flags, at, length) {
  return buf.toString(flags & 2048 ? "utf8" : "latin1", at, at + length);
}
var crcTable;
function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 3988292384 ^ c >>> 1 : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 4294967295;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 255] ^ crc >>> 8;
  return (crc ^ 4294967295) >>> 0;
}

// src/github/publish.ts
var COMMENT_MODES = ["always", "on-regression", "never"];
var COMMENT_ARTIFACT_PREFIX = "bench-action-comment-";
async function publishComment(o) {
  if (o.mode === "never") return { status: "skipped", reason: "comment: never" };
  const issueNumber = pullRequestNumber(o.context);
  if (issueNumber === void 0) {
    return { status: "skipped", reason: `a ${o.context.eventName} event has no pull request to comment on` };
  }
  const target = { owner: o.context.owner, repo: o.context.repo, issueNumber };
  const { marker, body, updateOnly } = commentFor(o.comparison, o.mode, {
    now: o.now,
    version: o.version,
    fullReportUrl: runUrl(o.context)
  });
  try {
    const outcome = await upsertStickyComment(o.octokit, { ...target, marker, body, updateOnly, log: o.log });
    if (outcome.action === "skipped") return { status: "skipped", reason: outcome.reason };
    o.log(`comment ${outcome.action}: ${outcome.url}`);
    return { status: outcome.action, url: outcome.url };
  } catch (error) {
    const status = statusOf(error);
    const answer = `GitHub answered ${status ?? "with an error"}: ${firstLine4(error)}`;
    if (status !== 403 && status !== 404) {
      o.warn(`could not post the benchmark comment on #${issueNumber}: ${answer}`);
      return { status: "not-posted", reason: answer };
    }
    const artifact = `${COMMENT_ARTIFACT_PREFIX}${o.comparison.suite}`;
    o.warn(
      `cannot comment on pull request #${issueNumber} (${answer}). The token needs "pull-requests: write" (or "issues: write"); a pull request from a fork always gets a read-only token. The comment is saved as the artifact ${artifact}, for a workflow_run workflow with "mode: post" to post (see examples/workflows/ in bench-action).`
    );
    const headSha = o.context.event.pull_request?.head?.sha;
    if (typeof headSha !== "string") {
      o.warn("the pull_request event names no head commit: the comparison is not saved for later");
      return { status: "not-posted", reason: answer };
    }
    const deferred = deferredComparison({
      ...target,
      headSha,
      mode: o.mode,
      head: o.results,
      options: o.compareOptions
    });
    try {
      await o.uploadArtifact(artifact, { [DEFERRED_FILE]: `${JSON.stringify(deferred)}
` });
    } catch (uploadError) {
      o.warn(`could not save the comparison as an artifact either: ${firstLine4(uploadError)}`);
      return { status: "not-posted", reason: answer };
    }
    return { status: "deferred", artifact, reason: answer };
  }
}
async function trustedAcceptance(o, d, pull) {
  const repo = { owner: o.context.owner, repo: o.context.repo };
  const where = {
    ...o.workingDirectory !== void 0 ? { workingDirectory: o.workingDirectory } : {},
    ...o.config !== void 0 ? { config: o.config } : {}
  };
  const head = await acceptEntriesAt(o.octokit, repo, d.headSha, where);
  const notes = [];
  let entries = [];
  if ("error" in head) {
    if (!/^there is no /.test(head.error))
      notes.push(`bench.yml's accept: entries were not read, so none counts: ${head.error}`);
  } else entries = head.entries;
  let added = [];
  if (entries.length > 0) {
    const base = await acceptEntriesAt(o.octokit, repo, pull.base.sha, where);
    added = addedEntries(entries, "error" in base ? [] : base.entries);
  }
  const side = async (baseline) => {
    if (entries.length === 0 && notes.length === 0 && added.length === 0) return void 0;
    const resolved = await resolveAcceptance(entries, {
      now: o.now ?? /* @__PURE__ */ new Date(),
      ...baseline ? { baseline: { sha: baseline.results.commit.sha } } : {},
      contains: (commit, ancestor) => containsFromApi(o.octokit, repo, commit, ancestor)
    });
    return { ...resolved, notes: [...notes, ...resolved.notes], ...added.length > 0 ? { added } : {} };
  };
  let accept = await side(d.baseline);
  let exact = d.exact ? await side(d.exact.baseline) : void 0;
  const label = o.acceptLabel;
  if (label !== void 0 && pull.labels.some((l) => l.name?.toLowerCase() === label.toLowerCase())) {
    const decision = await labelForHead(
      { octokit: o.octokit, context: o.context, label, acceptBy: o.acceptBy ?? [], log: o.log, warn: o.warn },
      d.issueNumber,
      d.headSha
    );
    accept = withLabel(accept, decision);
    exact = d.exact ? withLabel(exact, decision) : void 0;
  }
  return { ...accept ? { accept } : {}, ...exact ? { exact } : {} };
}
function firstLine4(error) {
  return String(error?.message ?? error).split("\n")[0];
}
function commentFor(comparison, mode, options) {
  return {
    marker: markerFor(comparison.suite),
    body: renderMarkdown(comparison, { ...options, maxLength: COMMENT_LIMIT }),
    // on-regression: say nothing on a passing run, but never leave an earlier red verdict standing.
    updateOnly: mode === "on-regression" && comparison.verdict === "pass"
  };
}
async function postDeferredComments(o) {
  const run = o.context.event.workflow_run;
  if (!run || !Number.isSafeInteger(run.id)) {
    throw new DeferredCommentError(
      `mode: post runs in a workflow triggered by workflow_run; this is a ${o.context.eventName} event`
    );
  }
  const repo = { owner: o.context.owner, repo: o.context.repo };
  const artifacts = await o.octokit.paginate("GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts", {
    ...repo,
    run_id: run.id,
    per_page: 100
  });
  const ours = artifacts.filter((a) => a.name.startsWith(COMMENT_ARTIFACT_PREFIX) && !a.expired);
  if (ours.length === 0) {
    o.log(`run ${run.id} left no comment to post (it posted itself, or measured no pull request)`);
    return [];
  }
  const outcomes = [];
  const suites = /* @__PURE__ */ new Set();
  const measuredRun = runUrl({ ...o.context, runId: String(run.id) });
  for (const artifact of ours) {
    const deferred = await readDeferred(o, { id: run.id, head_sha: run.head_sha }, artifact, suites);
    const { data: pull } = await o.octokit.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
      ...repo,
      pull_number: deferred.issueNumber
    });
    if (pull.head.sha !== run.head_sha) {
      throw new DeferredCommentError(
        `pull request #${deferred.issueNumber} is at ${pull.head.sha.slice(0, 7)}, but run ${run.id} measured ${String(run.head_sha).slice(0, 7)}`
      );
    }
    const comparison = compareDeferred(deferred, await trustedAcceptance(o, deferred, pull));
    const comment2 = {
      ...commentFor(comparison, deferred.mode, {
        now: o.now,
        version: o.version,
        fullReportUrl: measuredRun
      }),
      issueNumber: deferred.issueNumber
    };
    outcomes.push(await postComment(o, comment2));
  }
  return outcomes;
}
async function readDeferred(o, run, artifact, suites) {
  const repo = { owner: o.context.owner, repo: o.context.repo };
  const size = Number(artifact.size_in_bytes ?? 0);
  if (size > DEFERRED_MAX_BYTES)
    throw new DeferredCommentError(
      `the artifact ${artifact.name} is ${size} bytes, more than a comparison can be`
    );
  const { data } = await o.octokit.request(
    "GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}",
    {
      ...repo,
      artifact_id: artifact.id,
      archive_format: "zip"
    }
  );
  const text2 = readZipEntry(new Uint8Array(data), DEFERRED_FILE, {
    maxBytes: DEFERRED_MAX_BYTES,
    source: `the artifact ${artifact.name}`
  });
  if (text2 === void 0)
    throw new DeferredCommentError(`the artifact ${artifact.name} has no ${DEFERRED_FILE}`);
  const deferred = parseDeferredComparison(text2.toString("utf8"), `${DEFERRED_FILE} of ${artifact.name}`);
  if (deferred.owner !== repo.owner || deferred.repo !== repo.repo) {
    throw new DeferredCommentError(`the artifact ${artifact.name} is for another repository, not this one`);
  }
  if (deferred.headSha !== run.head_sha) {
    throw new DeferredCommentError(
      `the artifact ${artifact.name} is for commit ${deferred.headSha.slice(0, 7)}, but run ${run.id} measured ${String(run.head_sha).slice(0, 7)}`
    );
  }
  if (`${COMMENT_ARTIFACT_PREFIX}${deferred.head.suite}` !== artifact.name || suites.has(deferred.head.suite)) {
    throw new DeferredCommentError(
      `the artifact ${artifact.name} does not hold the comparison its name promises`
    );
  }
  suites.add(deferred.head.suite);
  return deferred;
}
async function postComment(o, comment2) {
  const repo = { owner: o.context.owner, repo: o.context.repo };
  try {
    const outcome = await upsertStickyComment(o.octokit, { ...comment2, ...repo, log: o.log });
    if (outcome.action === "skipped") return { status: "skipped", reason: outcome.reason };
    o.log(`comment ${outcome.action}: ${outcome.url}`);
    return { status: outcome.action, url: outcome.url };
  } catch (error) {
    const answer = `GitHub answered ${statusOf(error) ?? "with an error"}: ${firstLine4(error)}`;
    o.warn(`could not post the benchmark comment on #${comment2.issueNumber}: ${answer}`);
    return { status: "not-posted", reason: answer };
  }
}

// src/action/env.ts
import { mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path2 from "node:path";
var HANDOVER_VARIABLE = "BENCH_ACTION_HANDOVER";
function leaveStartEnvironment(env = process.env) {
  const handover = env[HANDOVER_VARIABLE];
  if (handover !== void 0) {
    takeBack(handover, env);
    return void 0;
  }
  const held = Object.entries(env).filter(
    (entry) => entry[1] !== void 0 && isActionVariable(entry[0])
  );
  if (held.length === 0) return void 0;
  const execve = process.execve;
  if (typeof execve !== "function" || process.platform === "win32")
    return stayed(`this Node, ${process.version} on ${process.platform}, has no process.execve`);
  let dir;
  try {
    dir = mkdtempSync(path2.join(env.RUNNER_TEMP || os.tmpdir(), "bench-action-env-"));
    const file = path2.join(dir, "variables.json");
    writeFileSync(file, JSON.stringify(Object.fromEntries(held)), { mode: 384, flag: "wx" });
    const clean = { [HANDOVER_VARIABLE]: file };
    for (const [name, value] of Object.entries(env))
      if (value !== void 0 && !isActionVariable(name)) clean[name] = value;
    execve.call(
      process,
      process.execPath,
      [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
      clean
    );
  } catch (error) {
    if (dir !== void 0) rmSync(dir, { recursive: true, force: true });
    return stayed(error.message);
  }
  return void 0;
}
function stayed(why) {
  return `bench-action could not start again without its tokens in its environment (${why}), so a benchmark can read them there`;
}
function takeBack(file, env) {
  delete env[HANDOVER_VARIABLE];
  let text2;
  try {
    text2 = readFileSync(file, "utf8");
  } finally {
    rmSync(file, { force: true });
    try {
      rmdirSync(path2.dirname(file));
    } catch {
    }
  }
  for (const [name, value] of Object.entries(JSON.parse(text2))) {
    if (isActionVariable(name) && typeof value === "string") env[name] = value;
  }
}

// src/action/inputs.ts
var INPUT = {
  config: "config",
  filter: "filter",
  baseline: "baseline",
  storeDir: "store-dir",
  save: "save",
  json: "json",
  markdown: "markdown",
  html: "html",
  exportJson: "export-json",
  exportMarkdown: "export-markdown",
  exportCsv: "export-csv",
  exportCsvRaw: "export-csv-raw",
  installTools: "install-tools",
  zigVersion: "zig-version",
  baselineStore: "baseline-store",
  baselineBranch: "baseline-branch",
  saveOn: "save-on",
  retain: "retain",
  requireBaseline: "require-baseline",
  githubToken: "github-token",
  comment: "comment",
  acceptLabel: "accept-label",
  acceptBy: "accept-by",
  mode: "mode",
  shard: "shard",
  history: "history",
  workingDirectory: "working-directory"
};
var OUTPUT = {
  verdict: "verdict",
  regressions: "regressions",
  resultsPath: "results-path",
  reportPath: "report-path",
  htmlPath: "html-path",
  reportArtifact: "report-artifact",
  commentArtifact: "comment-artifact",
  historyPath: "history-path",
  historyArtifact: "history-artifact",
  shardArtifact: "shard-artifact"
};
function inputVariable(name) {
  return `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;
}

// src/github/results-service.ts
var SERVICE = "github.actions.results.api.v1.ArtifactService";
var ResultsServiceError = class extends UserError {
  constructor(message, status, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
  status;
  code;
  name = "ResultsServiceError";
};
function resultsService(env) {
  const token = env.ACTIONS_RUNTIME_TOKEN;
  const url = env.ACTIONS_RESULTS_URL;
  if (!token || !url)
    throw new ResultsServiceError(
      "the Actions results service, which keeps the artifacts of a workflow run, is not available: ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL are not set (they are set for an action that runs in a GitHub Actions job)"
    );
  let origin;
  try {
    origin = new URL(url).origin;
  } catch {
    throw new ResultsServiceError(`ACTIONS_RESULTS_URL is not a URL: ${JSON.stringify(url)}`);
  }
  return { origin, token, ...backendIds(token) };
}
function backendIds(token) {
  const bad = (problem) => new ResultsServiceError(`ACTIONS_RUNTIME_TOKEN is not a runtime token bench-action can read: ${problem}`);
  let claims;
  try {
    claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
  } catch {
    throw bad("its claims are not JSON");
  }
  const scp = claims?.scp;
  if (typeof scp !== "string") throw bad("it has no scp claim");
  for (const scope of scp.split(" ")) {
    const parts = scope.split(":");
    if (parts[0] !== "Actions.Results") continue;
    if (parts.length !== 3 || !parts[1] || !parts[2])
      throw bad("its Actions.Results scope does not name a run and a job");
    return { runBackendId: parts[1], jobBackendId: parts[2] };
  }
  throw bad("it has no Actions.Results scope");
}
var RETRIED = /* @__PURE__ */ new Set([429, 500, 502, 503, 504]);
var ATTEMPTS = 3;
function httpClient(auth) {
  return new HttpClient(`bench-action/${VERSION}`, auth ? [new BearerCredentialHandler(auth)] : [], {
    socketTimeout: 6e4
  });
}
async function callArtifactService(service, method, message) {
  const url = `${service.origin}/twirp/${SERVICE}/${method}`;
  const client = httpClient(service.token);
  const sleep = service.sleep ?? ((attempt) => new Promise((r) => setTimeout(r, 1e3 * attempt)));
  for (let attempt = 1; ; attempt++) {
    let failure3;
    try {
      const response = await client.post(url, JSON.stringify(message), { "content-type": "application/json" });
      const status = response.message.statusCode ?? 0;
      const text2 = await response.readBody();
      const body = parseBody(text2);
      if (status >= 200 && status < 300 && body) return body;
      const code = typeof body?.code === "string" ? body.code : void 0;
      const msg = typeof body?.msg === "string" ? `: ${body.msg}` : "";
      failure3 = new ResultsServiceError(
        status >= 200 && status < 300 ? `the Actions results service answered ${method} with something other than a JSON object` : `the Actions results service answered ${method} with ${status}${code ? ` ${code}` : ""}${msg}`,
        status,
        code
      );
      if (!RETRIED.has(status)) throw failure3;
    } catch (error) {
      if (error instanceof ResultsServiceError && !RETRIED.has(error.status ?? 0)) throw error;
      failure3 = error instanceof ResultsServiceError ? error : new ResultsServiceError(
        `the Actions results service could not be reached for ${method}: ${error?.message ?? error}`
      );
    }
    if (attempt >= ATTEMPTS) throw failure3;
    await sleep(attempt);
  }
}
function parseBody(text2) {
  try {
    const body = JSON.parse(text2);
    return body !== null && typeof body === "object" && !Array.isArray(body) ? body : void 0;
  } catch {
    return void 0;
  }
}

// src/github/artifact-download.ts
var ArtifactReadError = class extends UserError {
  name = "ArtifactReadError";
};
var MAX_ARTIFACT_ZIP_BYTES = 64 * 1024 * 1024;
async function listRunArtifacts(service) {
  const answer = await callArtifactService(service, "ListArtifacts", {
    workflow_run_backend_id: service.runBackendId,
    workflow_job_run_backend_id: service.jobBackendId
  }).catch((error) => {
    throw new ArtifactReadError(`could not list the artifacts of this workflow run: ${messageOf(error)}`);
  });
  const listed = Array.isArray(answer.artifacts) ? answer.artifacts : [];
  const newest = /* @__PURE__ */ new Map();
  for (const entry of listed) {
    const artifact = runArtifact(entry);
    if (!artifact)
      throw new ArtifactReadError("the Actions results service listed an artifact without its name or id");
    const seen = newest.get(artifact.name);
    if (!seen || artifact.id > seen.id) newest.set(artifact.name, artifact);
  }
  return [...newest.values()];
}
function runArtifact(entry) {
  const e = entry;
  const id = Number(e?.database_id);
  if (typeof e?.name !== "string" || e.name === "" || !Number.isSafeInteger(id)) return void 0;
  return {
    name: e.name,
    id,
    size: Number(e.size ?? 0),
    runBackendId: String(e.workflow_run_backend_id ?? ""),
    jobBackendId: String(e.workflow_job_run_backend_id ?? "")
  };
}
async function readArtifactFile(service, artifact, file, options = {}) {
  const maxZipBytes = options.maxZipBytes ?? MAX_ARTIFACT_ZIP_BYTES;
  const what = `the artifact ${artifact.name}`;
  if (artifact.size > maxZipBytes)
    throw new ArtifactReadError(`${what} is ${artifact.size} bytes, more than the ${maxZipBytes} read`);
  const url = await signedUrl(service, artifact);
  const zip = await fetchCapped(url, what, maxZipBytes);
  return readZipEntry(zip, file, {
    source: what,
    ...options.maxBytes ? { maxBytes: options.maxBytes } : {}
  });
}
async function signedUrl(service, artifact) {
  const what = `the artifact ${artifact.name}`;
  let answer;
  try {
    answer = await callArtifactService(service, "GetSignedArtifactURL", {
      workflow_run_backend_id: artifact.runBackendId,
      workflow_job_run_backend_id: artifact.jobBackendId,
      name: artifact.name
    });
  } catch (error) {
    if (error instanceof ResultsServiceError && (error.status === 404 || error.code === "not_found"))
      throw new ArtifactReadError(`${what} is not in this workflow run any more (expired or deleted)`);
    throw new ArtifactReadError(`could not get a download link for ${what}: ${messageOf(error)}`);
  }
  if (typeof answer.signed_url !== "string" || !/^https?:\/\//.test(answer.signed_url))
    throw new ArtifactReadError(`the Actions results service gave no download link for ${what}`);
  return answer.signed_url;
}
async function fetchCapped(url, what, maxBytes) {
  let response;
  try {
    response = await httpClient().get(url);
  } catch (error) {
    throw new ArtifactReadError(`could not download ${what}: ${messageOf(error)}`);
  }
  const status = response.message.statusCode ?? 0;
  if (status !== 200) {
    response.message.resume();
    const why = status === 404 ? " (it expired or was deleted)" : status === 403 ? " (its download link was refused: expired, or not for this job)" : "";
    throw new ArtifactReadError(`could not download ${what}: storage answered ${status}${why}`);
  }
  const declared = Number(response.message.headers["content-length"] ?? Number.NaN);
  const tooBig = () => new ArtifactReadError(`${what} is more than the ${maxBytes} bytes read`);
  if (declared > maxBytes) {
    response.message.destroy();
    throw tooBig();
  }
  const chunks = [];
  let length = 0;
  try {
    for await (const chunk of response.message) {
      length += chunk.length;
      if (length > maxBytes) {
        response.message.destroy();
        throw tooBig();
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ArtifactReadError) throw error;
    throw new ArtifactReadError(`the download of ${what} broke off: ${messageOf(error)}`);
  }
  return Buffer.concat(chunks, length);
}
function messageOf(error) {
  return String(error?.message ?? error);
}

// src/action/shards.ts
var SHARD_ARTIFACT_PREFIX = "bench-action-shard-";
var SHARD_FILE = "shard.json";
var SHARD_MAX_BYTES = 32 * 1024 * 1024;
function shardArtifactName(suite, index, count) {
  return `${SHARD_ARTIFACT_PREFIX}${suite}-${index}-of-${count}`;
}
async function downloadShards(suite, env) {
  const prefix = `${SHARD_ARTIFACT_PREFIX}${suite}-`;
  const service = resultsService(env);
  const ours = (await listRunArtifacts(service)).filter((a) => a.name.startsWith(prefix) && /^\d+-of-\d+$/.test(a.name.slice(prefix.length))).sort((a, b) => a.name.localeCompare(b.name));
  if (ours.length === 0)
    throw new ShardError(
      `no shard artifacts (${prefix}I-of-N) in this workflow run: did the matrix jobs run with shard:?`
    );
  const shards = [];
  for (const artifact of ours) {
    const bytes = await readArtifactFile(service, artifact, SHARD_FILE, { maxBytes: SHARD_MAX_BYTES }).catch(
      (error) => {
        if (!isUserError(error)) throw error;
        throw new ShardError(`the shards could not be read: ${error.message}`);
      }
    );
    if (bytes === void 0) throw new ShardError(`the artifact ${artifact.name} has no ${SHARD_FILE}`);
    shards.push({ text: bytes.toString("utf8"), source: artifact.name });
  }
  logText(`shards: ${shards.map((s) => s.source).join(", ")}`);
  return shards;
}

// src/action/main.ts
var SAME_JOB = "same-job";
var AUTO = "auto";
var STORE = "store";
function optional(name) {
  const v = getInput(name);
  return v === "" ? void 0 : v;
}
function wholeNumber(name) {
  const value = optional(name);
  if (value === void 0) return void 0;
  if (!/^[1-9][0-9]*$/.test(value))
    throw new UsageError(`input "${name}" must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}
function booleanInput(name, unset) {
  if (optional(name) === void 0) return unset;
  try {
    return getBooleanInput(name);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new UsageError(
      `input "${name}" must be true or false (true, True, TRUE, false, False or FALSE), got ${JSON.stringify(optional(name))}`
    );
  }
}
function acceptLabelInput() {
  if (process.env[inputVariable(INPUT.acceptLabel)] === void 0) return DEFAULT_ACCEPT_LABEL;
  const label = getInput(INPUT.acceptLabel);
  if (label === "") return void 0;
  if (label.length > 50 || /[\u0000-\u001f\u007f]/.test(label))
    throw new UsageError(
      `input "${INPUT.acceptLabel}" must be a label name of at most 50 characters on one line, got ${JSON.stringify(label)}`
    );
  return label;
}
var LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}(?:\[bot\])?$/;
function acceptByInput() {
  const logins = (optional(INPUT.acceptBy) ?? "").split(/[\s,]+/).map((l) => l.replace(/^@/, "")).filter((l) => l !== "");
  const bad = logins.find((l) => !LOGIN.test(l));
  if (bad !== void 0)
    throw new UsageError(
      `input "${INPUT.acceptBy}" must list GitHub logins separated by commas or spaces, got ${JSON.stringify(bad)}`
    );
  return logins;
}
function oneOf(name, values, fallback) {
  const value = optional(name);
  if (value === void 0) return fallback;
  if (!values.includes(value)) {
    throw new UsageError(`input "${name}" must be one of ${values.join(", ")}, got ${JSON.stringify(value)}`);
  }
  return value;
}
function readInputs(env = process.env) {
  return {
    config: optional(INPUT.config),
    filter: optional(INPUT.filter),
    baseline: optional(INPUT.baseline),
    storeDir: optional(INPUT.storeDir) ?? ".bench",
    save: booleanInput(INPUT.save, true),
    installTools: booleanInput(INPUT.installTools, true),
    zigVersion: optional(INPUT.zigVersion),
    json: optional(INPUT.json),
    markdown: optional(INPUT.markdown),
    html: optional(INPUT.html),
    exports: {
      json: optional(INPUT.exportJson),
      markdown: optional(INPUT.exportMarkdown),
      csv: optional(INPUT.exportCsv),
      csvRaw: optional(INPUT.exportCsvRaw)
    },
    mode: oneOf(INPUT.mode, ["run", "post", "merge"], "run"),
    shard: optional(INPUT.shard) === void 0 ? void 0 : parseShard(optional(INPUT.shard)),
    comment: oneOf(INPUT.comment, COMMENT_MODES, "always"),
    githubToken: optional(INPUT.githubToken),
    baselineStore: oneOf(INPUT.baselineStore, STORE_KINDS, "cache"),
    baselineBranch: optional(INPUT.baselineBranch) ?? DEFAULT_DATA_BRANCH,
    saveOn: optional(INPUT.saveOn)?.split(",").map((b) => b.trim()).filter((b) => b !== ""),
    retain: wholeNumber(INPUT.retain),
    requireBaseline: booleanInput(INPUT.requireBaseline, false),
    acceptLabel: acceptLabelInput(),
    acceptBy: acceptByInput(),
    history: booleanInput(INPUT.history, false),
    workingDirectory: path3.resolve(
      env.GITHUB_WORKSPACE ?? process.cwd(),
      optional(INPUT.workingDirectory) ?? "."
    )
  };
}
async function startAction() {
  let unprotected;
  try {
    unprotected = leaveStartEnvironment();
  } catch (err) {
    setFailed(
      `bench-action could not take back its inputs after starting again without them in its environment: ${err?.message ?? err}`
    );
    return;
  }
  if (unprotected !== void 0) warning(unprotected);
  await runAction();
}
async function runAction(env = process.env) {
  let opened;
  try {
    const inputs = readInputs(env);
    const context = readGitHubContext(env, (file) => readFileSync2(file, "utf8"));
    const client = githubClient(inputs, env);
    if (inputs.mode === "post") return await postDeferred(inputs, context, client, env);
    const chosen = baselineStore(inputs, env, context);
    opened = chosen.store;
    const outcome = await measureOrMerge(inputs, env, context, client, chosen);
    await writeExports(outcome.results, inputs.exports, inputs.workingDirectory, (line) => logText(line));
    if (outcome.shardOutput && outcome.shardOutputPath)
      return await handOnShard(outcome, outcome.shardOutput.shard, outcome.shardOutputPath);
    await report(outcome, env);
    if (inputs.history) await keepHistory(inputs, outcome, chosen.store, env);
    await comment(inputs, context, client, outcome);
    failOnVerdict(inputs, outcome);
  } catch (err) {
    failWith(err);
  } finally {
    await opened?.close?.().catch(() => {
    });
  }
}
function githubClient(inputs, env) {
  return () => createGitHubClient({
    token: inputs.githubToken ?? "",
    baseUrl: env.GITHUB_API_URL,
    log: (l) => logText(l)
  });
}
async function postDeferred(inputs, context, client, env) {
  if (!context) throw new UsageError("mode: post runs inside GitHub Actions, in a workflow_run workflow");
  if (!inputs.githubToken) throw new UsageError("mode: post needs the github-token input");
  await postDeferredComments({
    octokit: client(),
    context,
    ...inputs.acceptLabel !== void 0 ? { acceptLabel: inputs.acceptLabel } : {},
    acceptBy: inputs.acceptBy,
    ...inputs.config !== void 0 ? { config: inputs.config } : {},
    workingDirectory: repositoryPath(inputs.workingDirectory, env),
    version: VERSION,
    log: (l) => logText(l),
    warn: (l) => warning(l)
  });
}
async function measureOrMerge(inputs, env, context, client, { store, save }) {
  const outDir = path3.join(env.RUNNER_TEMP || os2.tmpdir(), "bench-action");
  const common = {
    store,
    ...context && inputs.githubToken ? {
      mergeBaseFallback: (baseBranch, headSha) => mergeBaseFromApi(client(), { owner: context.owner, repo: context.repo }, baseBranch, headSha)
    } : {},
    cwd: inputs.workingDirectory,
    configPath: inputs.config,
    storeDir: inputs.storeDir,
    save,
    jsonPath: inputs.json ?? path3.join(outDir, "results.json"),
    markdownPath: inputs.markdown ?? path3.join(outDir, "report.md"),
    htmlPath: inputs.html ?? path3.join(outDir, "report.html"),
    env,
    log: (line) => logText(line),
    ...context && inputs.acceptLabel !== void 0 ? {
      acceptLabel: () => labelAcceptance({
        ...inputs.githubToken ? { octokit: client() } : {},
        context,
        label: inputs.acceptLabel,
        acceptBy: inputs.acceptBy,
        log: (line) => logText(line),
        warn: (line) => warning(line)
      })
    } : {},
    ...context && inputs.githubToken ? {
      containsFallback: (commit, ancestor) => containsFromApi(client(), { owner: context.owner, repo: context.repo }, commit, ancestor),
      baseAcceptEntries: () => baseAcceptEntries(inputs, env, context, client)
    } : {}
  };
  if (inputs.shard && inputs.mode === "merge")
    throw new UsageError(
      "shard and mode: merge go in different jobs: the matrix measures, the merge job joins"
    );
  if (inputs.mode === "merge")
    return runMerge({
      ...common,
      ...baselineOptions(inputs.baseline, false),
      shards: await downloadShards(
        (await loadConfig(await resolveConfigPath(inputs.workingDirectory, inputs.config))).suite,
        env
      )
    });
  return runPipeline({
    ...common,
    filter: inputs.filter,
    ...baselineOptions(inputs.baseline, true),
    ...inputs.shard ? { shard: inputs.shard, shardOutputPath: path3.join(outDir, "shard.json") } : {},
    installTools: inputs.installTools,
    zigVersion: inputs.zigVersion
  });
}
function repositoryPath(dir, env) {
  const relative = path3.relative(env.GITHUB_WORKSPACE ?? process.cwd(), dir);
  return relative === "" ? "." : relative.split(path3.sep).join("/");
}
async function baseAcceptEntries(inputs, env, context, client) {
  const base = context.event.pull_request?.base?.sha;
  if (!isObjectId(base)) return void 0;
  const found = await acceptEntriesAt(client(), { owner: context.owner, repo: context.repo }, base, {
    workingDirectory: repositoryPath(inputs.workingDirectory, env),
    ...inputs.config !== void 0 ? { config: inputs.config } : {}
  });
  if ("entries" in found) return found.entries;
  if (/^there is no /.test(found.error)) return [];
  logText(
    `the base's accept: entries were not read (${found.error}), so none is named as added by this pull request`
  );
  return void 0;
}
async function handOnShard(outcome, { index, count }, shardFile) {
  const name = shardArtifactName(outcome.config.suite, index, count);
  await uploadArtifact(name, { [SHARD_FILE]: await readFile(shardFile, "utf8") });
  setOutput(OUTPUT.shardArtifact, name);
  logText(renderTerminal(outcome.comparison, { color: false }));
  logText(`shard ${index}/${count} measured; the verdict is the merge job's (mode: merge)`);
}
async function report(outcome, env) {
  logText(renderTerminal(outcome.comparison, { color: false }));
  if (env.GITHUB_STEP_SUMMARY) await writeSummary(outcome);
  setOutput(OUTPUT.verdict, outcome.comparison.verdict);
  setOutput(OUTPUT.regressions, String(outcome.comparison.counts.regression));
  setOutput(OUTPUT.resultsPath, outcome.jsonPath ?? "");
  setOutput(OUTPUT.reportPath, outcome.markdownPath ?? "");
  setOutput(OUTPUT.htmlPath, outcome.htmlPath ?? "");
  if (outcome.htmlPath && env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL)
    await keepHtmlReport(outcome.comparison.suite, outcome.htmlPath);
}
async function writeSummary(outcome) {
  const summary2 = Buffer.byteLength(outcome.markdown) <= SUMMARY_LIMIT_BYTES ? outcome.markdown : renderMarkdown(outcome.comparison, {
    version: VERSION,
    maxLength: SUMMARY_LIMIT_BYTES,
    measure: (text2) => Buffer.byteLength(text2)
  });
  await summary.addRaw(summary2).write();
}
async function keepHtmlReport(suite, htmlPath) {
  const name = `bench-action-report-${suite}`;
  try {
    await uploadArtifact(name, { "report.html": await readFile(htmlPath, "utf8") });
    setOutput(OUTPUT.reportArtifact, name);
  } catch (error) {
    warning(`could not upload the HTML report as an artifact: ${error?.message ?? error}`);
  }
}
async function keepHistory(inputs, outcome, store, env) {
  if (!outcome.savedPath) {
    logText(
      "history: this run saved no results (runs are saved on pushes to the save-on branches), so the history is not read"
    );
    return;
  }
  if (inputs.baselineStore === "cache" && store) {
    warning(
      "history: true reads every stored run, which the Actions cache cannot list: use baseline-store: git (a data branch) for a history"
    );
    return;
  }
  const suite = outcome.config.suite;
  try {
    const source = store ?? new DirStore(path3.resolve(inputs.workingDirectory, inputs.storeDir));
    const histories = await readHistories({
      store: source,
      branch: outcome.results.commit.branch ?? NO_BRANCH,
      suites: [suite],
      countCommits: (previous, to) => commitsInRange(inputs.workingDirectory, previous, to),
      log: (line) => logText(line)
    });
    const siteUrl = outcome.config.trends;
    logText(renderHistoryTerminal(histories));
    if (env.GITHUB_STEP_SUMMARY)
      await summary.addRaw(renderHistoryMarkdown(histories, siteUrl ? { siteUrl } : {})).write();
    const outDir = path3.join(env.RUNNER_TEMP || os2.tmpdir(), "bench-action", "history");
    await rm(outDir, { recursive: true, force: true });
    const files = await writeSite(outDir, histories, { version: VERSION, now: /* @__PURE__ */ new Date() });
    setOutput(OUTPUT.historyPath, outDir);
    if (env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL) {
      const name = `bench-action-history-${suite}`;
      const { DefaultArtifactClient } = await import("./artifact-KHIL5SGO.js");
      await new DefaultArtifactClient().uploadArtifact(name, files, outDir, { retentionDays: 30 });
      setOutput(OUTPUT.historyArtifact, name);
    }
  } catch (error) {
    warning(`could not read the history of ${suite}: ${error?.message ?? error}`);
  }
}
async function comment(inputs, context, client, outcome) {
  if (!context || inputs.comment === "never") return;
  if (!inputs.githubToken) logText("no github-token: the comment is not posted");
  else await publish(context, client, inputs.comment, outcome);
}
function failOnVerdict(inputs, outcome) {
  const reason = failureMessage(outcome.comparison);
  if (inputs.requireBaseline && !outcome.comparison.baseline) {
    setFailed(
      `No baseline to compare with (require-baseline is set): ${outcome.comparison.noBaselineReason}`
    );
  } else if (outcome.exitCode === 1) setFailed(`Performance regression: ${reason}`);
  else if (outcome.exitCode === 3) setFailed(`Benchmarks could not be measured: ${reason}`);
}
function failWith(err) {
  if (err instanceof ConfigError) {
    setFailed(`Invalid bench-action configuration: ${err.message}`);
  } else if (err instanceof SetupError) {
    setFailed(`bench-action could not set up its tools: ${err.message}`);
  } else if (isUserError(err)) {
    setFailed(`bench-action: ${err.message}`);
  } else {
    debug(err?.stack ?? String(err));
    setFailed(
      `bench-action failed unexpectedly (this is a bug; please report it): ${err?.message ?? err}`
    );
  }
}
async function publish(context, client, mode, run) {
  try {
    const outcome = await publishComment({
      version: VERSION,
      octokit: client(),
      context,
      comparison: run.comparison,
      results: run.results,
      compareOptions: run.compareOptions,
      mode,
      log: (l) => logText(l),
      warn: (l) => warning(l),
      uploadArtifact
    });
    if (outcome.status === "skipped") logText(`comment not posted: ${outcome.reason}`);
    if (outcome.status === "unchanged") logText(`comment unchanged: ${outcome.url}`);
    if (outcome.status === "deferred") setOutput(OUTPUT.commentArtifact, outcome.artifact);
  } catch (error) {
    warning(
      `could not post the benchmark comment (${runUrl(context) ?? "this run"}): ${error?.message ?? error}`
    );
  }
}
async function uploadArtifact(name, files) {
  const dir = await mkdtemp(path3.join(os2.tmpdir(), "bench-action-artifact-"));
  try {
    const paths = [];
    for (const [file, text2] of Object.entries(files)) {
      const full = path3.join(dir, file);
      await writeFile(full, text2);
      paths.push(full);
    }
    const { DefaultArtifactClient } = await import("./artifact-KHIL5SGO.js");
    await new DefaultArtifactClient().uploadArtifact(name, paths, dir, { retentionDays: 7 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
function baselineOptions(baseline, measuring) {
  if (baseline === void 0 || baseline === AUTO) return { auto: true };
  if (baseline === STORE) return {};
  if (baseline === SAME_JOB) return measuring ? { against: { mergeBase: true } } : {};
  return { baseline };
}
function baselineStore(inputs, env, context, warn = (message) => warning(message)) {
  if (inputs.baselineStore === "dir") return { save: inputs.save };
  const defaultBranch = context?.event.repository?.default_branch;
  const saveOn = inputs.saveOn ?? (typeof defaultBranch === "string" ? [defaultBranch] : []);
  const pushed = env.GITHUB_EVENT_NAME === "push" && saveOn.includes(env.GITHUB_REF_NAME ?? "");
  let store;
  try {
    store = openStore({
      kind: inputs.baselineStore,
      cwd: inputs.workingDirectory,
      env,
      log: (line) => logText(line),
      remote: "origin",
      branch: inputs.baselineBranch,
      ...inputs.retain !== void 0 ? { retain: inputs.retain } : {}
    });
  } catch (error) {
    if (!(error instanceof StoreUnavailableError) || error.kind !== "cache") throw error;
    warn(
      "baseline-store: cache needs the Actions cache service, which this job does not have; using store-dir"
    );
    return { save: inputs.save };
  }
  return { store, save: inputs.save && pushed };
}
export {
  baselineStore,
  readInputs,
  runAction,
  startAction
};
