import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { applyMutant } from '../../../scripts/mutant-probe.mjs'
import {
  readEquivalent,
  readRecords,
  recordOf,
  renderRecords,
  score,
  tally,
} from '../../../scripts/mutation.mjs'
import { GROUPS, groupPlan } from '../../../scripts/mutation-groups.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const base = (p: string) => path.posix.basename(p)

test('each mutation group runs the test files that import its modules', () => {
  const stats = groupPlan(root, 'stats-changepoints')
  assert.deepEqual(stats.modules, ['src/stats/changepoints.ts'])
  // The stats groups together mutate every module of src/stats/ but its index, which only
  // re-exports: nothing to mutate.
  const statsGroups = Object.keys(GROUPS).filter((g) => g.startsWith('stats-'))
  assert.deepEqual(statsGroups, [
    'stats-decide',
    'stats-intervals',
    'stats-tests',
    'stats-drift',
    'stats-changepoints',
  ])
  const statsModules = statsGroups.flatMap((g) => groupPlan(root, g).modules)
  const inFolder = readdirSync(path.join(root, 'src', 'stats'))
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => `src/stats/${f}`)
  assert.deepEqual([...statsModules].sort(), inFolder.sort())
  assert.equal(new Set(statsModules).size, statsModules.length, 'no module in two groups')
  // An index with code of its own is mutated like any module.
  assert.deepEqual(groupPlan(root, 'schedule').modules, ['src/schedule/index.ts', 'src/schedule/rounds.ts'])
  assert.deepEqual(groupPlan(root, 'same-job').modules, ['src/run/same-job.ts'])
  // changepoints.test.ts imports src/stats/changepoints.ts directly; drift.test.ts imports drift.ts
  // through the index.
  assert.ok(stats.tests.map(base).includes('changepoints.test.ts'))
  assert.ok(groupPlan(root, 'stats-drift').tests.map(base).includes('drift.test.ts'))
  // The acceptance tests import src/compare/index.ts, so the compare group runs them.
  assert.ok(groupPlan(root, 'compare').tests.map(base).includes('accept.test.ts'))
  const accept = groupPlan(root, 'accept')
  assert.deepEqual(accept.modules, ['src/accept.ts', 'src/github/accept-label.ts'])
  assert.ok(accept.tests.map(base).includes('accept.test.ts'))
  // A test file that imports none of a group's modules stays out of it.
  assert.ok(!groupPlan(root, 'comment').tests.map(base).includes('changepoints.test.ts'))
  assert.throws(
    () => groupPlan(root, 'everything'),
    /MUTATE=everything: the groups are stats-decide, stats-intervals, stats-tests, stats-drift, stats-changepoints, compare/,
  )
  // The unit tier: the same files that import the modules, only those under __tests__/unit/.
  const all = groupPlan(root, 'compare').tests
  const unit = groupPlan(root, 'compare', 'unit').tests
  assert.deepEqual(
    unit,
    all.filter((t) => t.startsWith('__tests__/unit/')),
  )
  assert.ok(unit.length > 0 && unit.length < all.length)
  assert.throws(() => groupPlan(root, 'compare', 'fast' as 'unit'), /MUTATION_TESTS=fast: say all or unit/)
})

test('a record counts each outcome per module and scores detected over valid', () => {
  const at = (line: number) => ({ start: { line, column: 3 }, end: { line, column: 9 } })
  const report = {
    files: {
      'src/b.ts': {
        mutants: [
          { status: 'Killed', mutatorName: 'EqualityOperator', replacement: '<=', location: at(4) },
          { status: 'Survived', mutatorName: 'ConditionalExpression', replacement: 'true', location: at(9) },
          { status: 'CompileError', mutatorName: 'StringLiteral', replacement: '""', location: at(2) },
        ],
      },
      'src/a.ts': {
        mutants: [
          { status: 'Killed', mutatorName: 'ArithmeticOperator', replacement: 'a - b', location: at(1) },
          { status: 'Killed', mutatorName: 'ArithmeticOperator', replacement: 'a * b', location: at(1) },
          { status: 'Timeout', mutatorName: 'UpdateOperator', replacement: 'i--', location: at(7) },
          { status: 'NoCoverage', mutatorName: 'BlockStatement', replacement: '{}', location: at(12) },
        ],
      },
    },
  }
  assert.deepEqual(tally(report.files['src/a.ts'].mutants), {
    killed: 2,
    survived: 0,
    timeout: 1,
    noCoverage: 1,
    errors: 0,
  })
  // a.ts: (2 + 1) / (2 + 1 + 0 + 1) = 75%; b.ts: 1 / (1 + 1) = 50%, the compile error not counted.
  const record = recordOf('demo', report, 'abc1234')
  assert.deepEqual(Object.keys(record.modules), ['src/a.ts', 'src/b.ts'])
  assert.equal(record.modules['src/a.ts']?.score, 75)
  assert.equal(record.modules['src/b.ts']?.score, 50)
  assert.equal(score({ killed: 0, survived: 0, timeout: 0, noCoverage: 0, errors: 3 }), null)
  assert.deepEqual(
    record.survivors.map((s) => `${s.file}:${s.line} ${s.status}`),
    ['src/a.ts:12 NoCoverage', 'src/b.ts:9 Survived'],
  )
  const md = renderRecords(
    [record],
    [
      {
        file: 'src/b.ts',
        line: 9,
        mutator: 'ConditionalExpression',
        replacement: 'true',
        why: 'guarded | twice',
      },
    ],
  )
  // b.ts's survivor is judged equivalent: 1 / 1 without it. a.ts has none judged.
  assert.match(md, /^\| demo \| `src\/a\.ts` \| all \| 75\.0% \| 75\.0% \| 2 \| 0 \| 1 \| 1 \| abc1234 \|$/m)
  assert.match(md, /^\| demo \| `src\/b\.ts` \| all \| 50\.0% \| 100\.0% \| 1 \| 1 \| 0 \| 0 \| abc1234 \|$/m)
  // A mutant no test reaches, judged equivalent, leaves the no-coverage count: a.ts 3 / 3.
  const judgedUnreached = renderRecords(
    [record],
    [{ file: 'src/a.ts', line: 12, mutator: 'BlockStatement', replacement: '{}', why: 'unreachable' }],
  )
  assert.match(judgedUnreached, /^\| demo \| `src\/a\.ts` \| all \| 75\.0% \| 100\.0% \|/m)
  assert.match(judgedUnreached, /^\| demo \| `src\/b\.ts` \| all \| 50\.0% \| 50\.0% \|/m)
  // Only the group's own modules are recorded: an incremental report may carry others.
  assert.deepEqual(Object.keys(recordOf('demo', report, 'abc1234', 'all', ['src/b.ts']).modules), [
    'src/b.ts',
  ])
  assert.deepEqual(
    recordOf('demo', report, 'abc1234', 'all', ['src/b.ts']).survivors.map((s) => s.file),
    ['src/b.ts'],
  )
  // A group measured with the unit tier alone says so.
  const unit = renderRecords([recordOf('demo', report, 'abc1234', 'unit')], [])
  assert.match(unit, /^\| demo \| `src\/a\.ts` \| unit \| 75\.0% \|/m)
  assert.match(md, /^\| `src\/b\.ts:9:3` \| ConditionalExpression: `true` \| yes: guarded \\\| twice \|$/m)
  assert.match(
    md,
    /^\| `src\/a\.ts:12:3` \| BlockStatement: `\{\}` \(no test reaches it\) \| not judged \|$/m,
  )
  assert.match(
    md,
    /Not measured yet: stats-decide, stats-intervals, stats-tests, stats-drift, stats-changepoints, compare, same-job, schedule, families, accept, report, comment, artifacts, profiles, flame, config\./,
  )
})

test('docs/mutation.md is what its records and judgements render, and every judgement is of a mutant on record', () => {
  const records = readRecords()
  const equivalent = readEquivalent()
  const page = readFileSync(path.join(root, 'docs', 'mutation.md'), 'utf8')
  assert.equal(
    page,
    renderRecords(records, equivalent),
    'docs/mutation.md: run `npm run mutation -- --render`',
  )
  const onRecord = new Set(
    records.flatMap((r) => r.survivors.map((s) => `${s.file}:${s.line} ${s.mutator} ${s.replacement}`)),
  )
  const stale = equivalent
    .map((e) => `${e.file}:${e.line} ${e.mutator} ${e.replacement}`)
    .filter((key) => !onRecord.has(key))
  assert.deepEqual(stale, [], 'judgements of mutants no record lists')
})

test('a probed mutant is its replacement put where Stryker located it, on one line or across lines', () => {
  const source = 'const a = 1\nif (a > 0) {\n  f(a)\n}\n'
  // Line 2, columns 5 to 10 (1-based, end exclusive): `a > 0`.
  assert.equal(
    applyMutant(source, { start: { line: 2, column: 5 }, end: { line: 2, column: 10 } }, 'a >= 0'),
    'const a = 1\nif (a >= 0) {\n  f(a)\n}\n',
  )
  // The block from line 2, column 12 to line 4, column 2.
  assert.equal(
    applyMutant(source, { start: { line: 2, column: 12 }, end: { line: 4, column: 2 } }, '{}'),
    'const a = 1\nif (a > 0) {}\n',
  )
  assert.equal(applyMutant('x', { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } }, '""'), '""')
})
