import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import {
  type BenchmarkConfig,
  ConfigError,
  configJsonSchema,
  DEFAULTS,
  findConfigFile,
  loadConfig,
  parseConfig,
  parseDurationMs,
  parsePercent,
  splitCommand,
  ValueError,
} from '../../../src/config/index.ts'
import type { ProcessBenchmarkConfig } from '../../../src/kinds/process/schema.ts'
import { planCases } from '../../../src/run/plan.ts'
import { parseError, repoRoot } from '../../support/helpers.ts'

function processBenchmark(b: BenchmarkConfig): ProcessBenchmarkConfig {
  assert.equal(b.kind, 'process', `${b.name} is a process benchmark`)
  return b as ProcessBenchmarkConfig
}

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'configs')
const GOOD = path.join(FIXTURES, 'good')
const BAD = path.join(FIXTURES, 'bad')

async function loadError(file: string): Promise<ConfigError> {
  try {
    await loadConfig(file)
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`)
    return error
  }
  assert.fail(`${file} loaded without error`)
}

// Each malformed config and the message it produces after the file name.
const METRICS = 'wall, user, sys, cpu, max-rss, minor-faults, major-faults, voluntary-cs, involuntary-cs'
const PROCESS_KEYS =
  'name, kind, command, prepare, conclude, parameters, stdin, output, shell-correction, shell, cwd, env, threshold, alpha, timed-change, runs, warmup, timeout, gate, compare-with'
const WALL_CLOCK_KEYS =
  'name, kind, runner, engines, rebar, harness, model, input, params, threads, count, throughput, shell, cwd, env, threshold, alpha, timed-change, runs, warmup, max-time, max-warmup-time, sample-time, timeout, gate'
const BAD_CASES: Record<string, string> = {
  'alpha-too-large.yml':
    ':5:12: benchmarks[0].alpha: expected a significance level above 0 and below 0.5, like 0.01, got a number (2)',
  'argv-item-mapping.yml': ':4:22: benchmarks[0].command[1]: expected a string, got a mapping',
  'bad-duration.yml':
    ':14:14: benchmarks[2].timeout: expected a duration like "60s", "500ms" or "2m", got "ten"',
  'benchmark-key-typo.yml': `:5:5: benchmarks[0].timout: unknown key "timout"; did you mean "timeout"? (expected one of: ${PROCESS_KEYS})`,
  'compare-with-itself.yml':
    ':5:23: benchmarks[0].compare-with[1]: expected the name of another benchmark in this file, got "a"; that is this benchmark\'s own name',
  'compare-with-kind.yml':
    ':5:20: benchmarks[0].compare-with[0]: expected a benchmark ranked like this one (a process benchmark, by its median wall time), got "memmem"; "memmem" is a wall-clock benchmark, which is not ranked against others',
  'compare-with-parameters.yml':
    ':9:20: benchmarks[1].compare-with[0]: expected a benchmark without parameters, like this one, got "sort-quick"; "sort-quick" has parameters n; a group\'s scans are ranked point by point',
  'compare-with-unknown.yml':
    ':14:20: benchmarks[3].compare-with[0]: expected the name of another benchmark in this file, got "hash4M"; did you mean "hash 4M"?',
  'command-number.yml':
    ':4:14: benchmarks[0].command: expected a command: a list of strings like [app, --version] or one string, got a number (42)',
  'duplicate-names.yml':
    ':8:11: benchmarks[2].name: duplicate name "startup": benchmarks[0] and benchmarks[2] both use it',
  'duplicate-yaml-key.yml': ':6:5: duplicate key "runs": a key may appear only once in a mapping',
  'duration-bare-number.yml':
    ':2:12: defaults.timeout: expected a duration like "60s", "500ms" or "2m", got a number (60); write 60s or 60ms rather than 60',
  'empty-benchmarks.yml': ':2:13: benchmarks: expected a non-empty list of benchmarks, got an empty list',
  'empty-command-list.yml':
    ':4:14: benchmarks[0].command: expected a non-empty list of arguments, got an empty list',
  'empty-command-string.yml': ':4:14: benchmarks[0].command: expected a non-empty command, got ""',
  'empty.yml': ': the file is empty; expected a mapping with a "benchmarks" list',
  'env-nested-object.yml':
    ':7:16: benchmarks[0].env.OPTIONS: expected a string (numbers and booleans are converted), got a mapping',
  'gate-unknown-metric.yml': `:5:18: benchmarks[0].gate[1]: expected one of: ${METRICS}, got "rss"`,
  'instructions-command-and-import.yml':
    ':5:13: benchmarks[0].import: expected either command or import, not both, got a mapping; run the tool that writes the summaries as a setup step',
  'instructions-neither.yml': ':2:5: benchmarks[0]: missing required key "command" (or import)',
  'instructions-heap-gate-without-heap.yml':
    ':5:16: benchmarks[0].gate[1]: "heap-peak-bytes" is measured only with heap: true; add heap: true or gate on another metric',
  'instructions-heap-import.yml':
    ':5:11: benchmarks[0].heap: heap runs the command under DHAT and an import runs none; imported Gungraun summaries bring their heap counts when Gungraun ran DHAT (--tools=dhat): remove heap',
  'instructions-import-format.yml':
    ':4:23: benchmarks[0].import.format: expected "iai-callgrind", got "criterion"',
  'missing-benchmarks.yml':
    ':1:1: missing required key "benchmarks" (expected a non-empty list of benchmarks)',
  'missing-kind.yml':
    ':2:5: benchmarks[0]: missing required key "kind" (expected one of: process, instructions, wall-clock, scaling, import)',
  'missing-name.yml': ':2:5: benchmarks[0]: missing required key "name" (expected a non-empty name)',
  'multiple-documents.yml':
    ':5:1: the file holds more than one YAML document (a second "---"); a config is one document',
  'negative-duration.yml': ':5:14: benchmarks[0].timeout: expected a duration greater than zero, got "-5s"',
  'runs-fraction.yml': ':5:11: benchmarks[0].runs: expected a whole number of at least 2, got a number (2.5)',
  'runs-not-a-number.yml': ':5:11: benchmarks[0].runs: expected a whole number of at least 2, got "many"',
  'runs-one.yml': ':5:11: benchmarks[0].runs: expected a whole number of at least 2, got a number (1)',
  'setup-step-number.yml':
    ':3:5: setup[1]: expected a setup step: a command (a list of strings or one string) or a mapping with run:, got a number (42)',
  'setup-unknown-key.yml':
    ':3:5: setup[0].shel: unknown key "shel"; did you mean "shell"? (expected one of: run, shell, cwd, env, timeout)',
  'shell-no.yml': ':5:12: benchmarks[0].shell: expected true or false, got "no"',
  'shell-operator.yml':
    ':4:14: benchmarks[0].command: "|" at character 12 is a shell operator, but the command is split into words and run without a shell; quote it (\'|\') or set shell: true to run it with /bin/sh -c',
  'shell-with-argv.yml':
    ':5:14: benchmarks[0].command: expected one string (a script for /bin/sh -c), got a list; with shell: true the command is a shell script; write it as one string, or drop shell: true to keep the argv list',
  'suite-with-slash.yml':
    ':1:8: suite: expected a suite name made of letters, digits, ".", "_" and "-" (it is used in file names), got "web/api"',
  'tabs.yml': ':2:1: invalid YAML: tabs are not allowed as indentation; indent with spaces',
  'threshold-bare-number.yml':
    ':2:14: defaults.threshold: expected a percentage like "5%" or "0.5%", got a number (5); write 5% rather than 5',
  'threshold-not-a-percentage.yml':
    ':5:16: benchmarks[0].threshold: expected a percentage like "5%" or "0.5%", got "abc%"',
  'top-level-key-typo.yml':
    ':2:1: benchmark: unknown key "benchmark"; did you mean "benchmarks"? (expected one of: suite, defaults, setup, base-setup, benchmarks, accept, trends, timed-change)',
  'top-level-list.yml': ':1:1: expected a mapping with suite, defaults, setup and benchmarks, got a list',
  'unbalanced-quote.yml':
    ":4:14: benchmarks[0].command: unbalanced quote: the ' at character 6 is never closed",
  'unknown-benchmark-key.yml': `:5:5: benchmarks[0].thraeds: unknown key "thraeds" (expected one of: ${PROCESS_KEYS})`,
  'unknown-kind.yml':
    ':3:11: benchmarks[0].kind: expected one of: process, instructions, wall-clock, scaling, import, got "proces"; did you mean "process"?',
  'unknown-top-level-key.yml':
    ':2:1: threshold: unknown key "threshold"; it belongs under defaults: (expected one of: suite, defaults, setup, base-setup, benchmarks, accept, trends, timed-change)',
  'wall-clock-runner-and-engines.yml':
    ':7:7: benchmarks[0].engines: expected one of runner, engines or rebar, not runner and engines, got a mapping; one runner is one engine; list it under engines with the others',
  // compare-with is a key of the kinds whose benchmarks are ranked against each other.
  'wall-clock-compare-with.yml': `:6:5: benchmarks[0].compare-with: unknown key "compare-with" (expected one of: ${WALL_CLOCK_KEYS})`,
  'wall-clock-neither.yml': ':2:5: benchmarks[0]: missing required key "runner" (or engines or rebar)',
  'wall-clock-reserved-input.yml':
    ':6:7: benchmarks[0].input.max-iters: expected a key other than the ones bench-action writes itself (name, model, max-iters, max-warmup-iters, max-time, max-warmup-time, sample-time, threads), got "max-iters"',
  'wall-clock-throughput-unknown.yml':
    ':7:17: benchmarks[0].throughput: expected the name of an input, one of: pattern, haystack, got "hay"',
  'wall-clock-harness-engines.yml':
    ':4:14: benchmarks[0].harness: expected one runner with harness: true (a harness lists its own benchmarks), got a boolean (true); give each harness its own benchmark entry',
  'wall-clock-count-negative.yml':
    ':5:12: benchmarks[0].count: expected a whole number of at least 0, got a number (-1)',
  'wall-clock-engine-name.yml':
    ':6:7: benchmarks[0].engines["rust memmem"]: expected an engine name made of letters, digits and _ . : / + -, got "rust memmem"',
  'wall-clock-engine-shell-operator.yml':
    ':6:13: benchmarks[0].engines.fast: "|" at character 10 is a shell operator, but the command is split into words and run without a shell; quote it (\'|\') or set shell: true to run it with /bin/sh -c',
  'scaling-no-counts.yml': ':2:5: benchmarks[0]: missing required key "threads" (or processes)',
  'scaling-counts-zero.yml':
    ':6:18: benchmarks[0].threads[1]: expected a list of thread counts, whole numbers of at least 1, like [1, 2, 4], got a number (0)',
  'scaling-runner-processes.yml':
    ':6:16: benchmarks[0].processes: expected no processes with format: runner (a runner is one process; its threads come from the KLV), got a list',
  'scaling-metron-no-line.yml':
    ':2:5: benchmarks[0]: missing required key "metron-line" (format: metron reads one line of the table)',
  'scaling-format-unknown.yml':
    ':5:13: benchmarks[0].format: expected one of: runner, metron, csb, got "json"',
  'yaml-bad-indentation.yml':
    ':4:4: invalid YAML: this line starts at column 4, shallower than the key on line 3 (column 5), so it belongs to no mapping; start it at column 5 to make it a key beside it',
  'yaml-over-indented-comment.yml':
    ":4:7: invalid YAML: this line starts at column 7, deeper than the key on line 3 (column 5), so it reads as more of that key's value; start it at column 5 to make it a key beside it",
  // The parser stops at kind (line 4); the line to fix is the one under it, and its column is said.
  'yaml-over-indented.yml':
    ":5:6: invalid YAML: this line starts at column 6, deeper than the key on line 4 (column 5), so it reads as more of that key's value; start it at column 5 to make it a key beside it",
  'yaml-unclosed-bracket.yml':
    ':5:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
  'timed-change-unknown.yml': ':1:15: timed-change: expected "any" or "explained-only", got "explained"',
  'timed-change-not-text.yml':
    ':6:19: benchmarks[0].timed-change: expected "any" or "explained-only", got a boolean (true)',
  'zero-duration.yml': ':5:14: benchmarks[0].timeout: expected a duration greater than zero, got "0ms"',
}

describe('malformed configs', () => {
  test('every fixture has an expected message and every expected message a fixture', () => {
    assert.deepEqual(readdirSync(BAD).sort(), Object.keys(BAD_CASES).sort())
    assert.ok(Object.keys(BAD_CASES).length >= 24, 'Object.keys(BAD_CASES).length >= 24')
  })

  for (const [name, expected] of Object.entries(BAD_CASES)) {
    test(name, async () => {
      const file = path.join(BAD, name)
      const error = await loadError(file)
      assert.equal(error.message, file + expected)
      assert.equal(error.file, file)
      // The message is exactly what the CLI prints: one line, no stack, no validator internals.
      assert.doesNotMatch(error.message, /\n|ZodError|\bat .*\.ts:\d+|Invalid input/)
    })
  }

  test('structured fields name the path, the place and what was expected', async () => {
    const error = await loadError(path.join(BAD, 'bad-duration.yml'))
    assert.equal(error.path, 'benchmarks[2].timeout')
    assert.equal(error.line, 14)
    assert.equal(error.column, 14)
    assert.equal(error.expected, 'a duration like "60s", "500ms" or "2m"')
    assert.equal(error.name, 'ConfigError')
  })

  test('every problem is reported, in file order', () => {
    const text =
      'suite: a/b\nbenchmarks:\n  - name: a\n    kind: process\n    command: [x]\n    alpha: 3\n    runs: 1\n'
    const error = parseError(text)
    assert.deepEqual(error.messages(), [
      'bench.yml:1:8: suite: expected a suite name made of letters, digits, ".", "_" and "-" (it is used in file names), got "a/b"',
      'bench.yml:6:12: benchmarks[0].alpha: expected a significance level above 0 and below 0.5, like 0.01, got a number (3)',
      'bench.yml:7:11: benchmarks[0].runs: expected a whole number of at least 2, got a number (1)',
    ])
  })

  test('a misspelt key is not also reported as missing', () => {
    const error = parseError('benchmarks:\n  - name: a\n    kind: process\n    comand: [x]\n')
    assert.equal(error.problems.length, 1)
    assert.match(error.message, /unknown key "comand"; did you mean "command"\?/)
  })

  test('a missing file, a directory and an explicit null are config errors too', async () => {
    const missing = path.join(BAD, 'no-such-file.yml')
    assert.equal((await loadError(missing)).message, `${missing}: no such config file`)
    assert.equal((await loadError(BAD)).message, `${BAD}: is a directory, expected a YAML config file`)
    assert.equal(
      parseError('~\n').message,
      'bench.yml:1:1: expected a mapping with suite, defaults, setup and benchmarks, got an empty value',
    )
  })

  test('a key with no value points at the key', () => {
    assert.equal(
      parseError('suite: x\nbenchmarks:\n').message,
      'bench.yml:2:1: benchmarks: expected a non-empty list of benchmarks, got an empty value',
    )
  })

  test('a problem inside a merged mapping points at the mapping that merges it', () => {
    const text = [
      'benchmarks:',
      '  - &base { name: a, kind: process, command: [x] }',
      '  - <<: *base',
      '    name: b',
      '    runs: 1',
    ].join('\n')
    assert.equal(
      parseError(text).message,
      'bench.yml:5:11: benchmarks[1].runs: expected a whole number of at least 2, got a number (1)',
    )
  })

  test('strings a shell would expand are refused, not passed on literally', () => {
    const command = (c: string) =>
      parseError(`benchmarks:\n  - name: a\n    kind: process\n    command: ${c}\n`).problems[0]!.detail
    assert.match(command('echo $HOME'), /"\$" at character 6 is a shell expansion/)
    assert.match(
      command('FOO=1 ./app'),
      /variable assignment "FOO=", which only a shell understands; set it under env: instead/,
    )
    assert.match(command('ls "*.txt" *.md'), /"\*" at character 12 is a shell wildcard/)
    assert.match(command('./app\\'), /ends with a lone backslash/)
  })
})

describe('good configs', () => {
  /** The nearest folder at or above `dir` that holds a .git entry. */
  const workTreeOf = (dir: string): string =>
    existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir ? dir : workTreeOf(path.dirname(dir))

  test('a config with every section, with every default applied', async () => {
    const file = path.join(GOOD, 'design-example.yml')
    const config = await loadConfig(file)
    assert.deepEqual(config, {
      file,
      dir: GOOD,
      // The git work tree holding it: what the files it names for bench-action to read stay inside.
      // This checkout; in a copy of it without .git (a mutation-testing sandbox), the work tree above.
      repository: workTreeOf(repoRoot),
      suite: 'example',
      defaults: {
        threshold: 0.05,
        runs: 20,
        warmup: 2,
        timeoutMs: 60_000,
        alpha: 0.01,
        sequential: true,
        timedChange: 'any',
      },
      setup: [
        { command: ['cargo', 'build', '--release'], shell: false, cwd: GOOD, env: {}, timeoutMs: 600_000 },
      ],
      benchmarks: [
        {
          name: 'startup',
          kind: 'process',
          command: ['./target/release/app', '--version'],
          shell: false,
          cwd: GOOD,
          env: {},
          threshold: 0.05,
          alpha: 0.01,
          timedChange: 'any',
          runs: 20,
          warmup: 2,
          timeoutMs: 60_000,
          gate: ['wall'],
        },
      ],
    })
  })

  test('a minimal file gets the default suite and defaults', async () => {
    const config = await loadConfig(path.join(GOOD, 'minimal.yaml'))
    assert.equal(config.suite, 'default')
    assert.deepEqual(config.defaults, DEFAULTS)
    assert.deepEqual(config.setup, [])
    const first = config.benchmarks[0]!
    assert.equal(first.kind, 'process')
    assert.deepEqual(first.kind === 'process' && first.command, ['sleep', '1'])
  })

  test('kind instructions: heap is off by default; heap: true gates the heap counts beside ir', () => {
    const config = parseConfig(
      `benchmarks:
  - { name: a, kind: instructions, command: ./a }
  - { name: b, kind: instructions, command: ./b, heap: true }
  - { name: c, kind: instructions, command: ./c, heap: true, gate: [heap-peak-bytes] }
`,
      path.join(GOOD, 'heap.yml'),
    )
    const [a, b, c] = config.benchmarks.map((x) => (x.kind === 'instructions' ? [x.heap, x.gate] : []))
    assert.deepEqual(a, [false, ['ir']])
    assert.deepEqual(b, [
      true,
      ['ir', 'heap-bytes', 'heap-blocks', 'heap-peak-bytes', 'heap-peak-blocks', 'heap-reads', 'heap-writes'],
    ])
    assert.deepEqual(c, [true, ['heap-peak-bytes']])
  })

  test('kind instructions: heap with a harness, and a gate on imported heap counts, are accepted', () => {
    const config = parseConfig(
      `benchmarks:
  - { name: h, kind: instructions, command: ./bench, harness: true, heap: true }
  - { name: i, kind: instructions, import: { format: iai-callgrind, path: target }, gate: [ir, heap-bytes] }
`,
      path.join(GOOD, 'heap.yml'),
    )
    const [h, i] = config.benchmarks.map((x) =>
      x.kind === 'instructions' ? [x.harness, x.heap, x.gate.join(' ')] : [],
    )
    assert.deepEqual(h, [
      true,
      true,
      'ir heap-bytes heap-blocks heap-peak-bytes heap-peak-blocks heap-reads heap-writes',
    ])
    assert.deepEqual(i, [false, false, 'ir heap-bytes'])
  })

  test('kind import: a file or a command, a format or none, every metric gated unless named', () => {
    const config = parseConfig(
      `benchmarks:
  - { name: h, kind: import, file: out/hyperfine.json }
  - { name: g, kind: import, format: go, command: go test -bench . -count 5, cwd: pkg, gate: time, timeout: 5m }
`,
      path.join(GOOD, 'imports.yml'),
    )
    const [h, g] = config.benchmarks
    assert.deepEqual(
      {
        kind: h?.kind,
        file: h?.kind === 'import' ? h.file?.path : undefined,
        format: h?.kind === 'import' ? h.format : 'x',
      },
      { kind: 'import', file: path.join(GOOD, 'out/hyperfine.json'), format: undefined },
    )
    assert.equal(h?.kind === 'import' && h.gate, undefined)
    assert.deepEqual(g?.kind === 'import' && [g.format, g.command, g.cwd, g.gate, g.timeoutMs], [
      'go',
      ['go', 'test', '-bench', '.', '-count', '5'],
      path.join(GOOD, 'pkg'),
      ['time'],
      300_000,
    ])
    const bad = (yaml: string) => () => parseConfig(yaml, 'x.yml')
    assert.throws(
      bad('benchmarks: [{ name: a, kind: import }]'),
      /x\.yml:1:14: benchmarks\[0\]: missing required key "file" \(or command\)/,
    )
    assert.throws(
      bad('benchmarks: [{ name: a, kind: import, file: f, command: [x] }]'),
      /benchmarks\[0\]\.command: expected either file or command, not both/,
    )
    assert.throws(
      bad('benchmarks: [{ name: a, kind: import, file: f, format: gotest }]'),
      /benchmarks\[0\]\.format: expected one of: hyperfine, criterion, .*custom-bigger-is-better, got "gotest"/,
    )
  })

  test('base-setup: steps for the base of a same-job comparison, resolved like setup', () => {
    const text =
      'defaults: { env: { LEVEL: "1" } }\nsetup: [make]\nbase-setup:\n  - make OLD=1\n  - { run: [./prep, 0.10], cwd: tools }\nbenchmarks:\n  - { name: t, kind: process, command: [true] }\n'
    const config = parseConfig(text, path.join(GOOD, 'ab.yml'))
    assert.deepEqual(
      config.baseSetup?.map((s) => [s.command, s.cwd, s.env]),
      [
        [['make', 'OLD=1'], GOOD, { LEVEL: '1' }],
        [['./prep', '0.10'], path.join(GOOD, 'tools'), { LEVEL: '1' }],
      ],
    )
    assert.equal(
      parseConfig('benchmarks: [{ name: t, kind: process, command: [true] }]', 'x.yml').baseSetup,
      undefined,
    )
    assert.throws(
      () =>
        parseConfig('base-setup: [42]\nbenchmarks: [{ name: t, kind: process, command: [true] }]', 'x.yml'),
      /x\.yml:1:14: base-setup\[0\]: expected a setup step/,
    )
  })

  test('overrides, inheritance, command forms and paths', async () => {
    const config = await loadConfig(path.join(GOOD, 'overrides.yml'))
    assert.equal(config.suite, 'my-suite.v2')
    assert.deepEqual(config.defaults, {
      threshold: 0.025,
      runs: 30,
      warmup: 0,
      timeoutMs: 90_000,
      alpha: 0.05,
      sequential: false,
      timedChange: 'explained-only',
    })

    assert.deepEqual(config.setup, [
      {
        command: ['cargo', 'build', '--release'],
        shell: false,
        cwd: GOOD,
        env: { RUST_LOG: 'warn', LEVEL: '1' },
        timeoutMs: 600_000,
      },
      {
        command: ['make', '-C', 'native', '-j', '4'],
        shell: false,
        cwd: GOOD,
        env: { RUST_LOG: 'warn', LEVEL: '1' },
        timeoutMs: 600_000,
      },
      {
        command: ['/bin/sh', '-c', './scripts/prepare.sh && echo ready'],
        shell: true,
        cwd: path.join(GOOD, 'tools'),
        env: { RUST_LOG: 'warn', LEVEL: '2' },
        timeoutMs: 120_000,
      },
    ])

    const byName = new Map(config.benchmarks.map((b) => [b.name, processBenchmark(b)]))
    const inherits = byName.get('inherits')!
    assert.deepEqual(inherits.command, ['./app', '--version'])
    assert.equal(inherits.threshold, 0.025)
    assert.equal(inherits.alpha, 0.05)
    assert.equal(inherits.runs, 30)
    assert.equal(inherits.warmup, 0)
    assert.equal(inherits.timeoutMs, 90_000)
    assert.deepEqual(inherits.env, { RUST_LOG: 'warn', LEVEL: '1' })
    assert.deepEqual(inherits.gate, ['wall'])
    assert.equal(inherits.timedChange, 'explained-only')

    const overrides = byName.get('overrides')!
    assert.deepEqual(overrides.command, ['sleep', '0.10'])
    assert.equal(overrides.threshold, 0.005)
    assert.equal(overrides.alpha, 0.001)
    assert.equal(overrides.runs, 50)
    assert.equal(overrides.warmup, 5)
    assert.equal(overrides.timeoutMs, 500)
    assert.equal(overrides.cwd, path.join(GOOD, 'sub', 'dir'))
    assert.deepEqual(overrides.env, { RUST_LOG: 'debug', LEVEL: '1', DEBUG: 'true' })
    assert.deepEqual(overrides.gate, ['wall', 'max-rss'])
    assert.equal(overrides.timedChange, 'any')

    assert.deepEqual(byName.get('quoting')!.command, [
      './app',
      'two words',
      'single $quoted',
      'back slash',
      'esc "q" \\ $HOME',
      '',
      'end',
    ])
    assert.deepEqual(byName.get('numbers in argv')!.command, [
      './app',
      '--threads',
      '4',
      '--ratio',
      '1.50',
      '--verbose',
      'true',
    ])
    const scripted = byName.get('scripted')!
    assert.equal(scripted.shell, true)
    assert.deepEqual(scripted.command, ['/bin/sh', '-c', 'for i in 1 2 3; do ./app "$i"; done'])
    assert.deepEqual(scripted.gate, ['cpu'])
    assert.equal(byName.get('absolute cwd')!.cwd, '/tmp')
  })

  test('timed-change: the file says it for every benchmark, one says it for itself; the gate records explained-only', () => {
    const gates = (top: string) =>
      planCases(
        parseConfig(
          `${top}benchmarks:
  - { name: p, kind: process, command: [./app] }
  - { name: w, kind: wall-clock, runner: [./bench] }
  - { name: own, kind: process, command: [./app], timed-change: explained-only }
  - { name: not, kind: wall-clock, runner: [./bench], timed-change: any }
`,
          path.join(GOOD, 'timed.yml'),
        ),
      ).map((c) => [c.name, c.gate.timedChange])
    // any is the default, and a results file without the key reads as any: it is not written.
    assert.deepEqual(gates(''), [
      ['p', undefined],
      ['w', undefined],
      ['own', 'explained-only'],
      ['not', undefined],
    ])
    assert.deepEqual(gates('timed-change: explained-only\n'), [
      ['p', 'explained-only'],
      ['w', 'explained-only'],
      ['own', 'explained-only'],
      ['not', undefined],
    ])
  })

  test('a relative config path resolves against the working directory, cwd values against the file', () => {
    const config = parseConfig(
      'benchmarks:\n  - name: a\n    kind: process\n    command: [x]\n    cwd: ../data\n',
      'ci/bench.yml',
    )
    assert.equal(config.file, path.resolve('ci/bench.yml'))
    assert.equal(config.dir, path.resolve('ci'))
    assert.equal(config.benchmarks[0]!.cwd, path.resolve('data'))
  })

  test('merge keys share settings between benchmarks', () => {
    const text = [
      'benchmarks:',
      '  - &base { name: a, kind: process, command: [x], runs: 5, env: { A: 1 } }',
      '  - <<: *base',
      '    name: b',
    ].join('\n')
    const config = parseConfig(text, 'bench.yml')
    assert.equal(config.benchmarks[1]!.name, 'b')
    assert.equal(processBenchmark(config.benchmarks[1]!).runs, 5)
    assert.deepEqual(config.benchmarks[1]!.env, { A: '1' })
  })
})

describe('findConfigFile', () => {
  test('looks in the directory, then .github/, bench.yml before bench.yaml', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-config-'))
    try {
      assert.equal(findConfigFile(dir), null)
      await mkdir(path.join(dir, '.github'))
      // A directory named like a config file is not one.
      await mkdir(path.join(dir, 'bench.yml'))
      assert.equal(findConfigFile(dir), null)
      await writeFile(path.join(dir, '.github', 'bench.yaml'), '')
      assert.equal(findConfigFile(dir), path.join(dir, '.github', 'bench.yaml'))
      await writeFile(path.join(dir, '.github', 'bench.yml'), '')
      assert.equal(findConfigFile(dir), path.join(dir, '.github', 'bench.yml'))
      await writeFile(path.join(dir, 'bench.yaml'), '')
      assert.equal(findConfigFile(dir), path.join(dir, 'bench.yaml'))
      await rm(path.join(dir, 'bench.yml'), { recursive: true })
      await writeFile(path.join(dir, 'bench.yml'), '')
      assert.equal(findConfigFile(dir), path.join(dir, 'bench.yml'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('configJsonSchema', () => {
  type Schema = {
    type?: string
    properties?: Record<string, Schema>
    required?: string[]
    items?: Schema
    oneOf?: Schema[]
    anyOf?: Schema[]
    additionalProperties?: unknown
    const?: unknown
    enum?: unknown[]
    default?: unknown
    description?: string
  }
  const schema = configJsonSchema() as Schema

  test('describes the file for editors', () => {
    assert.equal(schema.type, 'object')
    assert.equal(schema.additionalProperties, false)
    assert.deepEqual(Object.keys(schema.properties!).sort(), [
      'accept',
      'base-setup',
      'benchmarks',
      'defaults',
      'setup',
      'suite',
      'timed-change',
      'trends',
    ])
    assert.deepEqual(schema.required, ['benchmarks'])
    const kinds = schema.properties!.benchmarks!.items!.oneOf!
    const process = kinds.find((k) => k.properties?.kind?.const === 'process')
    assert.ok(process, 'the process kind is listed')
    assert.deepEqual(process.required, ['name', 'kind', 'command'])
    assert.equal(process.additionalProperties, false)
    assert.ok(process.properties!.timeout!.description, 'process.properties!.timeout!.description')
    assert.ok(
      schema.properties!.defaults!.properties!.threshold!.description,
      'schema.properties!.defaults!.properties!.threshold!.description',
    )
    // What users write, not what the loader makes of it: durations and percentages are strings.
    assert.equal(process.properties!.timeout!.type, 'string')
    assert.equal(process.properties!.threshold!.type, 'string')
    assert.equal(schema.properties!.defaults!.required, undefined)
    // timed-change: the file's rule, with its default, and a benchmark's own.
    assert.deepEqual(schema.properties!['timed-change']!.enum, ['any', 'explained-only'])
    assert.equal(schema.properties!['timed-change']!.default, 'any')
    assert.deepEqual(process.properties!['timed-change']!.enum, ['any', 'explained-only'])
    // Serialisable as it stands (the CLI prints it).
    assert.deepEqual(JSON.parse(JSON.stringify(schema)), schema)
  })
})

describe('warm-up of runner programs', () => {
  const warmups = (defaults: string) =>
    parseConfig(
      `${defaults}
benchmarks:
  - { name: whole, kind: process, command: [./app] }
  - { name: runner, kind: wall-clock, runner: [./runner] }
  - { name: timed, kind: wall-clock, runner: [./runner], warmup: 4, max-warmup-time: 2s }
  - { name: sweep, kind: scaling, command: [./runner], format: runner, threads: [1, 2] }
  - { name: csb, kind: scaling, command: [./app], format: csb, threads: [1, 2] }
`,
      'bench.yml',
    ).benchmarks.map((b) => [
      b.name,
      'warmup' in b ? b.warmup : undefined,
      'maxWarmupTimeMs' in b ? b.maxWarmupTimeMs : undefined,
    ])

  test('a runner warms up by time unless a count is written; whole-program runs keep their count', () => {
    assert.deepEqual(warmups(''), [
      ['whole', DEFAULTS.warmup, undefined],
      ['runner', 1_000_000, 100],
      ['timed', 4, 2000],
      ['sweep', 1_000_000, undefined],
      ['csb', DEFAULTS.warmup, undefined],
    ])
    assert.deepEqual(warmups('defaults: { warmup: 1 }'), [
      ['whole', 1, undefined],
      ['runner', 1, 100],
      ['timed', 4, 2000],
      ['sweep', 1, undefined],
      ['csb', 1, undefined],
    ])
  })

  test('the JSON Schema gives the default warm-up time', () => {
    type Properties = Record<string, { default?: unknown; description?: string }>
    const kinds = (
      configJsonSchema() as {
        properties: {
          benchmarks: { items: { oneOf: Array<{ properties: Properties & { kind: { const?: string } } }> } }
        }
      }
    ).properties.benchmarks.items.oneOf
    const wallClock = kinds.find((k) => k.properties.kind.const === 'wall-clock')!.properties
    assert.equal(wallClock['max-warmup-time']!.default, '100ms')
    assert.equal(wallClock.warmup!.default, undefined, 'the count is inherited or left to the time')
  })
})

describe('values', () => {
  test('durations', () => {
    const cases: [string, number][] = [
      ['60s', 60_000],
      ['500ms', 500],
      ['2m', 120_000],
      ['1.5s', 1500],
      ['250us', 0.25],
      ['250µs', 0.25],
      ['100ns', 0.0001],
      ['1h', 3_600_000],
      ['1m30s', 90_000],
      ['.5s', 500],
    ]
    for (const [text, ms] of cases) assert.equal(parseDurationMs(text), ms, text)
    for (const text of ['', 'ten', '60', '5 s', '0s', '-1s', '1d', 's', '1.s']) {
      assert.throws(() => parseDurationMs(text), ValueError, text)
    }
    assert.throws(() => parseDurationMs(60), { hint: 'write 60s or 60ms rather than 60' })
  })

  test('percentages', () => {
    assert.equal(parsePercent('5%'), 0.05)
    assert.equal(parsePercent('0.5%'), 0.005)
    assert.equal(parsePercent('0%'), 0)
    assert.equal(parsePercent('150%'), 1.5)
    for (const text of ['5', 'abc%', '-5%', '%', '5 %', '5%%'])
      assert.throws(() => parsePercent(text), ValueError, text)
    assert.throws(() => parsePercent(5), { hint: 'write 5% rather than 5' })
    assert.throws(() => parsePercent(0.05), {
      hint: 'write 0.05% rather than 0.05 (or 5% if 0.05 was meant as a fraction)',
    })
  })

  test('command strings split like shell words', () => {
    const cases: [string, string[]][] = [
      ['app --version', ['app', '--version']],
      ['  app   a\tb\n c  ', ['app', 'a', 'b', 'c']],
      ['app \'a b\' "c d"', ['app', 'a b', 'c d']],
      ["app 'it''s'", ['app', 'its']],
      ["app '\\n'", ['app', '\\n']],
      ['app "a\\"b" "c\\\\d" "e\\f"', ['app', 'a"b', 'c\\d', 'e\\f']],
      ['app a\\ b \\"', ['app', 'a b', '"']],
      ['app \'\' ""', ['app', '', '']],
      ['app pre"mid"post', ['app', 'premidpost']],
      ['app \'$HOME\' \\$HOME "\\$HOME"', ['app', '$HOME', '$HOME', '$HOME']],
      ["app '|' '*' a#b", ['app', '|', '*', 'a#b']],
      ['app -t={threads} key=value', ['app', '-t={threads}', 'key=value']],
      ['app a\\\nb', ['app', 'ab']],
      ['', []],
    ]
    for (const [text, argv] of cases) assert.deepEqual(splitCommand(text), argv, text)
    for (const text of [
      "app 'a",
      'app "a',
      'app a\\',
      'a | b',
      'a && b',
      'a; b',
      'a > out',
      'a $(b)',
      'a `b`',
    ]) {
      assert.throws(() => splitCommand(text), ValueError, text)
    }
    assert.throws(
      () => splitCommand('app "$X"'),
      /"\$" at character 6 is a shell expansion even inside double quotes/,
    )
    assert.throws(() => splitCommand('app # comment'), /the start of a shell comment/)
    assert.throws(() => splitCommand('app ~/x'), /home-directory expansion/)
  })
})
