// What `--against` (same-job A/B) reports about itself: which side failed to build, and which
// benchmarks were really paired. Real git repositories, real setup steps, the CLI in-process.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { cli, gitRepo, removeDir, repoRoot } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const valgrindGate = await needs('valgrind')

const run = promisify(execFile)
const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd })

const shortSha = async (dir: string, ref: string) =>
  (await git(dir, 'rev-parse', '--short=7', ref)).stdout.trim()

/** How many times `needle` occurs in `text`. */
const occurrences = (text: string, needle: string) => text.split(needle).length - 1

describe('--against: a side that does not build is named, once', () => {
  // The setup fails, saying why on stderr, in a commit without the file `ok`.
  const config = `suite: sides
defaults: { runs: 3, warmup: 0 }
setup:
  - [sh, -c, 'test -f ok || { echo "missing ok" >&2; exit 3; }']
benchmarks:
  - { name: first, kind: process, command: ['true'] }
  - { name: second, kind: process, command: ['true'] }
`

  /** A repository whose base (HEAD~1) has `ok` when `baseBuilds`, and whose head has it otherwise. */
  async function repo(baseBuilds: boolean): Promise<string> {
    const dir = await gitRepo({
      'bench.yml': config,
      '.gitignore': '.bench/\nreport.md\n',
      ...(baseBuilds ? { ok: '' } : {}),
    })
    dirs.push(dir)
    if (baseBuilds) await git(dir, 'rm', '--quiet', 'ok')
    else {
      await writeFile(path.join(dir, 'ok'), '')
      await git(dir, 'add', 'ok')
    }
    await git(dir, 'commit', '--quiet', '-m', baseBuilds ? 'lose ok' : 'add ok')
    return dir
  }

  test("the head's setup failing is a failed run of the head (exit 3), told once; the base is not blamed", async () => {
    const dir = await repo(true)
    const head = await shortSha(dir, 'HEAD')
    const base = await shortSha(dir, 'HEAD~1')
    const r = await cli(['--against', 'HEAD~1', '--no-save', '--no-install', '--markdown', 'report.md'], dir)
    assert.equal(r.code, 3, `a setup failure of the head fails the run, as in a plain run: ${r.stderr}`)
    const md = await readFile(path.join(dir, 'report.md'), 'utf8')
    const failure = `the head ${head} failed to build: setup step 1 exited with code 3`
    for (const [where, text] of [
      ['terminal', r.stdout],
      ['markdown', md],
    ] as const) {
      assert.equal(
        occurrences(text, failure),
        1,
        `${where}: the head's failure, with its commit, once:\n${text}`,
      )
      assert.equal(occurrences(text, 'missing ok'), 1, `${where}: its stderr tail, once:\n${text}`)
      assert.doesNotMatch(text, /the base [0-9a-f]{7} \([^)]*\) failed/, `${where}: the base did not fail`)
      assert.match(text, new RegExp(`the base ${base} \\(--against HEAD\\\\?~1\\) was not built`), where)
    }
    assert.match(md, /\| `first`, `second` \| the head [0-9a-f]{7} failed to build/, 'both benchmarks failed')
    assert.match(r.stderr, /head: setup step 1 exited with code 3/)
    assert.doesNotMatch(r.stderr, /base: setup/, 'the base is not built when the head cannot be')

    // A plain run of the same tree fails the same way: exit 3, the step and its output once.
    const plain = await cli(['--no-save', '--no-install'], dir)
    assert.equal(plain.code, 3, plain.stderr)
    assert.equal(occurrences(plain.stdout, 'setup step 1 exited with code 3'), 1, plain.stdout)
    assert.equal(occurrences(plain.stdout, 'missing ok'), 1, plain.stdout)
  })

  test("the base's setup failing leaves no baseline, named with its commit; the head is measured, without a verdict", async () => {
    const dir = await repo(false)
    const base = await shortSha(dir, 'HEAD~1')
    const r = await cli(['--against', 'HEAD~1', '--no-save', '--no-install', '--markdown', 'report.md'], dir)
    assert.equal(r.code, 0, r.stderr + r.stdout)
    const md = await readFile(path.join(dir, 'report.md'), 'utf8')
    assert.match(
      md,
      new RegExp(
        `\\*\\*No baseline:\\*\\* the base ${base} \\(--against HEAD\\\\~1\\) failed to build: setup step 1 exited with code 3`,
      ),
    )
    assert.match(
      r.stdout,
      new RegExp(
        `baseline: no baseline: the base ${base} \\(--against HEAD~1\\) failed to build: setup step 1 exited with code 3`,
      ),
    )
    for (const text of [r.stdout, md]) {
      assert.equal(occurrences(text, 'missing ok'), 1, `the base's output, once:\n${text}`)
      assert.doesNotMatch(text, /the head [^\n]*failed/)
    }
    assert.match(r.stdout, /^first +wall \(median\) .* no baseline$/m, 'the head is measured')
    assert.match(r.stdout, /^second +wall \(median\) .* no baseline$/m)
    assert.match(r.stderr, /base: setup step 1 exited with code 3: the head is measured alone/)
  })
})

describe('--against: only what alternated run by run is called paired', () => {
  const HYPERFINE = path.join(repoRoot, '__tests__', 'fixtures', 'import', 'hyperfine')

  /** A suite of a process, an imported and, with `valgrind`, an instructions benchmark, compared with its parent. */
  async function unpaired(valgrind: boolean): Promise<void> {
    const dir = await gitRepo({
      'bench.yml': `suite: mixed
defaults: { runs: 5, warmup: 0, sequential: false }
setup:
  # Each side's "tool run": a captured hyperfine --export-json of the same two commands.
  - [sh, -c, 'cp "captured/$(cat which)" hyperfine.json']
benchmarks:
  - { name: tick, kind: process, command: ['true'] }
  - { name: hf, kind: import, file: hyperfine.json, gate: time }
${valgrind ? "  - { name: count, kind: instructions, command: ['true'] }\n" : ''}`,
      which: 'scan.json\n',
      '.gitignore': '.bench/\nhyperfine.json\nreport.md\n',
    })
    dirs.push(dir)
    await mkdir(path.join(dir, 'captured'))
    for (const f of ['scan.json', 'sleep.json'])
      await copyFile(path.join(HYPERFINE, f), path.join(dir, 'captured', f))
    await git(dir, 'add', '-A')
    await git(dir, 'commit', '--quiet', '-m', 'captured runs')
    await writeFile(path.join(dir, 'which'), 'sleep.json\n')
    await git(dir, 'commit', '--quiet', '-am', 'the head reads the other capture')

    const r = await cli(['--against', 'HEAD~1', '--no-save', '--no-install', '--markdown', 'report.md'], dir)
    assert.ok(r.code === 0 || r.code === 1, `compared, nothing failed: ${r.code}\n${r.stderr}${r.stdout}`)
    const md = await readFile(path.join(dir, 'report.md'), 'utf8')
    const unpaired = ['hf/sleep 0.01', 'hf/sleep 0.02']

    for (const [where, text] of [
      ['terminal', r.stdout],
      ['markdown', md],
    ] as const) {
      const baseline = /^(?:baseline:|\*\*Baseline:\*\*) (.*)$/m.exec(text)?.[1] ?? ''
      assert.match(
        baseline,
        /interleaved, 5 pairs per benchmark for 1 benchmark \(tick\)/,
        `${where}: the pairs are counted for the interleaved benchmark only: ${baseline}`,
      )
      assert.ok(
        baseline.includes(`compared unpaired: 2 benchmarks (${unpaired.join(', ')})`),
        `${where}: the imported benchmarks are named as unpaired: ${baseline}`,
      )
      if (valgrind)
        assert.match(baseline, /exact counts, which need no pairing: 1 benchmark \(count\)/, where)
      assert.doesNotMatch(
        baseline,
        /pairs per benchmark(?! for)/,
        `${where}: no claim that every benchmark paired`,
      )
      const noise = /^(?:drift:|\*\*Drift between runs:\*\*) +(.*)$/m.exec(text)?.[1] ?? ''
      assert.match(
        noise,
        /^cancelled in each pair for the 1 benchmark compared on pairs/,
        `${where}: ${noise}`,
      )
      assert.match(noise, /for the 2 benchmarks compared unpaired, unknown/, `${where}: ${noise}`)
    }
    for (const name of unpaired)
      assert.match(
        md,
        new RegExp(`^- \`${name}\`: not paired: imported, so measured once per side`, 'm'),
        name,
      )
    assert.doesNotMatch(md, /^- `(tick|count)`: not paired/m, 'the others are not unpaired')
    assert.match(md, /; unpaired, for the 2 benchmarks whose runs did not alternate: Mann–Whitney U/)
  }

  test('an imported benchmark (a file a setup step wrote per side) is compared unpaired, and the report says so', () =>
    unpaired(false))

  // Instruction counts are exact: they need no pairing, and must not be called paired either.
  valgrindGate.test('instruction counts beside them are exact: neither paired nor unpaired', () =>
    unpaired(true),
  )
})
