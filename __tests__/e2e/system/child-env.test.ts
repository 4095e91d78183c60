// The trust boundary (docs/ARCHITECTURE.md#the-trust-boundary): the action's own variables — its inputs (the GitHub token among
// them) and the runner's tokens and service URLs — never reach a setup step or a benchmark. The real
// CLI runs a real suite in which every user-controlled command writes down its environment: a setup
// step (argv and through a real shell), and a benchmark of each kind.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { childEnv, isActionVariable } from '../../../src/system/child-env.ts'
import { cli, gitRepo, removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const run = promisify(execFile)

/** What the runner gives a JavaScript action and not a `run:` step: every one must stay ours. */
const SECRETS: Record<string, string> = {
  'INPUT_GITHUB-TOKEN': 'sentinel-github-token',
  INPUT_COMMENT: 'sentinel-input',
  'input_mixed-Case': 'sentinel-lowercase-input',
  ACTIONS_RUNTIME_TOKEN: 'sentinel-runtime-token',
  ACTIONS_RUNTIME_URL: 'https://sentinel.invalid/runtime/',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'sentinel-oidc-token',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://sentinel.invalid/oidc',
  ACTIONS_RESULTS_URL: 'https://sentinel.invalid/results/',
  ACTIONS_CACHE_URL: 'https://sentinel.invalid/cache/',
  ACTIONS_CACHE_SERVICE_V2: 'sentinel-cache-service-v2',
  // The action's own step files: a program writing there would write our outputs and summary.
  GITHUB_OUTPUT: '/sentinel/output',
  GITHUB_STEP_SUMMARY: '/sentinel/summary',
  GITHUB_ENV: '/sentinel/env',
  GITHUB_PATH: '/sentinel/path',
  GITHUB_STATE: '/sentinel/state',
}

/** What a `run:` step gets as well, so the benchmarks must get it too. */
const CONTEXT: Record<string, string> = {
  GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
  GITHUB_REPOSITORY: 'octo/sentinel',
  RUNNER_OS: 'Linux',
}

/**
 * Writes its environment (NUL-separated, nothing dropped, no shell in between) to `PREFIX.PID`, then
 * acts as what the benchmark kind needs: a rebar runner, a CSB program, or `cat FILE`.
 */
const DUMPENV_C = `#include <stdio.h>
#include <string.h>
#include <unistd.h>
extern char **environ;
int main(int argc, char **argv) {
  char name[4096];
  if (argc < 2) return 2;
  snprintf(name, sizeof name, "%s.%ld", argv[1], (long)getpid());
  FILE *out = fopen(name, "w");
  if (!out) return 3;
  for (char **e = environ; *e; e++) { fputs(*e, out); fputc(0, out); }
  fclose(out);
  if (argc > 2 && strcmp(argv[2], "runner") == 0) {
    char buf[4096];
    while (fread(buf, 1, sizeof buf, stdin) > 0) {}
    puts("1000,1");
    puts("1000,1");
  } else if (argc > 2 && strcmp(argv[2], "csb") == 0) {
    puts("num_threads=1;duration=0.01;univ_count=100;duration_max_ms=10000;");
  } else if (argc > 3 && strcmp(argv[2], "cat") == 0) {
    FILE *in = fopen(argv[3], "r");
    if (!in) return 4;
    int c;
    while ((c = fgetc(in)) != EOF) putchar(c);
    fclose(in);
  }
  return 0;
}
`

// Every command of the suites below is a program compiled here that writes down its environment.
const [cc, valgrind] = await Promise.all([needs('cc'), needs('valgrind')])

let tools: string
let dumpenv: string
const dirs: string[] = []

before(async () => {
  tools = await tempDir('child-env-tools')
  dirs.push(tools)
  dumpenv = path.join(tools, 'dumpenv')
  await writeFile(path.join(tools, 'dumpenv.c'), DUMPENV_C)
  if (cc.verdict.run) await run('cc', ['-O1', '-o', dumpenv, path.join(tools, 'dumpenv.c')])
})

after(async () => {
  for (const d of dirs) await removeDir(d)
})

/** Every environment a command wrote into `dir`, by the file's prefix (setup, process, …). */
async function dumps(dir: string): Promise<Map<string, Array<Map<string, string>>>> {
  const found = new Map<string, Array<Map<string, string>>>()
  for (const file of await readdir(dir)) {
    const kind = file.split('.')[0]!
    const text = await readFile(path.join(dir, file), 'utf8')
    const entries = new Map<string, string>()
    for (const entry of text.split('\0')) {
      if (entry === '') continue
      const at = entry.indexOf('=')
      entries.set(entry.slice(0, at), entry.slice(at + 1))
    }
    found.set(kind, [...(found.get(kind) ?? []), entries])
  }
  return found
}

/** What is wrong with the environment a command saw; empty when nothing is. */
function problems(
  kind: string,
  env: Map<string, string>,
  expected: { own: Record<string, string>; inherited: boolean },
): string[] {
  const found: string[] = []
  const leaked = [...env.keys()].filter((name) =>
    Object.keys(SECRETS).some((s) => s.toUpperCase() === name.toUpperCase()),
  )
  if (leaked.length > 0) found.push(`${kind} saw the action's own variables: ${leaked.join(', ')}`)
  const values = new Set(env.values())
  for (const [name, secret] of Object.entries(SECRETS))
    if (values.has(secret) && !env.has(name))
      found.push(`${kind} saw the value of ${name} under another name`)
  const wanted: Record<string, string | undefined> = { ...expected.own }
  if (expected.inherited) Object.assign(wanted, { PATH: process.env.PATH, HOME: process.env.HOME }, CONTEXT)
  for (const [name, value] of Object.entries(wanted))
    if (env.get(name) !== value) found.push(`${kind} should see ${name}=${value}, saw ${env.get(name)}`)
  return found
}

/** A suite with a setup step and a benchmark of every kind, instructions only when asked for. */
async function everyKind(withInstructions: boolean): Promise<void> {
  const out = await tempDir('child-env-out')
  dirs.push(out)
  const d = (name: string) => JSON.stringify(path.join(out, name))
  const exe = JSON.stringify(dumpenv)
  const dir = await gitRepo({
    'bench.yml': `suite: child-env
defaults:
  runs: 2
  warmup: 0
  env: { BENCH_OWN: from-defaults }
setup:
  - run: [${exe}, ${d('setup')}]
    env: { STEP_OWN: from-step }
  - run: env -0 > ${d('shell')}.$$
    shell: true
benchmarks:
  - name: proc
    kind: process
    command: [${exe}, ${d('process')}]
    env: { PROC_OWN: from-benchmark }
  - name: wall
    kind: wall-clock
    runner: [${exe}, ${d('wall')}, runner]
  - name: scale
    kind: scaling
    format: csb
    threads: [1]
    command: [${exe}, ${d('scaling')}, csb]
  - name: imported
    kind: import
    format: hyperfine
    command: [${exe}, ${d('import')}, cat, sleep.json]
${
  withInstructions
    ? `  - name: counted
    kind: instructions
    command: [${exe}, ${d('instructions')}]
`
    : ''
}`,
    '.gitignore': '.bench/\n',
  })
  dirs.push(dir)
  await copyFile(
    path.join(repoRoot, '__tests__', 'fixtures', 'import', 'hyperfine', 'sleep.json'),
    path.join(dir, 'sleep.json'),
  )

  const r = await cli(['run', '--no-save', '--no-install', '--json', 'out.json'], dir, {
    ...SECRETS,
    ...CONTEXT,
  })
  const results = JSON.parse(await readFile(path.join(dir, 'out.json'), 'utf8')) as {
    benchmarks: Array<{ name: string; status: string; error?: { message: string } }>
  }
  for (const b of results.benchmarks)
    assert.equal(b.status, 'ok', `${b.name}: ${b.error?.message}\n${r.stderr}`)

  const seen = await dumps(out)
  const kinds = ['setup', 'shell', 'process', 'wall', 'scaling', 'import']
  if (withInstructions) kinds.push('instructions')
  assert.deepEqual([...seen.keys()].sort(), kinds.sort(), 'every command wrote its environment')
  const own = { BENCH_OWN: 'from-defaults' }
  const expected: Record<string, { own: Record<string, string>; inherited: boolean }> = {
    setup: { inherited: true, own: { ...own, STEP_OWN: 'from-step' } },
    shell: { inherited: true, own },
    process: { inherited: true, own: { ...own, PROC_OWN: 'from-benchmark' } },
    wall: { inherited: true, own },
    scaling: { inherited: true, own },
    import: { inherited: true, own },
    // Instruction counts depend on the environment: only what the config lists (docs/ARCHITECTURE.md#exact-and-timed-kinds).
    instructions: { inherited: false, own },
  }
  const found = [...seen].flatMap(([kind, envs]) =>
    envs.flatMap((env) => problems(kind, env, expected[kind]!)),
  )
  assert.deepEqual([...new Set(found)], [])
}

cc.describe("children get a run: step's environment, never the action's own variables", () => {
  test('a setup step and a benchmark of every kind but instructions', () => everyKind(false))

  valgrind.test('the same with an instructions benchmark, which sees only what the config lists', () =>
    everyKind(true),
  )

  test('same-job: the base and head builds and their benchmarks in worktrees', async () => {
    const out = await tempDir('child-env-ab')
    dirs.push(out)
    const d = (name: string) => JSON.stringify(path.join(out, name))
    const exe = JSON.stringify(dumpenv)
    const dir = await gitRepo({
      'bench.yml': `suite: child-env-ab
defaults: { runs: 2, warmup: 0 }
setup:
  - [${exe}, ${d('setup')}]
benchmarks:
  - name: proc
    kind: process
    command: [${exe}, ${d('process')}]
`,
      '.gitignore': '.bench/\n',
    })
    dirs.push(dir)
    const r = await cli(['run', '--no-save', '--no-install', '--against', 'HEAD'], dir, {
      ...SECRETS,
      ...CONTEXT,
    })
    assert.equal(r.code, 0, r.stderr)
    const seen = await dumps(out)
    assert.equal(seen.get('setup')?.length, 2, 'setup ran in the base and the head worktree')
    assert.ok((seen.get('process')?.length ?? 0) >= 4, 'both sides were measured')
    const found = [...seen].flatMap(([kind, envs]) =>
      envs.flatMap((env) => problems(`same-job ${kind}`, env, { inherited: true, own: {} })),
    )
    assert.deepEqual([...new Set(found)], [])
  })
})

describe('childEnv', () => {
  test('drops the action-only names, whatever their case, and keeps the rest', () => {
    const env = childEnv(
      {
        ...SECRETS,
        Actions_Runtime_Token: 'x',
        actions_id_token_request_url: 'x',
        PATH: '/bin',
        GITHUB_TOKEN: 'a workflow env: a run: step gets it too',
        ACTIONS_STEP_DEBUG: 'true',
        UNSET: undefined,
      },
      { OWN: 'mine' },
    )
    assert.deepEqual(env, {
      PATH: '/bin',
      GITHUB_TOKEN: 'a workflow env: a run: step gets it too',
      ACTIONS_STEP_DEBUG: 'true',
      OWN: 'mine',
    })
    for (const name of Object.keys(SECRETS)) assert.ok(isActionVariable(name), name)
    assert.ok(!isActionVariable('INPUTS'))
    assert.ok(!isActionVariable('GITHUB_SHA'))
  })
})
