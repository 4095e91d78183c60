// rebar's own layout, from rebar's own engines.toml (fixtures/rebar-upstream, copied from rebar at
// 09cfc23): with bench.yml in the directory above benchmarks/, an engine's `cwd` ("../engines/…") is
// joined to benchmarks/, its `bin` with a `/` is under that cwd and a bare one stays a name for PATH.
// Nothing is started: the cases are planned and their commands read.
import assert from 'node:assert/strict'
import { readFileSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { parseConfig } from '../../../../src/config/index.ts'
import { runnerConfiguration } from '../../../../src/kinds/wall-clock/measure.ts'
import type { WallClockCase } from '../../../../src/kinds/wall-clock/plan.ts'
import { commandOf } from '../../../../src/kinds/wall-clock/rebar.ts'
import { rebarCases } from '../../../../src/kinds/wall-clock/rebar-cases.ts'
import { planCases } from '../../../../src/run/plan.ts'
import { repoRoot } from '../../../support/helpers.ts'

const UPSTREAM = realpathSync(path.join(repoRoot, '__tests__/fixtures/rebar-upstream'))

function entry(filter: string, engines: string): WallClockCase {
  const config = parseConfig(
    `benchmarks:\n  - { name: r, kind: wall-clock, rebar: { benchmarks: benchmarks, filter: "${filter}", engines: "${engines}" } }\n`,
    path.join(UPSTREAM, 'bench.yml'),
  )
  return planCases(config)[0] as WallClockCase
}

describe("rebar's engines.toml resolves as rebar resolves it", () => {
  test('each engine runs in its cwd under benchmarks/, a bin with a / under that cwd', async () => {
    const { cases, failed } = await rebarCases(
      entry('^test/func/leftmost-first$', '^(rust/regex|rust/regex/lite|python/re|go/regexp)$'),
    )
    assert.deepEqual(failed, [])
    assert.deepEqual(
      cases.map((c) => [c.name, c.cwd, c.command]),
      [
        [
          'r/test/func/leftmost-first/go/regexp',
          path.join(UPSTREAM, 'engines/go'),
          [path.join(UPSTREAM, 'engines/go/main')],
        ],
        [
          'r/test/func/leftmost-first/python/re',
          path.join(UPSTREAM, 'engines/python'),
          [path.join(UPSTREAM, 'engines/python/ve/bin/python'), 'main.py', 're'],
        ],
        [
          'r/test/func/leftmost-first/rust/regex',
          path.join(UPSTREAM, 'engines/rust/regex'),
          [path.join(UPSTREAM, 'engines/rust/regex/target/release/main')],
        ],
        [
          'r/test/func/leftmost-first/rust/regex/lite',
          path.join(UPSTREAM, 'engines/rust/regex-lite'),
          [path.join(UPSTREAM, 'engines/rust/regex-lite/target/release/main')],
        ],
      ],
    )
  })

  test('curated/01-literal/sherlock-en with rust/regex plans without its haystack, which is not checked out', async () => {
    const { cases, failed } = await rebarCases(entry('curated/01-literal/sherlock-en', 'rust/regex'))
    assert.deepEqual(failed, [])
    assert.deepEqual(
      cases.map((c) => [c.name, c.cwd, c.command]),
      [
        [
          'r/curated/01-literal/sherlock-en/rust/regex',
          path.join(UPSTREAM, 'engines/rust/regex'),
          [path.join(UPSTREAM, 'engines/rust/regex/target/release/main')],
        ],
        [
          'r/curated/01-literal/sherlock-en/rust/regex/lite',
          path.join(UPSTREAM, 'engines/rust/regex-lite'),
          [path.join(UPSTREAM, 'engines/rust/regex-lite/target/release/main')],
        ],
        // rebar's -e is not anchored: rust/regex keeps rust/regexold too.
        [
          'r/curated/01-literal/sherlock-en/rust/regexold',
          path.join(UPSTREAM, 'engines/rust/regex-old'),
          [path.join(UPSTREAM, 'engines/rust/regex-old/target/release/main')],
        ],
      ],
    )
    assert.deepEqual(await runnerConfiguration(cases[0]!), {
      error:
        'benchmarks/definitions/curated/01-literal.toml: bench[0].haystack.path: cannot read the haystack opensubtitles/en-sampled.txt under haystacks/: ENOENT',
    })
  })

  test("a command's own cwd is kept as written (rebar's working directory), a bare bin is left to PATH", () => {
    const engineCwd = path.join(UPSTREAM, 'engines/python')
    const command = (cwd: string | undefined, bin: string) =>
      commandOf({ ...(cwd === undefined ? {} : { cwd }), bin, args: ['x'], envs: [] }, engineCwd, UPSTREAM)
    assert.deepEqual(command(undefined, 'virtualenv'), { argv: ['virtualenv', 'x'], cwd: engineCwd, env: {} })
    assert.deepEqual(command(undefined, 've/bin/pip'), {
      argv: [path.join(UPSTREAM, 'engines/python/ve/bin/pip'), 'x'],
      cwd: engineCwd,
      env: {},
    })
    assert.deepEqual(command('tools', './gen'), {
      argv: [path.join(UPSTREAM, 'tools/gen'), 'x'],
      cwd: path.join(UPSTREAM, 'tools'),
      env: {},
    })
    // A dependency check is given no engine cwd: it runs where rebar runs.
    assert.deepEqual(commandOf({ bin: 'python', args: ['--version'], envs: [] }, undefined, UPSTREAM), {
      argv: ['python', '--version'],
      cwd: UPSTREAM,
      env: {},
    })
  })
})

test('a runner is sent byte for byte what rebar klv prints (fixtures/rebar-upstream/klv, captured from rebar)', async () => {
  const { cases } = await rebarCases(
    entry('^test/func/(leftmost-first|dollar-only-matches-end)$', '^rust/regex$'),
  )
  assert.equal(cases.length, 2)
  for (const c of cases) {
    const definition = String(c.parameters.definition).split('/').at(-1)
    const captured = readFileSync(path.join(UPSTREAM, 'klv', `${definition}.klv`))
    // rebar klv --max-iters 5 --max-warmup-iters 1000000 --max-time 2s --max-warmup-time 100ms:
    // bench-action's default warm-up, limits and time.
    const sent = await runnerConfiguration(
      { ...c, warmup: 1_000_000, maxWarmupTimeMs: 100 },
      { runs: 5, maxTimeMs: 2000 },
    )
    assert.ok(!('error' in sent), JSON.stringify(sent))
    assert.equal(sent.klv.toString('latin1'), captured.toString('latin1'), c.name)
  }
})
