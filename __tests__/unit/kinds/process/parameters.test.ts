// A process benchmark's parameter scan: the config surface and its errors, the cases it plans, and the
// curve compare draws across its points in the markdown comment, the HTML report and the terminal.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} is a shell variable here, written as the user would write it
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { compareResults } from '../../../../src/compare/index.ts'
import { parseConfig } from '../../../../src/config/index.ts'
import { pointName, rangeValues, substitute } from '../../../../src/kinds/process/parameters.ts'
import type { ProcessCase } from '../../../../src/kinds/process/plan.ts'
import type { ProcessBenchmarkConfig } from '../../../../src/kinds/process/schema.ts'
import { renderHtml } from '../../../../src/report/html.ts'
import { renderMarkdown } from '../../../../src/report/markdown.ts'
import { renderTerminal } from '../../../../src/report/terminal.ts'
import { type BenchmarkResult, resultSetSchema } from '../../../../src/results.ts'
import { planCases } from '../../../../src/run/plan.ts'
import { parseError, resultSetOf } from '../../../support/helpers.ts'

function cases(text: string): ProcessCase[] {
  return planCases(parseConfig(text, '/project/bench.yml')) as ProcessCase[]
}

describe('parameters: in bench.yml', () => {
  test('a list gives one case per value, named NAME/PARAM:VALUE, with the value substituted everywhere', () => {
    const planned = cases(`
benchmarks:
  - name: sort
    kind: process
    command: [sort, -n, "data-{n}.txt", "--size={n}"]
    prepare: [./make-data, "{n}"]
    conclude: rm -f out-{n}.txt
    stdin: input-{n}.txt
    output: out-{n}.txt
    parameters: { n: [10, 100, 1000] }
`)
    assert.deepEqual(
      planned.map((c) => [c.id, c.name, c.parameters, c.series]),
      [
        ['sort/n:10', 'sort/n:10', { n: 10 }, 'sort'],
        ['sort/n:100', 'sort/n:100', { n: 100 }, 'sort'],
        ['sort/n:1000', 'sort/n:1000', { n: 1000 }, 'sort'],
      ],
    )
    const c = planned[1]!
    assert.deepEqual(c.command, ['sort', '-n', 'data-100.txt', '--size=100'])
    assert.deepEqual(c.prepare, ['./make-data', '100'])
    assert.deepEqual(c.conclude, ['rm', '-f', 'out-100.txt'])
    assert.equal(c.stdin?.path, '/project/input-100.txt')
    assert.deepEqual(c.output, { file: '/project/out-100.txt' })
  })

  test('a range counts up by its step; several parameters give every combination; {n} in the name names the case', () => {
    const planned = cases(`
benchmarks:
  - name: "gzip -{level} {size}"
    kind: process
    shell: true
    command: "head -c {size} /dev/zero | gzip -{level} > /dev/null; echo \${HOME}"
    parameters:
      size: [1000, 2000]
      level: { from: 1, to: 9, step: 4 }
      mode: [fast]
`)
    assert.deepEqual(
      planned.map((c) => c.name),
      [
        'gzip -1 1000/mode:fast',
        'gzip -5 1000/mode:fast',
        'gzip -9 1000/mode:fast',
        'gzip -1 2000/mode:fast',
        'gzip -5 2000/mode:fast',
        'gzip -9 2000/mode:fast',
      ],
    )
    assert.deepEqual(planned[4]!.parameters, { size: 2000, level: 5, mode: 'fast' })
    // A shell's own ${HOME} is the script's, not a parameter.
    assert.deepEqual(planned[4]!.command, [
      '/bin/sh',
      '-c',
      'head -c 2000 /dev/zero | gzip -5 > /dev/null; echo ${HOME}',
    ])
    assert.equal(planned[4]!.shellCorrection, true)
  })

  test('--filter selects points of a scan by their names', () => {
    const config = parseConfig(
      `
benchmarks:
  - { name: "sort {n}", kind: process, command: "sort {n}", parameters: { n: [10, 100] } }
  - { name: grep, kind: process, command: "grep {n}", parameters: { n: [10, 100] } }
  - { name: other, kind: process, command: "true" }
`,
      'bench.yml',
    )
    const names = (filter: string) => planCases(config, filter).map((c) => c.name)
    assert.deepEqual(names('sort 100'), ['sort 100'])
    assert.deepEqual(names('grep/n:1*'), ['grep/n:10', 'grep/n:100'])
    assert.deepEqual(names('grep'), ['grep/n:10', 'grep/n:100'])
    assert.deepEqual(names('*10'), ['sort 10', 'grep/n:10'])
  })

  test('without parameters a benchmark is one case; braces that are no placeholder stay as written', () => {
    const [c, ...rest] = cases(`
benchmarks:
  - name: "awk {}"
    kind: process
    command: [awk, "{ print $1 }", "{}", "{a,b}", "\${HOME}", "{1x}"]
`)
    assert.equal(rest.length, 0)
    assert.equal(c!.id, 'awk {}')
    assert.deepEqual(c!.parameters, {})
    assert.deepEqual(c!.command, ['awk', '{ print $1 }', '{}', '{a,b}', '${HOME}', '{1x}'])
    assert.equal(c!.series, undefined)
    assert.equal(c!.prepare, undefined)
    assert.equal(c!.output, undefined)
    assert.equal(c!.shellCorrection, undefined)
  })

  test("{{ and }} are one brace: awk '{{print}}' runs awk '{print}', with or without parameters", () => {
    const [plain, scanned] = cases(`
benchmarks:
  - name: "awk {{print}}"
    kind: process
    command: awk '{{print}}' data.txt
    prepare: [touch, "{{x}}.log"]
    stdin: "in-{{x}}.txt"
    output: "out-{{x}}}}.txt"
  - name: "echo {n}"
    kind: process
    shell: true
    command: "echo {{n}}={n} {{{n}}}"
    parameters: { n: [5] }
`)
    assert.equal(plain!.name, 'awk {print}')
    assert.deepEqual(plain!.command, ['awk', '{print}', 'data.txt'])
    assert.deepEqual(plain!.prepare, ['touch', '{x}.log'])
    assert.equal(plain!.stdin?.path, '/project/in-{x}.txt')
    assert.deepEqual(plain!.output, { file: '/project/out-{x}}.txt' })
    // A defined parameter is still its value; escaped, it is the text.
    assert.equal(scanned!.name, 'echo 5')
    assert.deepEqual(scanned!.command, ['/bin/sh', '-c', 'echo {n}=5 {5}'])
  })

  test('{n} in a benchmark without parameters is an error that names the place, the placeholder and the escape', () => {
    const error = parseError(`benchmarks:
  - name: a
    kind: process
    command: "true"
  - name: b
    kind: process
    command: "true"
  - name: c
    kind: process
    command: awk '{print}' data.txt
  - name: d {n}
    kind: process
    command: [seq, "{n}", "{n}"]
`)
    assert.deepEqual(error.messages(), [
      'bench.yml:10:14: benchmarks[2].command: expected {print} to name a parameter (this benchmark has none), got "awk \'{print}\' data.txt"; write {{print}} for a literal {print}, or scan it with parameters: { print: [...] } (a shell variable is written ${print}, which is left alone)',
      'bench.yml:11:11: benchmarks[3].name: expected {n} to name a parameter (this benchmark has none), got "d {n}"; write {{n}} for a literal {n}, or scan it with parameters: { n: [...] } (a shell variable is written ${n}, which is left alone)',
      'bench.yml:13:20: benchmarks[3].command[1]: expected {n} to name a parameter (this benchmark has none), got "{n}"; write {{n}} for a literal {n}, or scan it with parameters: { n: [...] } (a shell variable is written ${n}, which is left alone)',
      'bench.yml:13:27: benchmarks[3].command[2]: expected {n} to name a parameter (this benchmark has none), got "{n}"; write {{n}} for a literal {n}, or scan it with parameters: { n: [...] } (a shell variable is written ${n}, which is left alone)',
    ])
  })

  test('shell-correction: false turns the correction off; without shell: true there is none', () => {
    const config = parseConfig(
      `
benchmarks:
  - { name: a, kind: process, shell: true, command: "true" }
  - { name: b, kind: process, shell: true, command: "true", shell-correction: false }
  - { name: c, kind: process, command: "true" }
`,
      'bench.yml',
    )
    const flags = config.benchmarks.map((b) => (b as ProcessBenchmarkConfig).shellCorrection)
    assert.deepEqual(flags, [true, undefined, undefined])
  })

  test('ranges keep decimal steps exact and include `to` when a step lands on it', () => {
    assert.deepEqual(rangeValues({ from: 0.1, to: 0.5, step: 0.1 }), [0.1, 0.2, 0.3, 0.4, 0.5])
    assert.deepEqual(rangeValues({ from: 1, to: 10, step: 4 }), [1, 5, 9])
    assert.deepEqual(rangeValues({ from: 3, to: 3 }), [3])
    assert.equal(substitute('{a}-{b}-${a}-{c}', { a: 1, b: 'x' }), '1-x-${a}-{c}')
    assert.equal(substitute('{{a}}-{{{a}}}-}}{{-{{}}', { a: 1 }), '{a}-{1}-}{-{}')
    assert.equal(pointName('run {a}', { a: 1, b: 2 }), 'run 1/b:2')
  })

  test('bad parameters name the file, the path and what was expected', () => {
    const error = parseError(`benchmarks:
  - name: a
    kind: process
    command: "x {n}"
    parameters: { n: [] }
  - name: b
    kind: process
    command: "x {n}"
    parameters: { n: { from: 1, to: 5, step: 0 } }
  - name: c
    kind: process
    command: "x {n}"
    parameters: { n: { from: 5, to: 1 } }
  - name: d
    kind: process
    command: "x {n}"
    parameters: { n: { from: one, to: 5 } }
  - name: e
    kind: process
    command: [x, "{n}", "--m={m}"]
    parameters: { n: [1, 2] }
  - name: f
    kind: process
    shell: true
    command: "echo {n}"
    prepare: "rm -f {k}"
    parameters: { n: [1, 1] }
  - name: g
    kind: process
    command: x
    parameters: {}
  - name: "h {z}"
    kind: process
    command: x
    parameters: { n: [1] }
  - name: i
    kind: process
    command: x
    parameters: { n: [[1]] }
`)
    assert.deepEqual(error.messages(), [
      'bench.yml:5:22: benchmarks[0].parameters.n: expected a non-empty list of values, got an empty list',
      'bench.yml:9:46: benchmarks[1].parameters.n.step: expected a step greater than zero, got a number (0)',
      'bench.yml:13:37: benchmarks[2].parameters.n.to: expected a number at least from (5), got a number (1); a scan counts up from `from` to `to`; swap them',
      'bench.yml:17:30: benchmarks[3].parameters.n.from: expected a number to start from, got "one"',
      'bench.yml:20:25: benchmarks[4].command[2]: expected {m} to name a parameter (this benchmark has {n}), got "--m={m}"; write {{m}} for a literal {m}, or add m to parameters: (a shell variable is written ${m}, which is left alone)',
      'bench.yml:26:14: benchmarks[5].prepare: expected {k} to name a parameter (this benchmark has {n}), got "rm -f {k}"; write {{k}} for a literal {k}, or add k to parameters: (a shell variable is written ${k}, which is left alone)',
      'bench.yml:27:26: benchmarks[5].parameters.n[1]: expected each value once, got a number (1)',
      'bench.yml:31:17: benchmarks[6].parameters: expected at least one parameter, got an empty mapping',
      'bench.yml:32:11: benchmarks[7].name: expected {z} to name a parameter (this benchmark has {n}), got "h {z}"; write {{z}} for a literal {z}, or add z to parameters: (a shell variable is written ${z}, which is left alone)',
      'bench.yml:39:23: benchmarks[8].parameters.n[0]: expected a number or a string, got a list',
    ])
  })

  test('stdin, output and prepare are checked like the command', () => {
    assert.deepEqual(
      parseError(`benchmarks:
  - name: a
    kind: process
    command: x
    output: ""
    stdin: 3
`).messages(),
      [
        'bench.yml:5:13: benchmarks[0].output: expected null, pipe or a file path, got ""',
        'bench.yml:6:12: benchmarks[0].stdin: expected a file path, got a number (3)',
      ],
    )
    assert.deepEqual(
      parseError(`benchmarks:
  - name: a
    kind: process
    command: x
    shell: true
    prepare: [x, 1]
`).messages(),
      [
        'bench.yml:6:14: benchmarks[0].prepare: expected one string (a script for /bin/sh -c), got a list; with shell: true the command is a shell script; write it as one string, or drop shell: true to keep the argv list',
      ],
    )
  })
})

function wallResult(name: string, series: string, n: number, samples: number[]): BenchmarkResult {
  return {
    id: `${series}/n:${n}`,
    name: `${series}/n:${n}`,
    kind: 'process',
    parameters: { n },
    series,
    status: 'ok',
    metrics: { wall: { unit: 'ns', direction: 'lower', samples } },
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
    notes: [],
    ...(name === 'corrected' ? { shellCorrection: { ns: 1_200_000, runs: 30 } } : {}),
  }
}

describe('the curve across a scan', () => {
  const commit = { sha: 'a'.repeat(40), ref: 'main' }
  const at = '2026-01-01T00:00:00.000Z'
  const repeat = (x: number) => Array.from({ length: 12 }, (_, i) => x + i)
  const base = resultSetOf('s', commit, at, [
    wallResult('', 'sort', 10, repeat(1_000_000)),
    wallResult('', 'sort', 100, repeat(2_000_000)),
    wallResult('', 'sort', 1000, repeat(4_000_000)),
  ])
  const head = resultSetOf('s', commit, at, [
    wallResult('', 'sort', 10, repeat(1_000_000)),
    wallResult('', 'sort', 100, repeat(2_000_000)),
    wallResult('corrected', 'sort', 1000, repeat(8_000_000)),
  ])

  test('results with series and shellCorrection load, and older results without them still do', () => {
    assert.equal(resultSetSchema.parse(head).benchmarks[2]!.shellCorrection?.ns, 1_200_000)
    const { series: _s, shellCorrection: _c, ...old } = head.benchmarks[2]!
    assert.equal(resultSetSchema.parse({ ...head, benchmarks: [old] }).benchmarks[0]!.series, undefined)
  })

  test('compare draws one series per scan, points in order, with each side’s median wall and verdict', () => {
    const c = compareResults(head, { baseline: { results: base, source: 'file', reason: 'given' } })
    assert.equal(c.scans?.length, 1)
    const [s] = c.scans!
    assert.equal(s!.benchmark, 'sort')
    assert.equal(s!.parameter, 'n')
    assert.deepEqual(
      s!.points.map((p) => [p.value, p.base, p.head, p.verdict]),
      [
        [10, 1_000_005.5, 1_000_005.5, 'unchanged'],
        [100, 2_000_005.5, 2_000_005.5, 'unchanged'],
        [1000, 4_000_005.5, 8_000_005.5, 'regression'],
      ],
    )
  })

  test('the markdown comment charts the scan with mermaid and says what the shell cost', () => {
    const c = compareResults(head, { baseline: { results: base, source: 'file', reason: 'given' } })
    const md = renderMarkdown(c, { now: new Date(at) })
    assert.match(md, /#### Parameter scans/)
    assert.match(md, /title "sort: wall time by n"/)
    assert.match(md, /x-axis "n" \["10", "100", "1000"\]/)
    assert.match(md, /line "base" \[1, 2, 4\]/)
    assert.match(md, /line "head" \[1, 2, 8\]/)
    assert.match(md, /- `sort\/n:1000`: wall corrected for shell start-up: −1\.20 ms, measured over 30 runs/)
    const text = renderTerminal(c, { color: false, now: new Date(at) })
    assert.match(text, /Scan of sort by n \(median wall time\)\n {4}10 {2}base 1\.00 ms {2}head 1\.00 ms/)
    assert.match(text, /sort\/n:1000: wall corrected for shell start-up: −1\.20 ms, measured over 30 runs/)
  })

  test('the HTML report draws the scan as an SVG chart and says what the shell cost', async () => {
    const c = compareResults(head, { baseline: { results: base, source: 'file', reason: 'given' } })
    const html = await renderHtml(c, { now: new Date(at) })
    const section = html.slice(html.indexOf('<section id="scans">'))
    assert.match(section, /<h3><code>sort<\/code> by n<\/h3>/)
    assert.match(section, /<figure class="chart" data-chart="wall" data-scan="1">[\s\S]*?<svg/)
    assert.match(section, /wall time, median \(ms\)/)
    assert.match(html, /<section id="shell-correction">[\s\S]*wall corrected for shell start-up: −1\.20 ms/)
  })

  test('a scan of two parameters, or of text values, is reported without a curve', () => {
    const text = resultSetOf('s', commit, at, [
      {
        ...wallResult('', 'grep', 1, repeat(1000)),
        id: 'grep/m:a',
        name: 'grep/m:a',
        parameters: { m: 'a' },
      },
      {
        ...wallResult('', 'grep', 2, repeat(1000)),
        id: 'grep/m:b',
        name: 'grep/m:b',
        parameters: { m: 'b' },
      },
    ])
    assert.deepEqual(compareResults(text).scans, [])
  })
})
