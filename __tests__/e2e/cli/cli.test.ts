// The CLI end to end: real config files, real programs, real git repositories, real stores.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { copyFile, cp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { parseResultSetText } from '../../../src/results.ts'
import { cli, gitRepo, removeDir, repoRoot } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

// examples/bench.yml builds C, Rust and Zig programs and counts instructions; the verdicts count
// the instructions of a C program.
const [examples, counted, setupTools] = await Promise.all([
  needs('cc', 'cargo', 'zig', 'valgrind'),
  needs('cc', 'valgrind'),
  needs('valgrind', 'cargo'),
])

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
  examples.test(
    'first run reports without a baseline; the second compares with the first, per benchmark',
    async () => {
      const dir = await repo({}, true)
      // The committed bundle alone, in a clone without node_modules (none in any folder above it either).
      await cp(path.join(repoRoot, 'dist'), path.join(dir, 'dist'), { recursive: true })
      assert.ok(!path.relative(tmpdir(), dir).startsWith('..'), 'the clone is under the temporary directory')
      const runOnce = () =>
        execFileP(
          process.execPath,
          [path.join(dir, 'dist/cli.js'), 'run', '--config', 'examples/bench.yml'],
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
    },
  )
})

/** examples/process's program, its work scaled by WORK_SCALE: the whole environment of a count. */
const workConfig = (scale: number) => `suite: ab
defaults: { env: { WORK_SCALE: "${scale}" } }
setup:
  - [cc, -O2, -o, work, ${path.join(repoRoot, 'examples/process/work.c')}]
benchmarks:
  - { name: start-up, kind: instructions, command: [./work, start], cache-sim: false, threshold: 5% }
  - { name: hash, kind: instructions, command: [./work, hash, 200000], cache-sim: false, threshold: 5% }
`

/** hyperfine's A/A runs: the same two commands timed 40 times each, one file after another. */
const HYPERFINE = path.join(repoRoot, '__tests__/fixtures/import/hyperfine')

describe('verdicts', () => {
  counted.test(
    'twice the work is a regression of its exact count (exit 1), listed before the unchanged',
    async () => {
      // Instruction counts under callgrind: the same program, input and environment count the same on a
      // busy machine. The head's bench.yml doubles WORK_SCALE, in an environment of the same size.
      const dir = await repo({ 'bench.yml': workConfig(1) })
      const base = await cli(['run'], dir)
      assert.equal(base.code, 0, base.stderr)
      await writeFile(path.join(dir, 'bench.yml'), workConfig(2))
      const head = await cli(['run', '--markdown', 'report.md', '--no-save'], dir)
      assert.equal(head.code, 1, head.stdout + head.stderr)
      // base = S + 200 000·k and head = S + 400 000·k instructions: k ≥ 10 for a splitmix64 round (two
      // multiplies, three shifts, four xors, an add and the loop's own), S for starting, parsing the
      // count, printing and exiting, well under 2 000 000 (start-up counts the start alone). So
      // head − base ≥ 2 000 000 and head / base − 1 = 200 000·k / (S + 200 000·k) > 50%: beyond 5%.
      const hash = /hash +ir +([\d,]+) +([\d,]+) +\+[\d.]+% +exact +regression/.exec(head.stdout)
      assert.ok(hash, head.stdout)
      const [baseIr, headIr] = [hash[1]!, hash[2]!].map((n) => Number(n.replaceAll(',', '')))
      assert.ok(headIr! - baseIr! >= 2_000_000, `${baseIr} → ${headIr}`)
      // `work start` exits before it reads WORK_SCALE, its environment as large: the same count.
      const start = /start-up +ir +([\d,]+) +\1 +±0\.00% +exact +unchanged/.exec(head.stdout)
      assert.ok(start, head.stdout)
      assert.ok(head.stdout.indexOf(hash[0]) < head.stdout.indexOf(start[0]), 'the regression comes first')
      const md = await readFile(path.join(dir, 'report.md'), 'utf8')
      assert.match(md, /^<!-- bench-action:ab -->/)
      assert.match(md, /#### Regressions\n\n\| Benchmark/)
      assert.match(md, /\| `hash` \| ir/)
      assert.ok(md.indexOf('#### Regressions') < md.indexOf('`start-up`'), md)
    },
  )

  test('the same commands timed at four moments are never a regression; three stored runs give the drift', async () => {
    // The times are hyperfine's, read by the import kind from aa-1.json … aa-4.json (captured once on a
    // quiet machine), so every verdict here is the rules', not this machine's of the moment.
    const dir = await repo({
      'bench.yml':
        'suite: aa\nbenchmarks:\n  - { name: loop, kind: import, format: hyperfine, file: times.json, gate: time, threshold: 5% }\n',
    })
    // The file a run reads is not committed: every run measures the same commit, one state of the code.
    const runOn = async (fixture: string, args: string[]) => {
      await copyFile(path.join(HYPERFINE, fixture), path.join(dir, 'times.json'))
      return cli(args, dir)
    }
    assert.equal((await runOn('aa-1.json', ['run'])).code, 0)
    // Each run is compared with the newest stored one. The medians of the 40 times, in ms:
    //   WORK_A 18.4400 → 18.3197 → 18.3131 → 18.3689   (−0.65%, −0.04%, +0.31%)
    //   WORK_B 18.3395 → 17.9290 → 18.3399 → 18.2750   (−2.24%, +2.29%, −0.35%)
    // every change within the 5% threshold: unchanged, whatever the test and the interval say.
    const second = await runOn('aa-2.json', ['run', '--json', 'head.json'])
    assert.equal(second.code, 0, second.stdout)
    const head = parseResultSetText(await readFile(path.join(dir, 'head.json'), 'utf8'), 'head.json')
    assert.deepEqual(
      head.benchmarks.map((b) => b.metrics.time!.samples!.length),
      [40, 40],
    )
    // Two runs are stored: too few to know the machine's drift, and the report says so.
    const third = await runOn('aa-3.json', ['run'])
    assert.equal(third.code, 0, third.stdout)
    assert.match(third.stdout, /drift: +unknown \(2 stored runs on main: too few of the same code\)/)
    // With three stored runs of the commit the drift is estimated from them.
    const fourth = await runOn('aa-4.json', ['run', '--no-save'])
    assert.equal(fourth.code, 0, fourth.stdout)
    assert.match(
      fourth.stdout,
      /drift: +the drift between runs of the same code, from the last 3 stored runs on main \(1 state of the code\): ±/,
    )
    for (const r of [second, third, fourth]) {
      assert.match(r.stdout, /no regressions in 2 benchmarks/, r.stdout)
      assert.equal(r.stdout.match(/ time \(median\) .* unchanged\b/g)?.length, 2, r.stdout)
    }
  })
})

describe('what a run saves', () => {
  test('a clean tree is saved; uncommitted changes only with --save; a dry run never', async () => {
    // The times are read from a file the tree does not track (an untracked file is not a change).
    const config =
      'suite: saves\nbenchmarks:\n  - { name: loop, kind: import, format: hyperfine, file: times.json, gate: time }\n'
    const dir = await repo({ 'bench.yml': config })
    await copyFile(path.join(HYPERFINE, 'aa-1.json'), path.join(dir, 'times.json'))
    const clean = await cli(['run'], dir)
    assert.equal(clean.code, 0, clean.stderr)
    assert.match(clean.stderr, /results saved to \.bench\//)
    assert.equal((await storedFiles(dir, 'saves')).length, 1)

    // bench.yml changed and not committed: compared, not saved, and told why.
    await writeFile(path.join(dir, 'bench.yml'), `# changed\n${config}`)
    const dirty = await cli(['run'], dir)
    assert.equal(dirty.code, 0, dirty.stderr)
    assert.match(dirty.stdout, /with uncommitted changes/)
    assert.match(
      dirty.stderr,
      /the working tree has uncommitted changes: results not saved as a baseline \(--save saves them\)/,
    )
    assert.doesNotMatch(dirty.stderr, /results saved/)
    assert.equal((await storedFiles(dir, 'saves')).length, 1)

    const kept = await cli(['run', '--save'], dir)
    assert.equal(kept.code, 0, kept.stderr)
    assert.match(kept.stderr, /results saved to \.bench\//)
    assert.equal((await storedFiles(dir, 'saves')).length, 2)

    // Committed again: a dry run compares and saves nothing; with --save it is refused.
    await execFileP(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-am', 'changed'],
      {
        cwd: dir,
      },
    )
    const dry = await cli(['run', '--dry-run'], dir)
    assert.equal(dry.code, 0, dry.stderr)
    assert.doesNotMatch(dry.stderr, /results saved|not saved/)
    assert.equal((await storedFiles(dir, 'saves')).length, 2)
    const refused = await cli(['run', '--dry-run', '--save'], dir)
    assert.equal(refused.code, 2, refused.stderr)
    assert.match(
      refused.stderr,
      /--dry-run saves nothing: drop --save to only compare, or --dry-run to save this run/,
    )
    assert.equal((await storedFiles(dir, 'saves')).length, 2)
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

/**
 * One benchmark of `true`, 3 runs: these tests are about the store, not about the machine. The smallest
 * two-sided Mann–Whitney p-value of 3 samples against 3 is 2 / C(6, 3) = 0.1, never below α = 0.01, so
 * no verdict of it can be a regression and the exit code does not depend on how fast `true` ran.
 */
const trueSuite = (suite: string) =>
  `suite: ${suite}\nbenchmarks:\n  - { name: a, kind: process, command: [true], runs: 3 }\n`

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
      'bench.yml': trueSuite('c'),
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

  setupTools.test('setup reports the tools the config needs; an unknown tool is a usage error', async () => {
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
      'bench.yml': trueSuite('bl'),
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
      'bench.yml': trueSuite('pr'),
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
