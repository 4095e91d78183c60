// The CLI end to end: real config files, real programs, real git repositories, real stores.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { parseResultSetText } from '../src/results.ts'
import { cli, gitRepo, removeDir, repoRoot } from './helpers.ts'

const execFileP = promisify(execFile)
const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

async function repo(files: Record<string, string>, copyExamples = false): Promise<string> {
  const d = await gitRepo(files, copyExamples)
  dirs.push(d)
  return d
}

async function storedFiles(dir: string, suite: string, branch = 'main'): Promise<string[]> {
  try {
    return (await readdir(path.join(dir, '.bench', suite, branch))).filter((f) => f.endsWith('.json')).sort()
  } catch {
    return []
  }
}

describe('the README quick start', () => {
  test('first run reports without a baseline; the second compares with the first, per benchmark', async () => {
    const dir = await repo({}, true)
    const runOnce = () =>
      execFileP(
        process.execPath,
        [path.join(repoRoot, 'dist/cli.js'), 'run', '--config', 'examples/bench.yml'],
        {
          cwd: dir,
          env: { ...process.env, NO_COLOR: '1', CI: '', GITHUB_ACTIONS: '' },
        },
      ).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      )
    const first = await runOnce()
    assert.equal(first.code, 0, first.stderr)
    assert.match(first.stdout, /no baseline/)
    const wallClock = ['rust-time/fibonacci_20', 'c-time/empty', 'zig/empty/simple', 'zig/memcpy/1M']
    for (const name of [
      'start-up',
      'hash 4M',
      'sort 200k',
      'rust/fibonacci_20',
      'c/sum_fields',
      ...wallClock,
    ])
      assert.match(first.stdout, new RegExp(`${name}.*no baseline`))
    assert.match(first.stdout, /memmem\/rust\/memmem +time \(median\)/)
    assert.match(first.stdout, /Engines of memmem\n +(rust|libc)\/memmem .*GiB\/s +fastest/)
    assert.match(first.stderr, /setup 7\/7: done/)
    assert.match(
      first.stdout,
      /Scaling of counter uncoordinated by threads \(\d+ logical CPUs\)\n +1 {2}head [\d.]+ M ops\/s \(1\.00×, 100%\)/,
    )
    assert.equal((await storedFiles(dir, 'example')).length, 1)

    const second = await runOnce()
    assert.ok(second.code === 0 || second.code === 1, second.stderr)
    assert.match(
      second.stdout,
      /baseline: [0-9a-f]{7} on main, measured .* ago: newest results on this branch \(main\) \(same commit\)/,
    )
    for (const name of ['start-up', 'hash 4M', 'sort 200k']) {
      assert.match(
        second.stdout,
        new RegExp(`${name} +wall \\(median\\).*(unchanged|improvement|regression|unclear)`),
      )
    }
    for (const name of [...wallClock, 'memmem/libc/memmem']) {
      assert.match(
        second.stdout,
        new RegExp(`${name} +time \\(median\\).*(unchanged|improvement|regression|unclear)`),
      )
    }
    // Instruction counts are exact: the same code counts the same, to the instruction.
    for (const name of ['rust/empty', 'rust/fibonacci_20', 'c/empty', 'c/search_sorted_100k']) {
      assert.match(second.stdout, new RegExp(`${name} +ir +([\\d,]+) +\\1 +±0\\.00% +exact +unchanged`))
    }
    assert.equal((await storedFiles(dir, 'example')).length, 2)
    assert.match(second.stdout, /drift: +unknown \(1 stored run on main: too few of the same code\)/)
  })
})

const abConfig = (threshold: string, gate = 'wall') => `suite: ab
defaults: { runs: 12, warmup: 1, threshold: ${threshold} }
setup:
  - [cc, -O2, -o, work, ${path.join(repoRoot, 'examples/process/work.c')}]
benchmarks:
  - name: hash
    kind: process
    command: [./work, hash, 3000000]
    gate: ${gate}
`

describe('verdicts', () => {
  test('an injected 2x slowdown is a regression (exit 1) with the regression listed first', async () => {
    // Gated on wall and CPU time: on a shared virtual machine the whole machine can run at half speed
    // for seconds (seen here: the same program at 15 ms, then 33 ms), which swamps wall time alone.
    const dir = await repo({ 'bench.yml': abConfig('5%', '[wall, cpu]') })
    const base = await cli(['run'], dir)
    assert.equal(base.code, 0, base.stderr)
    const head = await cli(['run', '--markdown', 'report.md', '--no-save'], dir, { WORK_SCALE: '2' })
    assert.equal(head.code, 1, head.stdout + head.stderr)
    assert.match(head.stdout, /hash +(wall|cpu) \(median\).*\+\d+\.\d%.*regression/)
    const md = await readFile(path.join(dir, 'report.md'), 'utf8')
    assert.match(md, /^<!-- bench-action:ab -->/)
    assert.match(md, /#### Regressions\n\n\| Benchmark/)
    assert.match(md, /\| `hash` \| (wall|cpu) \(median\) \|/)
  })

  test('the same command against itself is not a regression', async () => {
    // Gated on CPU time: waiting for a CPU that other work holds inflates wall time, not CPU time,
    // and this test is about the statistics calling identical runs identical, not about the machine.
    const dir = await repo({ 'bench.yml': abConfig('20%', 'cpu') })
    assert.equal((await cli(['run'], dir)).code, 0)
    const again = await cli(['run', '--json', 'head.json'], dir)
    assert.equal(again.code, 0, again.stdout)
    assert.match(again.stdout, /hash +cpu \(median\)/)
    assert.doesNotMatch(again.stdout, /regression\n/)
    const head = parseResultSetText(await readFile(path.join(dir, 'head.json'), 'utf8'), 'head.json')
    assert.equal(head.benchmarks[0]!.metrics.wall!.samples!.length, 12)
    // Two runs are stored: too few to know the machine's drift, and the report says so.
    const third = await cli(['run'], dir)
    assert.match(third.stdout, /drift: +unknown \(2 stored runs on main: too few of the same code\)/)
    // With three stored runs of the commit the drift is estimated from them.
    const fourth = await cli(['run', '--no-save'], dir)
    assert.match(
      fourth.stdout,
      /drift: +the drift between runs of the same code, from the last 3 stored runs on main \(1 state of the code\): ±/,
    )
  })
})

describe('failing benchmarks', () => {
  const config = `suite: failing
defaults: { runs: 5, warmup: 1, timeout: 2s }
benchmarks:
  - name: fine
    kind: process
    command: [true]
  - name: crashes
    kind: process
    shell: true
    command: echo "about to crash" >&2; kill -SEGV $$
  - name: exits non-zero
    kind: process
    command: [sh, -c, 'echo "boom: bad input" >&2; exit 3']
  - name: hangs
    kind: process
    command: [sh, -c, 'echo "still waiting" >&2; sleep 100']
    timeout: 300ms
  - name: also fine
    kind: process
    command: [sh, -c, 'exit 0']
`
  test('are reported with their stderr tail, the others measured and saved, exit 3', async () => {
    const dir = await repo({ 'bench.yml': config })
    const r = await cli(['run', '--json', 'out.json', '--markdown', 'out.md'], dir)
    assert.equal(r.code, 3, r.stdout + r.stderr)
    assert.match(r.stdout, /crashes: killed by SIGSEGV/)
    assert.match(r.stdout, /│ about to crash/)
    assert.match(r.stdout, /exits non-zero: exited with code 3/)
    assert.match(r.stdout, /│ boom: bad input/)
    assert.match(r.stdout, /hangs: timed out after/)
    assert.match(r.stdout, /│ still waiting/)

    const results = parseResultSetText(await readFile(path.join(dir, 'out.json'), 'utf8'), 'out.json')
    const byName = new Map(results.benchmarks.map((b) => [b.name, b]))
    assert.equal(results.benchmarks.length, 5)
    for (const ok of ['fine', 'also fine']) {
      assert.equal(byName.get(ok)!.status, 'ok')
      assert.equal(byName.get(ok)!.metrics.wall!.samples!.length, 5)
    }
    for (const bad of ['crashes', 'exits non-zero', 'hangs']) assert.equal(byName.get(bad)!.status, 'failed')
    assert.equal(byName.get('crashes')!.error!.signal, 'SIGSEGV')
    assert.equal(byName.get('exits non-zero')!.error!.exitCode, 3)
    assert.equal(byName.get('hangs')!.error!.timedOut, true)

    const saved = await storedFiles(dir, 'failing')
    assert.equal(saved.length, 1, 'the results with failures are still saved')
    const md = await readFile(path.join(dir, 'out.md'), 'utf8')
    assert.match(md, /#### Failed/)
    assert.match(md, /boom: bad input/)
  })

  test('a failing setup step fails every benchmark with its output, exit 3, nothing saved', async () => {
    const dir = await repo({
      'bench.yml': `suite: s
setup:
  - [sh, -c, 'echo "compiler says no" >&2; exit 1']
benchmarks:
  - { name: a, kind: process, command: [true], runs: 3 }
`,
    })
    const r = await cli(['run'], dir)
    assert.equal(r.code, 3)
    assert.match(r.stdout, /a: setup step 1 exited with code 1/)
    assert.match(r.stdout, /compiler says no/)
    assert.deepEqual(await storedFiles(dir, 's'), [])
  })
})

describe('bad input', () => {
  test('every malformed config exits 2 with one line naming the file and no stack trace', async () => {
    const badDir = path.join(repoRoot, '__tests__/fixtures/configs/bad')
    const files = (await readdir(badDir)).filter((f) => /\.ya?ml$/.test(f))
    assert.ok(files.length >= 20, `only ${files.length} malformed configs`)
    for (const f of files) {
      const r = await cli(['run', '--config', path.join(badDir, f), '--no-save'], repoRoot)
      assert.equal(r.code, 2, `${f}: exit ${r.code}\n${r.stderr}`)
      const lines = r.stderr.trimEnd().split('\n')
      assert.equal(lines.length, 1, `${f}: ${r.stderr}`)
      assert.ok(lines[0]!.startsWith(`bench-action: ${path.join(badDir, f)}`), `${f}: ${lines[0]}`)
      assert.doesNotMatch(r.stderr, /\n\s+at |ZodError/)
    }
  })

  test('a missing config, an unknown option and an empty filter are usage errors', async () => {
    const dir = await repo({ README: 'no config here' })
    const missing = await cli(['run'], dir)
    assert.equal(missing.code, 2)
    assert.match(missing.stderr, /no bench\.yml found/)
    const unknown = await cli(['run', '--frobnicate'], dir)
    assert.equal(unknown.code, 2)
    assert.match(unknown.stderr, /frobnicate/)
    await writeFile(
      path.join(dir, 'bench.yml'),
      'benchmarks:\n  - { name: a, kind: process, command: [true] }\n',
    )
    const filtered = await cli(['run', '--filter', 'nothing*'], dir)
    assert.equal(filtered.code, 2)
    assert.match(filtered.stderr, /matches no benchmark/)
  })

  test('a corrupt baseline is reported and skipped; the next readable one is used', async () => {
    const dir = await repo({
      // A generous threshold: this test is about the store, not about sub-millisecond noise.
      'bench.yml':
        'suite: c\nbenchmarks:\n  - { name: a, kind: process, command: [true], runs: 5, threshold: 1000% }\n',
    })
    assert.equal((await cli(['run'], dir)).code, 0)
    const [good] = await storedFiles(dir, 'c')
    // A newer file with garbage in it sorts first and must be skipped, not crash the run.
    await writeFile(
      path.join(dir, '.bench/c/main/29990101T000000000Z-deadbeef.json'),
      '{"schema": "bench-action/results", trunc',
    )
    const r = await cli(['run', '--no-save'], dir)
    assert.equal(r.code, 0, r.stderr)
    assert.match(
      r.stdout,
      /warning: skipped unreadable baseline .*29990101T000000000Z-deadbeef\.json: .*not valid JSON/,
    )
    assert.match(r.stdout, /newest results on this branch/)
    assert.ok(good, 'good')
  })
})

describe('compare and schema', () => {
  test('compare of a file with itself is unchanged; a broken file is a clear error', async () => {
    const dir = await repo({
      'bench.yml': 'suite: cmp\nbenchmarks:\n  - { name: a, kind: process, command: [true], runs: 9 }\n',
    })
    assert.equal((await cli(['run', '--json', 'r.json', '--no-save'], dir)).code, 0)
    const same = await cli(['compare', 'r.json', 'r.json', '--markdown', 'cmp.md'], dir)
    assert.equal(same.code, 0)
    assert.match(same.stdout, /a +wall \(median\).*±0\.00%.*unchanged/)
    assert.match(await readFile(path.join(dir, 'cmp.md'), 'utf8'), /1 unchanged/)

    await writeFile(path.join(dir, 'bad.json'), '{"schema":"bench-action/results","version":99}')
    const newer = await cli(['compare', 'bad.json', 'r.json'], dir)
    assert.equal(newer.code, 2)
    assert.match(newer.stderr, /bad\.json: results format version 99 is newer/)
    const missing = await cli(['compare', 'nope.json', 'r.json'], dir)
    assert.equal(missing.code, 2)
    assert.match(missing.stderr, /cannot read nope\.json: ENOENT/)
  })

  test('setup reports the tools the config needs; an unknown tool is a usage error', async () => {
    const r = await cli(['setup', '--config', 'examples/bench.yml'], repoRoot)
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, /^valgrind \d+\.\d+\.\d+ \(\/.*valgrind\)$/m)
    assert.match(r.stdout, /^rust \d+\.\d+\.\d+ \(.*cargo\)$/m)
    const bad = await cli(['setup', 'perl'], repoRoot)
    assert.equal(bad.code, 2)
    assert.match(bad.stderr, /unknown tool "perl": bench-action can set up valgrind, rust/)
  })

  test('--baseline compares with a file or uses a directory as the store; a missing one is a usage error', async () => {
    const dir = await repo({
      'bench.yml':
        'suite: bl\nbenchmarks:\n  - { name: a, kind: process, command: [true], runs: 5, threshold: 1000% }\n',
    })
    assert.equal((await cli(['run', '--json', 'saved.json', '--store', 'elsewhere'], dir)).code, 0)
    const file = await cli(['run', '--no-save', '--baseline', 'saved.json'], dir)
    assert.equal(file.code, 0, file.stderr)
    assert.match(
      file.stdout,
      /baseline: [0-9a-f]{7} on main, .*: the file given as --baseline \(.*saved\.json\)/,
    )
    const store = await cli(['run', '--no-save', '--baseline', 'elsewhere'], dir)
    assert.match(store.stdout, /baseline: [0-9a-f]{7} on main, .*: newest results on this branch \(main\)/)
    const missing = await cli(['run', '--no-save', '--baseline', 'nope.json'], dir)
    assert.equal(missing.code, 2)
    assert.match(missing.stderr, /baseline .*nope\.json does not exist/)
  })

  test('schema prints the JSON Schema of the config', async () => {
    const r = await cli(['schema'], repoRoot)
    assert.equal(r.code, 0)
    const schema = JSON.parse(r.stdout) as { properties: Record<string, unknown> }
    assert.ok(schema.properties.benchmarks, 'schema.properties.benchmarks')
    assert.ok(schema.properties.defaults, 'schema.properties.defaults')
  })
})

describe('baselines for pull requests', () => {
  test('a pull request in Actions compares with the results of its merge base, found on origin/<base>', async () => {
    const dir = await repo({
      'bench.yml':
        'suite: pr\nbenchmarks:\n  - { name: a, kind: process, command: [true], runs: 5, threshold: 1000% }\n',
    })
    const git = (...args: string[]) =>
      execFileP('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir })
    const mainSha = (await git('rev-parse', 'HEAD')).stdout.trim()
    assert.equal((await cli(['run'], dir)).code, 0)
    const status = (await git('status', '--porcelain', '--untracked-files=all')).stdout
    assert.equal(status, '', 'the store ignores itself, so git sees nothing new')
    // A newer run on main that is not the merge base: the pull request must not pick it.
    await writeFile(path.join(dir, 'newer.txt'), 'x')
    await git('add', '-A')
    await git('commit', '-q', '-m', 'newer main')
    assert.equal((await cli(['run'], dir)).code, 0)
    // The pull request branches off the first commit; as in an Actions checkout, there is no local main.
    await git('checkout', '-q', '-b', 'feature', mainSha)
    await writeFile(path.join(dir, 'feature.txt'), 'y')
    await git('add', '-A')
    await git('commit', '-q', '-m', 'feature')
    const headSha = (await git('rev-parse', 'HEAD')).stdout.trim()
    const newerSha = (await git('rev-parse', 'main')).stdout.trim()
    await git('update-ref', 'refs/remotes/origin/main', newerSha)
    await git('branch', '-q', '-D', 'main')
    const r = await cli(['run', '--no-save'], dir, {
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_SHA: headSha,
      GITHUB_BASE_REF: 'main',
      GITHUB_HEAD_REF: 'feature',
      GITHUB_REF: 'refs/pull/1/merge',
    })
    assert.equal(r.code, 0, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      new RegExp(`baseline: ${mainSha.slice(0, 7)} on main, .*: results of the merge base with main`),
    )
  })
})
