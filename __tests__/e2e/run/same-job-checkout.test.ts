// `--against` builds and measures both sides in checkouts, which hold what git tracks (the head's also
// the untracked files) and never what git ignores. A setup or a benchmark that relies on a path only
// the working tree has fails there: the report says which side could not be built or run, shows the end
// of its output, and names the path with how to give the checkout what it needs.
import assert from 'node:assert/strict'
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after } from 'node:test'
import { cli, gitIn, gitRepo, removeDir, repoRoot } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const cc = await needs('cc')

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

/** A repository of the example program, with `bench.yml` and `.gitignore` committed as given. */
async function repo(config: string, ignore: string): Promise<string> {
  const dir = await gitRepo({ 'bench.yml': config, '.gitignore': ignore })
  dirs.push(dir)
  await copyFile(path.join(repoRoot, 'examples', 'process', 'work.c'), path.join(dir, 'work.c'))
  await gitIn(dir, 'add', 'work.c')
  await gitIn(dir, 'commit', '--quiet', '-m', 'work.c')
  return dir
}

const run = (dir: string) =>
  cli(['run', '--against', 'HEAD', '--no-save', '--no-install', '--markdown', 'report.md'], dir)

const short = async (dir: string) => (await gitIn(dir, 'rev-parse', '--short=7', 'HEAD')).trim()

const START = `benchmarks:
  - name: start
    kind: process
    command: [./build/work, start]
`

cc.test(
  'setup compiling into an ignored build/ that only the working tree has: named, with mkdir',
  async () => {
    const dir = await repo(
      `suite: checkout\ndefaults: { runs: 3, warmup: 0 }\nsetup:\n  - [cc, -O2, -o, build/work, work.c]\n${START}`,
      'build/\n',
    )
    // The developer's own build directory: ignored, so neither checkout has it.
    await mkdir(path.join(dir, 'build'))
    const r = await run(dir)
    // The head is a checkout too, and is built first: it fails, so the base is not built.
    assert.equal(r.code, 3, r.stderr + r.stdout)
    const hint =
      "build/ exists in your working tree but is ignored: the head's checkout (what git tracks, with the untracked files) does not have it; create it in setup (e.g. [mkdir, -p, build])"
    assert.ok(r.stdout.includes(`warning: ${hint}`), r.stdout)
    assert.match(r.stdout, /start: the head [0-9a-f]{7} failed to build: setup step 1 exited with code 1/)
    assert.match(r.stdout, /cannot open output file build\/work/)
    const md = await readFile(path.join(dir, 'report.md'), 'utf8')
    assert.ok(md.includes(`> ${hint.replace('[mkdir, -p, build]', '\\[mkdir, -p, build\\]')}`), md)
  },
)

cc.test('the same setup with [mkdir, -p, build] first: both sides build and are compared', async () => {
  const dir = await repo(
    `suite: checkout\ndefaults: { runs: 3, warmup: 0 }\nsetup:\n  - [mkdir, -p, build]\n  - [cc, -O2, -o, build/work, work.c]\n${START}`,
    'build/\n',
  )
  await mkdir(path.join(dir, 'build'))
  const r = await run(dir)
  assert.equal(r.code, 0, r.stderr + r.stdout)
  const md = await readFile(path.join(dir, 'report.md'), 'utf8')
  assert.match(
    md,
    new RegExp(`\\*\\*Baseline:\\*\\* ${await short(dir)}.*--against HEAD, built and measured in this job`),
  )
  assert.doesNotMatch(md, /exists in your working tree/)
})

cc.test('a setup script in an untracked folder: the base is not built, and says why', async () => {
  const dir = await repo(
    `suite: checkout\ndefaults: { runs: 3, warmup: 0 }\nsetup:\n  - [sh, tools/build.sh]\n${START}`,
    'build/\n',
  )
  // Not added: the head's checkout gets it as an untracked file, the base's (HEAD) has none.
  await mkdir(path.join(dir, 'tools'))
  await writeFile(path.join(dir, 'tools', 'build.sh'), 'mkdir -p build && cc -O2 -o build/work work.c\n')
  const r = await run(dir)
  // Nothing compared, nothing failed: the head is measured without a verdict, as with no baseline.
  assert.equal(r.code, 0, r.stderr + r.stdout)
  const sha = await short(dir)
  assert.match(r.stdout, /1 benchmark measured, no baseline to compare with/)
  const md = await readFile(path.join(dir, 'report.md'), 'utf8')
  assert.match(
    md,
    new RegExp(
      `\\*\\*No baseline:\\*\\* the base ${sha} \\(--against HEAD\\) failed to build: setup step 1 exited with code 2`,
    ),
  )
  assert.match(md, /> The base's setup output ended with: .*tools\/build\.sh/)
  assert.ok(
    md.includes(
      `> tools/ exists in your working tree but is not in ${sha} (untracked): the base's checkout does not have it; commit it, or build the base without it (base-setup:)`,
    ),
    md,
  )
})

cc.test(
  'a benchmark whose program is in an untracked folder: the base could not run it, and says why',
  async () => {
    const dir = await repo(
      `suite: checkout\ndefaults: { runs: 3, warmup: 0 }\nbenchmarks:\n  - name: tool\n    kind: process\n    command: [sh, tools/run.sh]\n`,
      '',
    )
    await mkdir(path.join(dir, 'tools'))
    await writeFile(path.join(dir, 'tools', 'run.sh'), 'true\n')
    const r = await run(dir)
    assert.equal(r.code, 0, r.stderr + r.stdout)
    const sha = await short(dir)
    // Not "no regressions": nothing was compared.
    assert.match(r.stdout, /1 benchmark measured, no baseline to compare with/)
    assert.match(
      r.stdout,
      new RegExp(
        `baseline: no baseline: the base ${sha} \\(--against HEAD\\) could not run its benchmarks: tool: exited with code 2 on run 1 of 3`,
      ),
    )
    assert.match(r.stdout, /warning: The base's output of tool ended with: .*tools\/run\.sh/)
    assert.ok(
      r.stdout.includes(
        `warning: tools/ exists in your working tree but is not in ${sha} (untracked): the base's checkout does not have it; commit it: the base runs the head's benchmarks in its own checkout`,
      ),
      r.stdout,
    )
  },
)

cc.test(
  'one of two benchmarks cannot run at the base: the other is compared, the path is named',
  async () => {
    const dir = await repo(
      `suite: checkout\ndefaults: { runs: 3, warmup: 0 }\nbenchmarks:\n  - name: tool\n    kind: process\n    command: [sh, tools/run.sh]\n  - name: plain\n    kind: process\n    command: ["true"]\n`,
      '',
    )
    await mkdir(path.join(dir, 'tools'))
    await writeFile(path.join(dir, 'tools', 'run.sh'), 'true\n')
    const r = await run(dir)
    assert.equal(r.code, 0, r.stderr + r.stdout)
    const sha = await short(dir)
    assert.match(r.stdout, new RegExp(`baseline: ${sha}.*--against HEAD, built and measured in this job`))
    assert.ok(
      r.stdout.includes(
        `warning: tools/ exists in your working tree but is not in ${sha} (untracked): the base's checkout does not have it; commit it: the base runs the head's benchmarks in its own checkout`,
      ),
      r.stdout,
    )
    assert.match(r.stdout, /\ntool +wall \(median\) .* no baseline\n/)
    assert.match(r.stdout, /\nplain +wall \(median\) .* (unchanged|unclear)\n/)
  },
)
