// The environment of every program bench-action starts (docs/ARCHITECTURE.md#the-trust-boundary): what a workflow's `run:` step
// would get, never what the runner hands to the action itself. A JavaScript action's process holds its
// inputs as INPUT_* (the GitHub token among them) and the runner's own tokens and service URLs
// (ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_*, ACTIONS_RESULTS_URL, ACTIONS_CACHE_URL, …); a
// setup step or a benchmark is code from the pull request, so none of that may reach it, nor the paths
// of the action's own output, summary, env and path files. The GitHub
// context (GITHUB_SHA, GITHUB_REPOSITORY, …), RUNNER_*, PATH, HOME and the workflow's own `env:` are
// what a `run:` step sees as well, and pass.
//
// This keeps them out of the programs' own environments; it is no sandbox. A program runs as the same
// user as the action and reads what the job can read: /proc/<pid>/environ of the action's process
// showed the environment it was started with, which is why the action starts again without them
// (action/env.ts).

/** Exact names the runner gives an action and not a `run:` step. */
const ACTION_NAMES = new Set([
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RUNTIME_URL',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_URL',
  'ACTIONS_CACHE_SERVICE_V2',
  // The step's own command files: a `run:` step gets files of its own; these are the action's, so a
  // program writing to them would write our outputs, our job summary or the job's environment.
  'GITHUB_OUTPUT',
  'GITHUB_STEP_SUMMARY',
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_STATE',
])

/** Families of them: the inputs, and the runner services' tokens and URLs of any later version. */
const ACTION_PREFIXES = [
  'INPUT_',
  'ACTIONS_RUNTIME_',
  'ACTIONS_ID_TOKEN_',
  'ACTIONS_RESULTS_',
  'ACTIONS_CACHE_',
]

/**
 * Whether a variable is the action's own. Compared case-insensitively: on Windows the names are, and
 * elsewhere a lowercase `input_token` is not worth the risk.
 */
export function isActionVariable(name: string): boolean {
  const upper = name.toUpperCase()
  return ACTION_NAMES.has(upper) || ACTION_PREFIXES.some((prefix) => upper.startsWith(prefix))
}

/**
 * The environment for a child process: `inherit` (process.env by default) with `own` (a config's
 * `env:`) over it, less the action's own variables. Every program bench-action starts gets its
 * environment from here: setup steps, benchmarks of every kind, toolchain installs, compilers and git.
 */
export function childEnv(
  inherit: NodeJS.ProcessEnv | undefined = process.env,
  own: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const source of [inherit ?? {}, own]) {
    for (const [name, value] of Object.entries(source)) {
      if (value === undefined || isActionVariable(name)) continue
      env[name] = value
    }
  }
  return env
}
