// The package as users get it: `npm pack`, installed into an empty project without a network
// (it depends on nothing: dist/ is bundled), then run with npx on the Node this suite runs on, the
// oldest that `engines` promises. A C harness built against the installed package's runners/c and a
// whole-program benchmark run dry from there, with nothing of this repository but the user's code.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { exists, removeDir, repoRoot, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

// The dry run builds C programs and counts their instructions.
const counted = await needs('cc', 'valgrind')

const run = promisify(execFile)

describe('the packed package, installed into an empty project', () => {
  let work: string
  let project: string
  let packed: { name: string; version: string; files: Array<{ path: string }>; size: number }
  const npx = (args: string[], timeout = 120_000) =>
    run('npx', ['--no-install', 'bench-action', ...args], {
      cwd: project,
      timeout,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, GITHUB_ACTIONS: '', CI: '', NO_COLOR: '1' },
    })

  before(async () => {
    work = await tempDir('package-install-')
    project = path.join(work, 'project')
    await mkdir(project)
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: repoRoot,
      maxBuffer: 64 * 1024 * 1024,
    })
    packed = JSON.parse(stdout)[0]
    await writeFile(path.join(project, 'package.json'), '{ "name": "user-project", "private": true }\n')
    // --offline: the package needs nothing from the registry.
    await run(
      'npm',
      [
        'install',
        '--offline',
        '--no-audit',
        '--no-fund',
        path.join(work, `${packed.name}-${packed.version}.tgz`),
      ],
      { cwd: project },
    )
  })
  after(() => removeDir(work))

  test('it depends on nothing: one package installed, no dependencies declared', async () => {
    // .bin holds the bench-action command; nothing else is installed beside the package.
    assert.deepEqual(await readdir(path.join(project, 'node_modules')), [
      '.bin',
      '.package-lock.json',
      'bench-action',
    ])
    const manifest = JSON.parse(
      await readFile(path.join(project, 'node_modules/bench-action/package.json'), 'utf8'),
    ) as Record<string, unknown>
    assert.equal(manifest.dependencies, undefined)
    const shipped = packed.files.map((f) => f.path)
    for (const needed of [
      'dist/cli.js',
      'dist/index.js',
      'action.yml',
      'runners/c/bench_action.h',
      'README.md',
    ])
      assert.ok(shipped.includes(needed), `${needed} is in the package`)
    // No sources or tests; of the tests' outputs only the sample report the README links to.
    assert.deepEqual(
      shipped.filter((f) => f.startsWith('src/') || f.startsWith('__tests__/')),
      ['__tests__/__outputs__/report.md'],
    )
  })

  test("every relative link of the installed package's documents leads to a file it contains", async () => {
    const installed = path.join(project, 'node_modules/bench-action')
    const documents = packed.files.map((f) => f.path).filter((f) => f.endsWith('.md'))
    assert.ok(
      documents.includes('README.md') && documents.includes('runners/README.md'),
      documents.join(', '),
    )
    const broken: string[] = []
    for (const document of documents) {
      const text = await readFile(path.join(installed, document), 'utf8')
      for (const [, link] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(link!)) continue
        const target = path.resolve(installed, path.dirname(document), link!)
        if (!(await exists(target))) broken.push(`${document}: ${link}`)
      }
    }
    assert.deepEqual(broken, [])
  })

  test('npx bench-action answers --version, --help and schema', async () => {
    const version = await npx(['--version'])
    assert.equal(version.stdout.trim(), packed.version)
    assert.match((await npx(['--help'])).stdout, /^Usage:/m)
    const schema = JSON.parse((await npx(['schema'])).stdout) as { properties?: Record<string, unknown> }
    assert.ok(schema.properties?.benchmarks, 'the schema describes benchmarks')
  })

  counted.test(
    'a dry run of a C harness (built with the installed header) and a whole-program benchmark',
    async () => {
      // The user's code: the repository's C example and a small program, nothing else of it.
      await mkdir(path.join(project, 'build'))
      await copyFile(path.join(repoRoot, 'examples/c-instructions/bench.c'), path.join(project, 'bench.c'))
      await copyFile(path.join(repoRoot, 'examples/process/work.c'), path.join(project, 'work.c'))
      await writeFile(
        path.join(project, 'bench.yml'),
        `suite: installed
setup:
  - [cc, -O2, -g, -o, build/bench, bench.c, -Inode_modules/bench-action/runners/c]
  - [cc, -O2, -o, build/work, work.c]
benchmarks:
  - name: c
    kind: instructions
    command: [./build/bench]
    harness: true
  - name: c-time
    kind: wall-clock
    runner: [./build/bench]
    harness: true
    runs: 4
  - name: work
    kind: process
    command: [./build/work, hash, "200000"]
    runs: 4
`,
      )
      const { stdout, stderr } = await npx(
        ['run', '--dry-run', '--no-install', '--json', 'results.json'],
        600_000,
      )
      assert.match(stdout, /bench-action · installed/, stderr)
      const results = JSON.parse(await readFile(path.join(project, 'results.json'), 'utf8')) as {
        benchmarks: Array<{ name: string; kind: string; status: string; error?: { message: string } }>
      }
      const kinds = new Set(results.benchmarks.map((b) => b.kind))
      assert.deepEqual([...kinds].sort(), ['instructions', 'process', 'wall-clock'])
      for (const b of results.benchmarks) assert.equal(b.status, 'ok', `${b.name}: ${b.error?.message}`)
      assert.ok(
        results.benchmarks.filter((b) => b.kind === 'instructions').length > 1,
        'the harness listed its benchmarks',
      )
    },
  )
})
