// The files a config names for bench-action itself to read stay inside the repository, and those a
// rebar definition names inside its directory's haystacks/ and regexes/: /proc, /dev, absolute paths
// elsewhere, `../` climbs and symlinks that lead out are refused, with the file, the place in it and
// what was expected. Checked when the config is read and again when the file is read, since a setup
// step (the pull request's code) may make a symlink in between.
import assert from 'node:assert/strict'
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { ConfigError } from '../../../../src/config/errors.ts'
import { loadConfig, parseConfig } from '../../../../src/config/index.ts'
import type { WallClockCase } from '../../../../src/kinds/wall-clock/plan.ts'
import { rebarCases } from '../../../../src/kinds/wall-clock/rebar-cases.ts'
import type { ResultSet } from '../../../../src/results.ts'
import { planCases } from '../../../../src/run/plan.ts'
import { cli, exists, gitRepo, removeDir, repoRoot, tempDir } from '../../../support/helpers.ts'

const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

/** A git repository and, beside it, a directory with a file that is not the repository's. */
let repo: string
let outside: string
before(async () => {
  repo = await gitRepo({ 'bench.yml': 'benchmarks: []\n' })
  outside = await tempDir('outside')
  dirs.push(repo, outside)
  await writeFile(path.join(outside, 'secret.txt'), 'not the repository’s\n')
  await mkdir(path.join(repo, 'data'))
  await writeFile(path.join(repo, 'data', 'corpus.txt'), 'in the repository\n')
  await symlink(path.join(outside, 'secret.txt'), path.join(repo, 'data', 'out.txt'))
  await symlink('corpus.txt', path.join(repo, 'data', 'in.txt'))
})

async function refused(yaml: string, file = 'bench.yml'): Promise<ConfigError> {
  await writeFile(path.join(repo, file), yaml)
  try {
    await loadConfig(path.join(repo, file))
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`)
    return error
  }
  assert.fail(`the config was read:\n${yaml}`)
}

describe('a path that leads out of the repository is a config error', () => {
  const wallClock = (input: string) =>
    `benchmarks:\n  - name: w\n    kind: wall-clock\n    runner: [./runner]\n    input: ${input}\n`
  /** Each config is made when its test runs, once the directories exist. */
  const cases: Array<[string, () => string, string, RegExp]> = [
    [
      "bench-action's own environment, as a wall-clock input",
      () => wallClock('{ haystack: { path: /proc/self/environ } }'),
      'benchmarks[0].input.haystack.path',
      /got "\/proc\/self\/environ", which leads to \/proc\/\d+\/environ$/,
    ],
    [
      'a device, as the second value of a list',
      () => wallClock('{ pattern: [a, { path: /dev/zero }] }'),
      'benchmarks[0].input.pattern[1].path',
      /got "\/dev\/zero"$/,
    ],
    [
      'a climb out with ../',
      () => wallClock(`{ haystack: { path: ../x/../${path.basename(outside)}/secret.txt } }`),
      'benchmarks[0].input.haystack.path',
      /got "\.\.\/x\/\.\.\/bench-outside-\w+\/secret\.txt", which leads to \/.*\/secret\.txt$/,
    ],
    [
      'a symlink in the repository that points out',
      () => wallClock('{ haystack: { path: data/out.txt } }'),
      'benchmarks[0].input.haystack.path',
      /got "data\/out\.txt", which leads to \/.*bench-outside-\w+\/secret\.txt$/,
    ],
    [
      "a process benchmark's stdin",
      () => 'benchmarks:\n  - { name: p, kind: process, command: [cat], stdin: /proc/self/environ }\n',
      'benchmarks[0].stdin',
      /got "\/proc\/self\/environ", which leads to \/proc\/\d+\/environ$/,
    ],
    [
      'a stdin file one point of a parameter scan makes lead out',
      () =>
        'benchmarks:\n  - { name: p, kind: process, command: [cat], stdin: "data/{f}", parameters: { f: [corpus.txt, ../../../../../etc/passwd] } }\n',
      'benchmarks[0].stdin',
      /got "data\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd", which leads to \/etc\/passwd$/,
    ],
    [
      "an import's results file",
      () => 'benchmarks:\n  - { name: i, kind: import, file: /etc/passwd }\n',
      'benchmarks[0].file',
      /expected a file or directory inside the repository .*, got "\/etc\/passwd"$/,
    ],
    [
      'imported instruction counts',
      () =>
        `benchmarks:\n  - { name: c, kind: instructions, import: { format: iai-callgrind, path: ${outside} } }\n`,
      'benchmarks[0].import.path',
      /expected a file or directory inside the repository .*, got "\/.*bench-outside-\w+"$/,
    ],
    [
      'a rebar directory',
      () => 'benchmarks:\n  - { name: r, kind: wall-clock, rebar: { benchmarks: ../ } }\n',
      'benchmarks[0].rebar.benchmarks',
      /expected a directory inside the repository .*, got "\.\.\/", which leads to \/\S+$/,
    ],
  ]
  for (const [what, make, at, got] of cases) {
    test(what, async () => {
      const yaml = make()
      const error = await refused(yaml)
      assert.equal(error.path, at)
      assert.equal(error.file, path.join(repo, 'bench.yml'))
      assert.equal(error.line, yaml.includes('\n    input:') ? 5 : 2)
      assert.match(error.expected ?? '', /^a (file|directory|file or directory) inside the repository /)
      assert.ok(error.expected?.endsWith(` inside the repository ${repo}`), error.expected)
      assert.ok(
        error.message.startsWith(
          `${path.join(repo, 'bench.yml')}:${error.line}:${error.column}: ${at}: expected ${error.expected}, got `,
        ),
        error.message,
      )
      assert.match(error.message, got)
    })
  }

  test('the repository is the git work tree: .github/bench.yml reads ../data, and a symlink that stays inside is followed', async () => {
    await mkdir(path.join(repo, '.github'), { recursive: true })
    const yaml = wallClock('{ a: { path: ../data/corpus.txt }, b: { path: ../data/in.txt } }')
    await writeFile(path.join(repo, '.github', 'bench.yml'), yaml)
    const config = await loadConfig(path.join(repo, '.github', 'bench.yml'))
    const [b] = config.benchmarks
    assert.equal(config.repository, repo)
    assert.deepEqual(
      b?.kind === 'wall-clock' && b.input.map((i) => ('path' in i.value ? i.value.path : undefined)),
      [path.join(repo, 'data', 'corpus.txt'), path.join(repo, 'data', 'in.txt')],
    )
    // One directory down from the repository, its data is still the repository's.
    assert.ok((await refused(yaml.replace('../data/in.txt', '../data/out.txt'), '.github/bench.yml')).path)
  })

  test('outside a git work tree, the repository is the directory of bench.yml, or the one above .github/', () => {
    const text = wallClock('{ a: { path: ../../data.txt } }')
    const error = (() => {
      try {
        parseConfig(text, path.join(outside, 'sub', 'bench.yml'))
      } catch (e) {
        return e as ConfigError
      }
      assert.fail('read')
    })()
    assert.equal(error.expected, `a file inside the repository ${path.join(outside, 'sub')}`)
    const config = parseConfig(
      wallClock('{ a: { path: ../data.txt } }'),
      path.join(outside, '.github', 'bench.yml'),
    )
    assert.equal(config.repository, outside)
  })
})

describe('checked again when read: a setup step that makes a symlink out after the config was read', () => {
  test('an input, a stdin file and imported results each fail their benchmark, naming where the config wrote them; nothing reaches the programs', async () => {
    const elsewhere = await tempDir('elsewhere')
    dirs.push(elsewhere)
    await cp(
      path.join(repoRoot, '__tests__/fixtures/import/hyperfine/sleep.json'),
      path.join(elsewhere, 'results.json'),
    )
    await cp(
      path.join(repoRoot, '__tests__/fixtures/iai/iai-callgrind-0.16.1'),
      path.join(elsewhere, 'iai'),
      {
        recursive: true,
      },
    )
    const dir = await gitRepo({
      'bench.yml': `suite: swapped
setup:
  - run: ln -s /proc/self/environ haystack.txt && ln -s /proc/self/environ in.txt && ln -s ${elsewhere}/results.json results.json && ln -s ${elsewhere}/iai iai
    shell: true
benchmarks:
  - name: input
    kind: wall-clock
    runner: [/bin/sh, -c, "cat > received.klv"]
    input: { haystack: { path: haystack.txt } }
    runs: 2
  - name: stdin
    kind: process
    command: [cat]
    stdin: in.txt
    output: out.txt
    runs: 2
    warmup: 0
  - name: imported
    kind: import
    file: results.json
  - name: counted
    kind: instructions
    import: { format: iai-callgrind, path: iai }
`,
    })
    dirs.push(dir)
    const json = path.join(dir, 'results-out.json')
    const r = await cli(['run', '--no-save', '--no-install', '--json', json], dir)
    assert.equal(r.code, 3, r.stdout + r.stderr)
    const set = JSON.parse(await readFile(json, 'utf8')) as ResultSet
    const failure = (name: string) => {
      const b = set.benchmarks.find((x) => x.name === name)
      assert.equal(b?.status, 'failed', `${name}: ${JSON.stringify(b)}`)
      return b!.error!.message
    }
    const config = path.join(dir, 'bench.yml')
    const repository = `inside the repository ${dir}`
    const environ = /which leads to \/proc\/\d+\/environ$/
    const input = failure('input')
    assert.ok(
      input.startsWith(
        `${config}:9:32: benchmarks[0].input.haystack.path: expected a file ${repository}, got "haystack.txt"`,
      ),
      input,
    )
    assert.match(input, environ)
    const stdin = failure('stdin')
    assert.ok(
      stdin.startsWith(`${config}:14:12: benchmarks[1].stdin: expected a file ${repository}, got "in.txt"`),
      stdin,
    )
    assert.match(stdin, environ)
    assert.equal(
      failure('imported'),
      `${config}:20:11: benchmarks[2].file: expected a file or directory ${repository}, got "results.json", which leads to ${elsewhere}/results.json`,
    )
    assert.equal(
      failure('counted'),
      `${config}:23:44: benchmarks[3].import.path: expected a file or directory ${repository}, got "iai", which leads to ${elsewhere}/iai`,
    )
    // Refused before the programs started: the runner was sent nothing and cat read nothing.
    assert.equal(await exists(path.join(dir, 'received.klv')), false, 'the runner never ran')
    assert.equal(await exists(path.join(dir, 'out.txt')), false, 'the command never ran')
  })
})

describe("a rebar definition's haystacks and regexes stay inside its directory's haystacks/ and regexes/", () => {
  /** A rebar directory (rebar's layout) in a repository, with one definition and one engine. */
  async function rebarWith(definition: string, version = 'bin = "true"'): Promise<WallClockCase> {
    const dir = await tempDir('rebar-paths')
    dirs.push(dir)
    const at = path.join(dir, 'benchmarks')
    for (const sub of ['definitions', 'haystacks', 'regexes'])
      await mkdir(path.join(at, sub), { recursive: true })
    await writeFile(path.join(at, 'haystacks', 'hay.txt'), 'needle in hay\n')
    await writeFile(path.join(at, 'regexes', 'one.txt'), 'needle\n')
    await writeFile(path.join(dir, 'secret.txt'), 'beside the rebar directory, not in haystacks/\n')
    await symlink(path.join(outside, 'secret.txt'), path.join(at, 'haystacks', 'link.txt'))
    await writeFile(
      path.join(at, 'engines.toml'),
      `[[engine]]\n  name = "e"\n  [engine.version]\n    ${version}\n  [engine.run]\n    bin = "true"\n`,
    )
    await writeFile(
      path.join(at, 'definitions', 'group.toml'),
      `[[bench]]\nmodel = "count"\nname = "x"\ncount = 1\nengines = ["e"]\n${definition}\n`,
    )
    const config = parseConfig(
      'benchmarks:\n  - { name: r, kind: wall-clock, rebar: { benchmarks: benchmarks } }\n',
      path.join(dir, 'bench.yml'),
    )
    return planCases(config)[0] as WallClockCase
  }

  const refusedRebar: Array<[string, string, RegExp]> = [
    [
      'a haystack that climbs out of haystacks/',
      'regex = "needle"\nhaystack = { path = "../../secret.txt" }',
      /^benchmarks\/definitions\/group\.toml: bench\[0\]\.haystack\.path: expected a path inside benchmarks\/haystacks\/ \(relative to it, as FORMAT\.md writes them\), got "\.\.\/\.\.\/secret\.txt", which leads to \/\S+\/secret\.txt$/,
    ],
    [
      "bench-action's own environment as a haystack",
      'regex = "needle"\nhaystack = { path = "/proc/self/environ" }',
      /bench\[0\]\.haystack\.path: expected a path inside benchmarks\/haystacks\/ .*, got "\/proc\/self\/environ", which leads to \/proc\/\d+\/environ$/,
    ],
    [
      'a haystack symlink that points out',
      'regex = "needle"\nhaystack = { path = "link.txt" }',
      /bench\[0\]\.haystack\.path: expected a path inside benchmarks\/haystacks\/ .*, got "link\.txt", which leads to \/\S+bench-outside-\w+\/secret\.txt$/,
    ],
    [
      'a regex file outside regexes/',
      'regex = { path = "../haystacks/hay.txt" }\nhaystack = "needle"',
      /bench\[0\]\.regex\.path: expected a path inside benchmarks\/regexes\/ .*, got "\.\.\/haystacks\/hay\.txt", which leads to \/\S+\/benchmarks\/haystacks\/hay\.txt$/,
    ],
  ]
  for (const [what, definition, message] of refusedRebar) {
    test(what, async () => {
      await assert.rejects(rebarCases(await rebarWith(definition)), (error: Error) => {
        assert.equal(error.name, 'RebarFormatError')
        assert.match(error.message, message)
        return true
      })
    })
  }

  test("a version file outside the repository, and haystacks/ itself a symlink out, are refused; rebar's own layout is read", async () => {
    const fine = await rebarWith('regex = { path = "one.txt" }\nhaystack = { path = "hay.txt" }')
    const { cases } = await rebarCases(fine)
    assert.deepEqual(
      await Promise.all(
        cases.map(async (c) => [
          c.name,
          await Promise.all(
            [...c.input, ...(c.inputAfterLimits ?? [])].map(async (i) =>
              'load' in i.value ? (await i.value.load()).toString() : i.value,
            ),
          ),
        ]),
      ),
      [['r/group/x/e', [{ text: 'false' }, { text: 'false' }, { text: 'needle' }, 'needle in hay\n']]],
    )
    const versioned = await rebarWith(
      'regex = "needle"\nhaystack = "hay"',
      `file = "${path.join(outside, 'secret.txt')}"`,
    )
    await assert.rejects(
      rebarCases(versioned),
      /^RebarFormatError: benchmarks\/engines\.toml: engine\[0\]\.version\.file: expected a file inside the repository \S+, got "\/\S+\/secret\.txt"$/,
    )
    const moved = await rebarWith('regex = "needle"\nhaystack = { path = "hay.txt" }')
    const haystacks = path.join(moved.rebar!.benchmarks.path, 'haystacks')
    await removeDir(haystacks)
    await symlink(outside, haystacks)
    await assert.rejects(
      rebarCases(moved),
      /^RebarFormatError: benchmarks\/haystacks: expected a directory inside benchmarks \(rebar's layout: engines\.toml, definitions\/, haystacks\/ and regexes\/ side by side\), got "benchmarks\/haystacks", which leads to \/\S+bench-outside-\w+$/,
    )
  })
})
