// Where a config problem is reported: values brought in by YAML merge keys and aliases keep a place in
// the text, problems come in file order, and each says what it found in words.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { LineCounter, parseDocument } from 'yaml'
import {
  describeValue,
  formatPath,
  formatProblem,
  locate,
  problemsFromIssues,
  type YamlSource,
} from '../../../src/config/errors.ts'
import { ConfigError, parseConfig } from '../../../src/config/index.ts'
import { configSchema } from '../../../src/config/schema.ts'
import { closestMatch } from '../../../src/system/closest.ts'

function messages(text: string): string[] {
  try {
    parseConfig(text, 'b.yml')
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`)
    return error.messages()
  }
  assert.fail('the config parsed without error')
}

const PROCESS = '    kind: process\n    command: [x]\n'

describe('problems in merged and aliased YAML', () => {
  test('a bad value that only a merge key brings in points at the mapping that merges it', () => {
    const text = ['benchmarks:', '  - <<: { name: b, kind: process, command: [x], runs: 1 }', ''].join('\n')
    assert.deepEqual(messages(text), [
      'b.yml:2:5: benchmarks[0].runs: expected a whole number of at least 2, got a number (1)',
    ])
  })

  test('a merged mapping under a key: the problem is at the mapping of that key', () => {
    const text = [
      'benchmarks:',
      '  - name: a',
      PROCESS + '    gate: wall',
      '  - name: b',
      '    kind: process',
      '    command: [y]',
      '    env:',
      '      <<: { A: [1] }',
      '',
    ].join('\n')
    assert.deepEqual(
      messages(text).map((m) => m.split(': expected')[0]),
      ['b.yml:10:7: benchmarks[1].env.A'],
    )
  })

  test('a bad value reached through an alias is located where the alias is used, and where it is defined', () => {
    const text = [
      'defaults:',
      '  timeout: &t ten',
      'benchmarks:',
      '  - name: a',
      PROCESS + '    timeout: *t',
      '',
    ].join('\n')
    assert.deepEqual(
      messages(text).map((m) => m.split(': expected')[0]),
      ['b.yml:2:15: defaults.timeout', 'b.yml:7:14: benchmarks[0].timeout'],
    )
  })

  test('a benchmark that is an alias of another: its problems are located in the aliased mapping', () => {
    const text = [
      'benchmarks:',
      '  - &b { name: a, kind: process, command: [x], runs: 1 }',
      '  - *b',
      '',
    ].join('\n')
    const located = messages(text).filter((m) => m.includes('.runs:'))
    assert.deepEqual(located, [
      'b.yml:2:54: benchmarks[0].runs: expected a whole number of at least 2, got a number (1)',
      'b.yml:2:54: benchmarks[1].runs: expected a whole number of at least 2, got a number (1)',
    ])
  })

  test('a key with nothing after it is located at the key', () => {
    assert.deepEqual(messages('benchmarks:\n  - name: a\n    kind: process\n    command:\n'), [
      'b.yml:4:5: benchmarks[0].command: expected a command: a list of strings like [app, --version] or one string, got an empty value',
    ])
  })
})

describe('the order of problems', () => {
  test('problems are listed in file order, not in the order the schema checks them', () => {
    const text = [
      'benchmarks:',
      '  - name: a',
      PROCESS + '    runs: 1',
      '    timeout: ten',
      'suite: [1]',
      '',
    ].join('\n')
    assert.deepEqual(
      messages(text).map((m) => m.split(': ').slice(0, 2).join(': ')),
      ['b.yml:5:11: benchmarks[0].runs', 'b.yml:6:14: benchmarks[0].timeout', 'b.yml:7:8: suite'],
    )
  })

  test('two problems on one line are in column order', () => {
    const text = 'benchmarks:\n  - { timeout: ten, name: a, kind: process, command: [x], runs: 1 }\n'
    assert.deepEqual(
      messages(text).map((m) => m.split(': ').slice(0, 2).join(': ')),
      ['b.yml:2:16: benchmarks[0].timeout', 'b.yml:2:65: benchmarks[0].runs'],
    )
  })

  test('without the text, problems keep the order they were found in', () => {
    const data = { suite: [1], benchmarks: 3 }
    const issues = configSchema.safeParse(data).error!.issues
    const problems = problemsFromIssues(issues, data, configSchema)
    assert.deepEqual(
      problems.map((p) => [p.path, p.line, p.column]),
      [
        ['suite', undefined, undefined],
        ['benchmarks', undefined, undefined],
      ],
    )
  })

  test('the same problem found twice is reported once', () => {
    const data = { benchmarks: 3 }
    const issues = configSchema.safeParse(data).error!.issues
    const once = problemsFromIssues(issues, data, configSchema)
    assert.deepEqual(problemsFromIssues([...issues, ...issues], data, configSchema), once)
    assert.equal(once.length, 1)
  })
})

describe('what a problem says', () => {
  test('a misspelt key names the key it most likely means, and the missing one is not reported too', () => {
    assert.deepEqual(messages('setup:\n  - { rn: make }\nbenchmarks:\n  - name: a\n' + PROCESS), [
      'b.yml:2:7: setup[0].rn: unknown key "rn"; did you mean "run"? (expected one of: run, shell, cwd, env, timeout)',
    ])
  })

  test('an unknown key in a mapping inside a mapping of names lists the keys that mapping allows', () => {
    const text =
      'benchmarks:\n  - name: w\n    kind: wall-clock\n    runner: [./r]\n    input:\n      k: { path: f, zz: g }\n'
    assert.deepEqual(messages(text), [
      'b.yml:6:21: benchmarks[0].input.k.zz: unknown key "zz" (expected one of: path)',
    ])
  })

  test('a number written for a duration or a percentage, quoted or not, is told the unit it lacks', () => {
    const text = 'benchmarks:\n  - name: a\n' + PROCESS + '    timeout: "60"\n    threshold: 5\n'
    assert.deepEqual(messages(text), [
      'b.yml:5:14: benchmarks[0].timeout: expected a duration like "60s", "500ms" or "2m", got "60"; add a unit: 60s or 60ms',
      'b.yml:6:16: benchmarks[0].threshold: expected a percentage like "5%" or "0.5%", got a number (5); write 5% rather than 5',
    ])
  })

  test('a value of the wrong kind for a duration gets no hint', () => {
    assert.deepEqual(messages('benchmarks:\n  - name: a\n' + PROCESS + '    timeout: [60]\n'), [
      'b.yml:5:14: benchmarks[0].timeout: expected a duration like "60s", "500ms" or "2m", got a list',
    ])
  })

  test('a kind that is no kind: close to one is a likely typo, far from all is just listed', () => {
    const kinds = 'process, instructions, wall-clock, scaling, import'
    assert.deepEqual(messages('benchmarks:\n  - name: a\n    kind: proces\n    command: [x]\n'), [
      `b.yml:3:11: benchmarks[0].kind: expected one of: ${kinds}, got "proces"; did you mean "process"?`,
    ])
    assert.deepEqual(messages('benchmarks:\n  - name: a\n    kind: zzzzzz\n    command: [x]\n'), [
      `b.yml:3:11: benchmarks[0].kind: expected one of: ${kinds}, got "zzzzzz"`,
    ])
    assert.deepEqual(messages('benchmarks:\n  - name: a\n    kind: 3\n    command: [x]\n'), [
      `b.yml:3:11: benchmarks[0].kind: expected one of: ${kinds}, got a number (3)`,
    ])
    assert.deepEqual(messages('benchmarks:\n  - name: a\n    command: [x]\n'), [
      `b.yml:2:5: benchmarks[0]: missing required key "kind" (expected one of: ${kinds})`,
    ])
  })

  test('a key that a record does not allow is located at the key and quoted', () => {
    const text =
      'benchmarks:\n  - name: w\n    kind: wall-clock\n    runner: [./r]\n    params:\n      "a b": x\n'
    assert.deepEqual(messages(text), [
      'b.yml:6:7: benchmarks[0].params["a b"]: expected a key without ":", spaces or line breaks, got "a b"',
    ])
  })

  test('a duplicate key is named, quoted or not, even with a colon inside its quotes', () => {
    assert.deepEqual(messages('suite: a\nsuite: b\n'), [
      'b.yml:2:1: duplicate key "suite": a key may appear only once in a mapping',
    ])
    assert.deepEqual(messages('"suite": a\n"suite": b\n'), [
      'b.yml:2:1: duplicate key "suite": a key may appear only once in a mapping',
    ])
    assert.deepEqual(messages("suite: a\n'suite': b\n"), [
      'b.yml:2:1: duplicate key "suite": a key may appear only once in a mapping',
    ])
    assert.deepEqual(messages('benchmarks:\n  - name: a\n' + PROCESS + '    env: { "A:B": x, "A:B": y }\n'), [
      'b.yml:5:22: duplicate key "A:B": a key may appear only once in a mapping',
    ])
    assert.deepEqual(messages('suite: a\nsuite:'), [
      'b.yml:2:1: duplicate key "suite": a key may appear only once in a mapping',
    ])
  })
})

describe('the words of a problem', () => {
  test('values are described by their YAML kind, strings quoted and long ones shortened', () => {
    assert.equal(describeValue(null), 'an empty value')
    assert.equal(describeValue(undefined), 'an empty value')
    assert.equal(describeValue('x'.repeat(60)), JSON.stringify('x'.repeat(60)))
    assert.equal(describeValue('y'.repeat(61)), JSON.stringify(`${'y'.repeat(57)}...`))
    assert.equal(describeValue(0), 'a number (0)')
    assert.equal(describeValue(false), 'a boolean (false)')
    assert.equal(describeValue([]), 'an empty list')
    assert.equal(describeValue([1]), 'a list')
    assert.equal(describeValue({}), 'an empty mapping')
    assert.equal(describeValue({ a: 1 }), 'a mapping')
    assert.equal(describeValue(1n), 'bigint')
  })

  test('paths read as in JavaScript, with keys that are not plain words quoted', () => {
    assert.equal(formatPath([]), '')
    assert.equal(formatPath(['benchmarks', 2, 'env', 'PATH']), 'benchmarks[2].env.PATH')
    assert.equal(formatPath([0, 'a']), '[0].a')
    assert.equal(formatPath(['env', 'A B', '0']), 'env["A B"]["0"]')
  })

  test('a problem with no place names only the file; one with a line but no column is at column 1', () => {
    assert.equal(formatProblem('b.yml', { path: '', detail: 'empty' }), 'b.yml: empty')
    assert.equal(formatProblem('b.yml', { path: 'suite', line: 3, detail: 'bad' }), 'b.yml:3:1: suite: bad')
  })

  test('a ConfigError with no problems is still one readable problem', () => {
    const error = new ConfigError('b.yml', [])
    assert.equal(error.message, 'b.yml: invalid config')
    assert.deepEqual(error.problems, [{ path: '', detail: 'invalid config' }])
    assert.deepEqual(error.messages(), ['b.yml: invalid config'])
  })

  test('the closest candidate is suggested only when close enough for the word’s length', () => {
    assert.equal(closestMatch('ab', ['ac', 'ad']), 'ac', 'of equally close candidates, the first')
    assert.equal(closestMatch('threshhhold', ['threshold']), 'threshold', 'two edits in eleven letters')
    assert.equal(closestMatch('thr', ['threshold']), undefined)
    assert.equal(closestMatch('Timeout', ['timeout', 'runs']), 'timeout', 'case does not count')
    assert.equal(closestMatch('x', ['y']), 'y', 'one edit is always close enough')
    assert.equal(closestMatch('x', []), undefined)
  })
})

describe('more places and names', () => {
  test('a duplicate quoted key is named whole, even with ": " inside its quotes', () => {
    assert.deepEqual(messages('"a: b": 1\n"a: b": 2\n'), [
      'b.yml:2:1: duplicate key "a: b": a key may appear only once in a mapping',
    ])
    assert.deepEqual(messages("'a: b': 1\n'a: b': 2\n"), [
      'b.yml:2:1: duplicate key "a: b": a key may appear only once in a mapping',
    ])
  })

  test('a duplicate plain key that ends in quotes keeps them: only a quoted key loses its quotes', () => {
    assert.deepEqual(messages('x"y": 1\nx"y": 2\n'), [
      'b.yml:2:1: duplicate key "x\\"y\\"": a key may appear only once in a mapping',
    ])
  })

  test('a key with no value in a flow mapping is located at the key', () => {
    assert.deepEqual(messages('benchmarks:\n  - { name, kind: process, command: [x] }\n'), [
      'b.yml:2:7: benchmarks[0].name: expected a non-empty name, got an empty value',
    ])
  })

  test('problems at one place keep the order they were found in', () => {
    const text = 'benchmarks:\n  - &b { name: a, kind: process, command: [x], runs: 1 }\n  - *b\n  - *b\n'
    assert.deepEqual(
      messages(text).map((m) => m.split(': ').slice(0, 2).join(': ')),
      [
        'b.yml:2:16: benchmarks[1].name',
        'b.yml:2:16: benchmarks[2].name',
        'b.yml:2:54: benchmarks[0].runs',
        'b.yml:2:54: benchmarks[1].runs',
        'b.yml:2:54: benchmarks[2].runs',
      ],
    )
  })

  test('a problem that is not an unmet expectation carries no expected value', () => {
    const text =
      'benchmarks:\n  - { name: a, kind: process, command: [x] }\n  - { name: a, kind: process, command: [y] }\n'
    try {
      parseConfig(text, 'b.yml')
      assert.fail('the config parsed without error')
    } catch (error) {
      assert.ok(error instanceof ConfigError)
      assert.deepEqual(error.problems, [
        {
          path: 'benchmarks[1].name',
          line: 3,
          column: 13,
          detail: 'duplicate name "a": benchmarks[0] and benchmarks[1] both use it',
        },
      ])
      assert.equal(error.expected, undefined)
    }
  })
})

describe('locating a path in the text', () => {
  const source = (text: string): YamlSource => {
    const lineCounter = new LineCounter()
    return { doc: parseDocument(text, { lineCounter }), lineCounter }
  }
  const text = 'list:\n  - a\n  - b\nname: x\n'

  test('an item of a list is located at the item, and so is its "key"', () => {
    assert.deepEqual(locate(source(text), ['list', 1], 'value'), { line: 3, column: 5 })
    assert.deepEqual(locate(source(text), ['list', 1], 'key'), { line: 3, column: 5 })
    assert.deepEqual(locate(source(text), ['name'], 'key'), { line: 4, column: 1 })
    assert.deepEqual(locate(source(text), ['name'], 'value'), { line: 4, column: 7 })
  })

  test('a path past the end of a list, or into a plain value, stops at the last place that is there', () => {
    assert.deepEqual(locate(source(text), ['list', 5], 'value'), { line: 2, column: 3 })
    assert.deepEqual(locate(source(text), ['name', 0], 'value'), { line: 4, column: 7 })
    assert.deepEqual(locate(source(text), ['name', 'deeper'], 'value'), { line: 4, column: 7 })
  })

  test('an empty document has no place', () => {
    assert.equal(locate(source(''), ['suite'], 'value'), undefined)
    assert.equal(locate(source(''), [], 'value'), undefined)
  })

  test('a key a mapping of names refuses says what it expected, without repeating "expected"', () => {
    const text =
      'benchmarks:\n  - name: w\n    kind: wall-clock\n    runner: [./r]\n    params:\n      "a b": x\n'
    try {
      parseConfig(text, 'b.yml')
      assert.fail('the config parsed without error')
    } catch (error) {
      assert.ok(error instanceof ConfigError)
      assert.equal(error.expected, 'a key without ":", spaces or line breaks')
    }
  })
})

describe('a misplaced line is named, whatever lies between it and the key above', () => {
  const deeper = (line: number, column: number, key: number, keyColumn: number) =>
    `b.yml:${line}:${column}: invalid YAML: this line starts at column ${column}, deeper than the key on line ${key} (column ${keyColumn}), so it reads as more of that key's value; start it at column ${keyColumn} to make it a key beside it`
  const shallower = (line: number, column: number, key: number, keyColumn: number) =>
    `b.yml:${line}:${column}: invalid YAML: this line starts at column ${column}, shallower than the key on line ${key} (column ${keyColumn}), so it belongs to no mapping; start it at column ${keyColumn} to make it a key beside it`
  const head = 'suite: s\nbenchmarks:\n  - name: a\n'

  test('too deep: right under the key, under a blank line, under a comment line', () => {
    assert.deepEqual(messages(`${head}    kind: process\n      command: [x]\n`), [deeper(5, 7, 4, 5)])
    assert.deepEqual(messages(`${head}    kind: process\n\n      command: [x]\n`), [deeper(6, 7, 4, 5)])
    assert.deepEqual(messages(`${head}    kind: process\n    # why\n      command: [x]\n`), [
      deeper(6, 7, 4, 5),
    ])
    assert.deepEqual(messages(`${head}    kind: process\n  \n    # why\n\n      command: [x]\n`), [
      deeper(8, 7, 4, 5),
    ])
  })

  test('too shallow: right under the key, under a blank line, under a comment line', () => {
    assert.deepEqual(messages(`${head}    kind: process # c\n   command: [x]\n`), [shallower(5, 4, 4, 5)])
    assert.deepEqual(messages(`${head}    kind: process # c\n\n   command: [x]\n`), [shallower(6, 4, 4, 5)])
    assert.deepEqual(messages(`${head}    kind: process # c\n    # why\n   command: [x]\n`), [
      shallower(6, 4, 4, 5),
    ])
  })

  test("the key above a list item's: its column is after the item's dash", () => {
    assert.deepEqual(messages(`${head.slice(0, -1)} # c\n   kind: process\n`), [shallower(4, 4, 3, 5)])
    assert.deepEqual(messages(`${head}     kind: process\n    command: [x]\n`), [deeper(4, 6, 3, 5)])
  })

  test('a top-level key indented under the one above', () => {
    assert.deepEqual(messages('suite: s\n benchmarks:\n  - name: a\n'), [deeper(2, 2, 1, 1)])
  })
})

describe('a value that may be one item or a list of them', () => {
  const input = (value: string) =>
    `suite: s\nbenchmarks:\n  - name: a\n    kind: wall-clock\n    runner: [./r]\n    input:\n      haystack: ${value}\n`

  test('a list is allowed: the problem is named in the item that has it', () => {
    assert.deepEqual(messages(input('[a, { pth: x }]')), [
      'b.yml:7:23: benchmarks[0].input.haystack[1].pth: unknown key "pth"; did you mean "path"? (expected one of: path)',
    ])
    assert.deepEqual(messages(input('[a, [b]]')), [
      'b.yml:7:21: benchmarks[0].input.haystack[1]: expected a string, a number, true/false or { path: FILE }, got a list',
    ])
  })

  test('one item: its own problem; nothing: every form that would fit', () => {
    assert.deepEqual(messages(input('{ pth: x }')), [
      'b.yml:7:19: benchmarks[0].input.haystack.pth: unknown key "pth"; did you mean "path"? (expected one of: path)',
    ])
    assert.deepEqual(messages(input('')), [
      'b.yml:7:7: benchmarks[0].input.haystack: expected a string, a number, true/false, { path: FILE } or a list of them, got an empty value',
    ])
  })

  test('a setup step given as a mapping is checked as one, after steps given as commands', () => {
    const text =
      'suite: s\nsetup:\n  - [make]\n  - run: make\n    shel: true\nbenchmarks:\n  - name: a\n' + PROCESS
    assert.deepEqual(messages(text), [
      'b.yml:5:5: setup[1].shel: unknown key "shel"; did you mean "shell"? (expected one of: run, shell, cwd, env, timeout)',
    ])
  })
})
