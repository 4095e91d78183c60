// Regressions accepted on purpose: bench.yml's `accept:` (its schema and messages), the verdict
// `accepted` and what it touches (regressions only), `until` dates and commits (asked of a real git),
// the drift estimate that starts a new state at an accepted step, the deferred comparison that carries
// acceptances as data, the reports (markdown through GitHub's renderer, with a hostile reason and
// login; the terminal; the HTML report) and the links to the trend site.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { type Acceptance, type AcceptRule, resolveAcceptance } from '../../src/accept.ts'
import { historyRuns } from '../../src/compare/drift-history.ts'
import {
  acceptedRegressions,
  type CompareOptions,
  type Comparison,
  compareResults,
  exitCodeFor,
} from '../../src/compare/index.ts'
import { configJsonSchema, parseConfig } from '../../src/config/index.ts'
import { compareDeferred, deferredComparison, parseDeferredComparison } from '../../src/github/deferred.ts'
import { renderHtml } from '../../src/report/html.ts'
import { renderMarkdown } from '../../src/report/markdown.ts'
import { trendPageUrl } from '../../src/report/site-paths.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import {
  type BenchmarkResult,
  parseResultSetText,
  type ResultSet,
  ResultsFormatError,
} from '../../src/results.ts'
import { SeededRandom } from '../../src/stats/index.ts'
import { isAncestor } from '../../src/system/git.ts'
import { assertSafeReport, renderGfm, tokenizeHtml, visibleText } from '../support/gfm.ts'
import { cli, gitRepo, parseError, removeDir, resultSetOf } from '../support/helpers.ts'
import { needs } from '../support/needs.ts'

const run = promisify(execFile)
const dirs: string[] = []
after(async () => {
  for (const d of dirs) await removeDir(d)
})

const gfm = await needs('cmark-gfm')
const NOW = new Date('2026-03-01T12:00:00Z')

const BENCHMARKS = 'benchmarks:\n  - { name: parse, kind: process, command: [./app] }\n'

describe('accept: and trends: in bench.yml', () => {
  test('entries are read as written: a glob, a reason, a metric, until a date or a commit', () => {
    const config = parseConfig(
      `${BENCHMARKS}accept:
  - { benchmark: "parse*", reason: "  validates its input now (#12)  ", metric: wall, until: 2026-03-01 }
  - benchmark: startup
    reason: true
    until: 1234567
  - { benchmark: "a, b", reason: two names, until: 4C0FFEE }
trends: https://org.github.io/repo/bench/
`,
      'bench.yml',
    )
    assert.deepEqual(config.accept, [
      { benchmark: 'parse*', metric: 'wall', reason: 'validates its input now (#12)', until: '2026-03-01' },
      // YAML reads these as a boolean and a number; they are text as written.
      { benchmark: 'startup', reason: 'true', until: '1234567' },
      { benchmark: 'a, b', reason: 'two names', until: '4c0ffee' },
    ])
    assert.equal(config.trends, 'https://org.github.io/repo/bench')
    const plain = parseConfig(BENCHMARKS, 'bench.yml')
    assert.equal(plain.accept, undefined)
    assert.equal(plain.trends, undefined)
  })

  test('a bad entry names the file, the place, the path and what was expected', () => {
    const cases: Array<[string, string]> = [
      [
        'accept:\n  - { benchmark: parse, reason: ok }\n  - { benchmark: parse, reason: ok, until: tomorrow }\n',
        'bench.yml:5:44: accept[1].until: expected a date like 2026-03-01 (the entry holds through that day) or a commit (7 to 40 hex digits), got "tomorrow"',
      ],
      [
        'accept:\n  - { benchmark: parse, reason: ok, until: 2026-02-30 }\n',
        'bench.yml:4:44: accept[0].until: expected a date like 2026-03-01 (the entry holds through that day) or a commit (7 to 40 hex digits), got "2026-02-30"',
      ],
      [
        'accept:\n  - { benchmark: parse }\n',
        'bench.yml:4:5: accept[0]: missing required key "reason" (expected a reason on one line, at most 1000 characters: why the change is accepted)',
      ],
      [
        'accept:\n  - { benchmark: parse, resaon: slower }\n',
        'bench.yml:4:25: accept[0].resaon: unknown key "resaon"; did you mean "reason"? (expected one of: benchmark, metric, reason, until)',
      ],
      [
        'accept:\n  - { benchmark: " , ", reason: ok }\n',
        'bench.yml:4:18: accept[0].benchmark: expected a benchmark name or glob, as --filter takes it (* and ?; several separated by commas), got " , "',
      ],
      [
        'accept:\n  - { benchmark: parse, reason: "line one\\nline two" }\n',
        'bench.yml:4:33: accept[0].reason: expected a reason on one line, at most 1000 characters: why the change is accepted, got "line one\\nline two"',
      ],
      [
        'accept: { benchmark: parse, reason: ok }\n',
        'bench.yml:3:9: accept: expected a list of accepted regressions, got a mapping',
      ],
      [
        'trends: http://org.github.io/repo\n',
        'bench.yml:3:9: trends: expected an https address like https://org.github.io/repo/bench (letters, digits and . _ ~ % + - in its path; no query, fragment or user), got "http://org.github.io/repo"',
      ],
      [
        'trends: "https://org.github.io/repo?x=<b>"\n',
        'bench.yml:3:9: trends: expected an https address like https://org.github.io/repo/bench (letters, digits and . _ ~ % + - in its path; no query, fragment or user), got "https://org.github.io/repo?x=<b>"',
      ],
    ]
    for (const [text, message] of cases) assert.equal(parseError(`${BENCHMARKS}${text}`).message, message)
    assert.equal(parseError(`${BENCHMARKS}${cases[0]![0]}`).path, 'accept[1].until')
  })

  test('the JSON Schema describes both for editors', () => {
    type Schema = {
      properties?: Record<string, Schema>
      items?: Schema
      required?: string[]
      additionalProperties?: unknown
      description?: string
      type?: string
    }
    const schema = configJsonSchema() as Schema
    const entry = schema.properties!.accept!.items!
    assert.deepEqual(Object.keys(entry.properties!), ['benchmark', 'metric', 'reason', 'until'])
    assert.deepEqual(entry.required, ['benchmark', 'reason'])
    assert.equal(entry.additionalProperties, false)
    for (const key of ['benchmark', 'metric', 'reason', 'until'])
      assert.ok(entry.properties![key]!.description, `${key} is described`)
    assert.equal(schema.properties!.trends!.type, 'string')
    assert.ok(schema.properties!.trends!.description)
  })
})

/** Wall samples around `level`, 1% jitter, the same for the same seed. */
function samples(level: number, seed: string): number[] {
  const random = new SeededRandom(seed)
  return Array.from({ length: 20 }, () => level * (1 + 0.01 * (random.nextFloat() - 0.5)))
}

function timed(name: string, level: number, seed: string): BenchmarkResult {
  return {
    id: name,
    name,
    kind: 'process',
    parameters: {},
    status: 'ok',
    metrics: {
      wall: { unit: 'ns', direction: 'lower', samples: samples(level, `${seed}wall`) },
      user: { unit: 'ns', direction: 'lower', samples: samples(level / 2, `${seed}user`) },
    },
    gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
    notes: [],
  }
}

function failed(name: string): BenchmarkResult {
  return { ...timed(name, 1, 'x'), status: 'failed', metrics: {}, error: { message: 'exit status 3' } }
}

/** Base: four benchmarks at 100 ns. Head: parse and startup twice as slow, fast twice as fast, broken failed. */
function sides(names: { parse?: string } = {}): { base: ResultSet; head: ResultSet } {
  const parse = names.parse ?? 'parse'
  const at = (created: string, benchmarks: BenchmarkResult[]) =>
    resultSetOf('accept', { sha: 'a'.repeat(40), branch: 'main' }, created, benchmarks)
  return {
    base: at('2026-03-01T10:00:00.000Z', [
      { ...timed(parse, 100, 'b1'), id: 'parse' },
      timed('startup', 100, 'b2'),
      timed('fast', 100, 'b3'),
      timed('broken', 100, 'b4'),
    ]),
    head: at('2026-03-01T11:00:00.000Z', [
      { ...timed(parse, 200, 'h1'), id: 'parse' },
      timed('startup', 200, 'h2'),
      timed('fast', 50, 'h3'),
      failed('broken'),
    ]),
  }
}

const rule = (benchmark: string, more: Partial<AcceptRule> = {}): AcceptRule => ({
  benchmark,
  reason: `accepted ${benchmark}`,
  source: 'config',
  ...more,
})

function compareWith(accept: Acceptance | undefined, names?: { parse?: string }): Comparison {
  const { base, head } = sides(names)
  return compareResults(head, {
    baseline: { results: base, source: 'base.json', reason: 'test' },
    ...(accept ? { accept } : {}),
  })
}

const verdicts = (c: Comparison) => Object.fromEntries(c.benchmarks.map((b) => [b.name, b.verdict]))

describe('the verdict accepted', () => {
  test('a covered regression is accepted, counted and passes; the rest keep their verdicts', () => {
    const none = compareWith(undefined)
    assert.deepEqual(verdicts(none), {
      parse: 'regression',
      startup: 'regression',
      fast: 'improvement',
      broken: 'failed',
    })

    const one = compareWith({ rules: [rule('pars?')], notes: [] })
    assert.equal(verdicts(one).parse, 'accepted')
    assert.equal(one.counts.accepted, 1)
    assert.equal(one.counts.regression, 1)
    assert.equal(one.verdict, 'failed', 'a failed benchmark still fails')

    // Every regression accepted, even by a rule for everything: a failure still fails, an improvement stays one.
    const all = compareWith({
      rules: [rule('*', { reason: 'all of it', by: 'octocat', source: 'label' })],
      notes: [],
    })
    assert.deepEqual(verdicts(all), {
      parse: 'accepted',
      startup: 'accepted',
      fast: 'improvement',
      broken: 'failed',
    })
    assert.equal(exitCodeFor(all), 3)
    const wall = all.benchmarks.find((b) => b.name === 'parse')!.metrics.find((m) => m.metric === 'wall')!
    assert.deepEqual(wall.accepted, { reason: 'all of it', by: 'octocat', source: 'label' })
    assert.ok(wall.ci && wall.ci[0] > 1.5, 'the change and its interval are kept')

    // Without the failure, accepted regressions pass: exit code 0.
    const { base, head } = sides()
    const healthy = { ...head, benchmarks: head.benchmarks.filter((b) => b.name !== 'broken') }
    const passed = compareResults(healthy, {
      baseline: { results: base, source: 'base.json', reason: 'test' },
      filtered: true,
      accept: { rules: [rule('parse,startup')], notes: [] },
    })
    assert.equal(passed.verdict, 'pass')
    assert.equal(passed.counts.accepted, 2)
    assert.equal(exitCodeFor(passed), 0)
    assert.deepEqual(
      acceptedRegressions(passed).map((a) => [a.benchmark, a.metric, a.source, a.reason]),
      [
        ['parse', 'wall', 'config', 'accepted parse,startup'],
        ['startup', 'wall', 'config', 'accepted parse,startup'],
      ],
    )
  })

  test('a rule names benchmarks by name or id, and only the metric it names', () => {
    // The benchmark's name differs from its id: either matches.
    assert.equal(
      verdicts(compareWith({ rules: [rule('parse')], notes: [] }, { parse: 'parse/x' }))['parse/x'],
      'accepted',
    )
    assert.equal(
      verdicts(compareWith({ rules: [rule('*/x')], notes: [] }, { parse: 'parse/x' }))['parse/x'],
      'accepted',
    )
    // A metric that does not gate: the wall regression is not the one it names.
    const other = compareWith({ rules: [rule('parse', { metric: 'user' })], notes: [] })
    assert.equal(verdicts(other).parse, 'regression')
    const named = compareWith({ rules: [rule('parse', { metric: 'wall' })], notes: [] })
    assert.equal(verdicts(named).parse, 'accepted')
  })

  test('an entry that matches nothing is named, not an error', () => {
    const c = compareWith({
      rules: [rule('gone*'), rule('parse', { metric: 'ir' }), rule('*', { source: 'label' })],
      notes: ['held until 2026-01-01'],
    })
    assert.deepEqual(c.acceptance?.notes, [
      'held until 2026-01-01',
      'accept "gone*" matches no benchmark of this run: a stale acceptance?',
      'accept "parse" (metric ir) matches benchmarks of this run, none of which has the metric ir: a stale acceptance?',
    ])
    assert.equal(compareWith(undefined).acceptance, undefined)
  })
})

describe('until', () => {
  const entry = (until: string) => ({ benchmark: 'parse', reason: 'slower on purpose', until })
  const never = async () => assert.fail('git is not asked for a date')

  test('a date holds through its day (UTC); after it, the regression counts again', async () => {
    const today = await resolveAcceptance([entry('2026-03-01')], { now: NOW, contains: never })
    assert.equal(today.rules.length, 1)
    assert.deepEqual(today.notes, [])
    const past = await resolveAcceptance([entry('2026-02-28')], { now: NOW, contains: never })
    assert.deepEqual(past.rules, [])
    assert.deepEqual(past.notes, [
      'accept "parse" held until 2026-02-28 and no longer applies: its regressions count again',
    ])
    assert.equal(verdicts(compareWith(today)).parse, 'accepted')
    assert.equal(verdicts(compareWith(past)).parse, 'regression')
    assert.deepEqual(compareWith(past).acceptance?.notes, past.notes)
  })

  test('a commit holds until the baseline contains it, as git in the working directory says', async () => {
    const repo = await gitRepo({ 'a.txt': 'a\n' })
    dirs.push(repo)
    const git = async (...args: string[]) => (await run('git', args, { cwd: repo })).stdout.trim()
    const commit = async (message: string) => {
      await writeFile(path.join(repo, 'a.txt'), `${message}\n`)
      await git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-am', message)
      return git('rev-parse', 'HEAD')
    }
    const before = await git('rev-parse', 'HEAD')
    const accepted = await commit('slower on purpose')
    const after = await commit('later')
    const contains = (commit: string, ancestor: string) => isAncestor(repo, ancestor, commit)
    const until = accepted.slice(0, 7)

    // The baseline is older than the commit: the accepted numbers are not the baseline yet.
    const holds = await resolveAcceptance([entry(until)], { now: NOW, baseline: { sha: before }, contains })
    assert.equal(holds.rules.length, 1)
    assert.deepEqual(holds.notes, [])
    assert.equal(verdicts(compareWith(holds)).parse, 'accepted')

    // The baseline is the commit, or later: nothing is left to accept, and a regression is one again.
    for (const baseline of [accepted, after]) {
      const reached = await resolveAcceptance([entry(until)], {
        now: NOW,
        baseline: { sha: baseline },
        contains,
      })
      assert.deepEqual(reached.rules, [])
      assert.match(
        reached.notes[0]!,
        new RegExp(
          `^accept "parse" held until commit ${until}, which the baseline ${baseline.slice(0, 12)} contains`,
        ),
      )
      assert.equal(verdicts(compareWith(reached)).parse, 'regression')
    }

    // A commit git does not know (a shallow checkout, or no such commit): not accepted, and the report
    // says how to let it be decided.
    const unknown = await resolveAcceptance([entry('deadbee')], {
      now: NOW,
      baseline: { sha: after },
      contains,
    })
    assert.deepEqual(unknown.rules, [])
    assert.match(
      unknown.notes[0]!,
      /^accept "parse" holds until commit deadbee, but whether the baseline \w+ contains it cannot be told here .*fetch-depth: 0 .*: not accepted, its regressions count$/,
    )
    assert.equal(verdicts(compareWith(unknown)).parse, 'regression')
    // No baseline: nothing is compared, so nothing to say.
    const alone = await resolveAcceptance([entry(until)], { now: NOW, contains })
    assert.deepEqual([alone.rules.length, alone.notes], [1, []])
  })

  test('a run: bench.yml accepts against a baseline file until the baseline contains the commit', async () => {
    const repo = await gitRepo({
      'bench.yml':
        'suite: until\nbenchmarks:\n  - { name: t, kind: process, command: [true], runs: 10, warmup: 1 }\n',
    })
    dirs.push(repo)
    const git = async (...args: string[]) => (await run('git', args, { cwd: repo })).stdout.trim()
    const first = await git('rev-parse', 'HEAD')
    await writeFile(
      path.join(repo, 'bench.yml'),
      `${await readFile(path.join(repo, 'bench.yml'), 'utf8')}accept:\n  - { benchmark: t, reason: a real program now }\n`,
    )
    await git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-am', 'slower')
    const slower = await git('rev-parse', 'HEAD')
    // The baseline: the same benchmark at 1 µs a run, far faster than starting any program.
    const baseline = (sha: string) =>
      resultSetOf('until', { sha, branch: 'main' }, '2026-01-01T00:00:00.000Z', [
        {
          ...timed('t', 1000, 'base'),
          gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
        },
      ])
    const config = await readFile(path.join(repo, 'bench.yml'), 'utf8')
    const withUntil = config.replace(
      'reason: a real program now',
      `reason: a real program now, until: ${slower.slice(0, 10)}`,
    )
    await writeFile(path.join(repo, 'bench.yml'), withUntil)

    await writeFile(path.join(repo, 'old.json'), JSON.stringify(baseline(first)))
    const accepted = await cli(['run', '--baseline', 'old.json', '--json', 'out.json', '--no-install'], repo)
    assert.equal(accepted.code, 0, accepted.stdout + accepted.stderr)
    assert.match(accepted.stdout, /no regressions in 1 benchmark \(1 regression accepted\)/)
    assert.match(
      accepted.stdout,
      /Accepted regressions\n {2}t wall \(median\) \+[\d,.]+%.*: a real program now — bench\.yml, until /,
    )
    const written = parseResultSetText(await readFile(path.join(repo, 'out.json'), 'utf8'), 'out.json')
    assert.deepEqual(written.accepted, [
      {
        benchmark: 't',
        metric: 'wall',
        reason: 'a real program now',
        source: 'config',
        until: slower.slice(0, 10),
      },
    ])

    await writeFile(path.join(repo, 'new.json'), JSON.stringify(baseline(slower)))
    const reached = await cli(['run', '--baseline', 'new.json', '--no-install'], repo)
    assert.equal(reached.code, 1, reached.stdout + reached.stderr)
    assert.match(reached.stdout, /note: accept "t" held until commit \w+, which the baseline \w+ contains/)
  })
})

/** A stored run of parse at `level`, created at hour `hour`, accepting its wall regression when asked. */
function stored(level: number, hour: number, accepted = false): ResultSet {
  const created = `2026-02-01T${String(hour).padStart(2, '0')}:00:00.000Z`
  const set = resultSetOf('accept', { sha: 'a'.repeat(40), branch: 'main' }, created, [
    timed('parse', level, `s${hour}`),
  ])
  return accepted
    ? {
        ...set,
        accepted: [
          { benchmark: 'parse', metric: 'wall', reason: 'slower on purpose', source: 'label', by: 'octocat' },
        ],
      }
    : set
}

test('a run that accepted a regression of a metric starts a new state of the code for its drift', () => {
  // Two runs at 100, then a step to 130 that a run accepted, then two more at 130: all of one commit,
  // so only the acceptance says that the code changed.
  const history = [stored(100, 1), stored(100, 2), stored(130, 3, true), stored(131, 4), stored(129, 5)]
  const runs = historyRuns(history).get('parse')!
  assert.deepEqual(
    runs.get('wall')!.map((r) => r.startsState),
    [undefined, undefined, 'it accepted a regression of wall', undefined, undefined],
  )
  assert.ok(
    runs.get('user')!.every((r) => r.startsState === undefined),
    'a metric whose regression was not accepted is one state',
  )

  // A 12% slowdown stands out from the runs at 130; pooled with the step, it would look like drift.
  const head = resultSetOf('accept', { branch: 'feature' }, '2026-02-02T00:00:00.000Z', [
    timed('parse', 145, 'head'),
  ])
  const options = (results: ResultSet[]): CompareOptions => ({
    baseline: { results: history[4]!, source: 'store', reason: 'newest on main' },
    history: { branch: 'main', results },
    acrossMoments: true,
  })
  const after = compareResults(head, options(history))
  const wall = after.benchmarks[0]!.metrics.find((m) => m.metric === 'wall')!
  assert.deepEqual([wall.drift?.states, wall.drift?.df], [2, 3])
  assert.equal(wall.verdict, 'regression')
  const forgotten = compareResults(head, options(history.map(({ accepted: _, ...r }) => r)))
  assert.equal(forgotten.benchmarks[0]!.metrics.find((m) => m.metric === 'wall')!.verdict, 'unclear')
})

describe('the results file', () => {
  const base = resultSetOf('accept', { branch: 'main' }, '2026-03-01T00:00:00.000Z')
  test('records what was accepted; files without it still load; a bad entry is named', () => {
    const withAccepted = {
      ...base,
      accepted: [
        { benchmark: 'parse', metric: 'wall', reason: 'why', source: 'config', until: '2026-04-01' },
      ],
    }
    assert.deepEqual(
      parseResultSetText(JSON.stringify(withAccepted), 'r.json').accepted,
      withAccepted.accepted,
    )
    assert.equal(parseResultSetText(JSON.stringify(base), 'r.json').accepted, undefined)
    assert.throws(
      () =>
        parseResultSetText(
          JSON.stringify({ ...base, accepted: [{ ...withAccepted.accepted[0], source: 'anyone' }] }),
          'r.json',
        ),
      (error: unknown) =>
        error instanceof ResultsFormatError &&
        /^r\.json: invalid results at accepted\.0\.source: /.test(error.message),
    )
  })
})

describe('a deferred comparison (a fork pull request)', () => {
  const { base, head } = sides()
  const options: CompareOptions = {
    baseline: { results: base, source: 'store', reason: 'newest on main' },
    baselineWarnings: [],
    accept: {
      rules: [rule('parse'), rule('*', { source: 'label', by: 'ceo', reason: 'trust me' })],
      notes: ['accept "old" held until 2026-01-01 and no longer applies: its regressions count again'],
    },
  }
  const artifact = () =>
    JSON.stringify(
      deferredComparison({
        owner: 'o',
        repo: 'r',
        issueNumber: 7,
        headSha: 'f'.repeat(40),
        mode: 'always',
        head,
        options,
      }),
    )
  const deferred = () => parseDeferredComparison(artifact(), 'comparison.json')

  test('what the artifact says was accepted counts for nothing: the trusted job decides every acceptance', () => {
    const d = deferred()
    assert.deepEqual(d.accept, options.accept, 'an artifact that carries acceptances still loads')
    const again = compareDeferred(d)
    assert.equal(verdicts(again).parse, 'regression', 'bench.yml’s rule as the artifact claims it: nothing')
    assert.equal(verdicts(again).startup, 'regression', 'the label the artifact claims: nothing')
    assert.equal(again.acceptance, undefined)
    const trusted = compareDeferred(d, {
      accept: {
        rules: [rule('*', { source: 'label', by: 'maintainer', reason: 'labelled' })],
        notes: [],
      },
    })
    assert.equal(verdicts(trusted).startup, 'accepted')
    const startup = trusted.benchmarks.find((b) => b.name === 'startup')!
    assert.equal(startup.metrics.find((m) => m.metric === 'wall')!.accepted?.by, 'maintainer')
  })

  test('an acceptance is checked as data: bounded, of known sources', () => {
    const text = artifact()
    const tamper = (
      edit: (d: { accept: { rules: Array<Record<string, unknown>>; notes: string[] } }) => void,
    ) => {
      const data = JSON.parse(text)
      edit(data)
      return () => parseDeferredComparison(JSON.stringify(data), 'comparison.json')
    }
    assert.throws(
      tamper((d) => (d.accept.rules[0]!.source = 'admin')),
      /accept\.rules\.0\.source/,
    )
    assert.throws(
      tamper((d) => (d.accept.rules[0]!.reason = 'x'.repeat(5000))),
      /accept\.rules\.0\.reason/,
    )
    assert.throws(
      tamper((d) => (d.accept.rules[0]!.markdown = '**x**')),
      /accept\.rules\.0/,
    )
    assert.throws(
      tamper((d) => (d.accept.notes = Array(500).fill('x'))),
      /accept\.notes/,
    )
  })
})

// ---------------------------------------------------------------------------------------------------
// The reports.

const HOSTILE_REASON =
  '<img src=x onerror=alert(1)> @octocat see [here](https://evil.example) | `x` www.evil.example'
const HOSTILE_LOGIN = 'octocat](https://evil.example)<b>'

function acceptedComparison(trends?: string): Comparison {
  const c = compareWith({
    rules: [
      rule('parse', { reason: HOSTILE_REASON, until: '2026-04-01' }),
      rule('*', {
        source: 'label',
        by: HOSTILE_LOGIN,
        reason: 'pull request #7 has the label "<b>@team</b>"',
      }),
    ],
    notes: [`accept "${HOSTILE_REASON}" held until 2026-01-01 and no longer applies`],
  })
  return trends ? { ...c, trends } : c
}

describe('reports of accepted regressions', () => {
  gfm.test(
    'markdown: its own section after the regressions, with who and why, safe as GitHub renders it',
    async () => {
      const c = acceptedComparison()
      const md = renderMarkdown(c, { now: NOW })
      await assertSafeReport(md)
      const regressions = md.indexOf('#### Regressions')
      const accepted = md.indexOf('#### Accepted regressions')
      const failed = md.indexOf('#### Failed')
      assert.ok(regressions === -1 || regressions < accepted, 'after the regressions')
      assert.ok(accepted > 0 && accepted < failed, 'before the failures')
      assert.match(md, /### 💥 bench-action · accept: 1 benchmark failed to run \(2 regressions accepted\)/)
      const html = await renderGfm(md)
      const text = visibleText(html)
      // The reason and the login are shown as written, as text: no element, link or mention of theirs.
      assert.ok(text.includes(HOSTILE_REASON.replace('\\`', '`')), 'the reason is shown')
      assert.ok(text.includes(`@${HOSTILE_LOGIN}, with the label`), 'the login is shown')
      assert.ok(text.includes('bench.yml, until 2026-04-01'))
      const rows = tokenizeHtml(html).filter((t) => t.type === 'start' && t.name === 'tr').length
      assert.ok(rows >= 3, 'a table of the accepted regressions')
      assert.match(md, /> \[!NOTE\]\n>\n> accept "/)
      // Shortened until the improvements and the detail blocks are left out: the accepted rows stay.
      const short = renderMarkdown(c, { now: NOW, maxLength: 2200 })
      assert.ok(md.length > 2200 && short.length <= 2200, `${md.length} → ${short.length}`)
      assert.match(short, /left out: the detail blocks .*; 1 improved, unclear, warned or new rows\./)
      assert.match(short, /#### Accepted regressions/)
      assert.match(short, /\| bench\.yml, until 2026-04-01 \|/)
      assert.match(short, /, with the label \|/)
      await assertSafeReport(short)
    },
  )

  test('terminal: the accepted rows and a line each with who and why', () => {
    const text = renderTerminal(acceptedComparison(), { color: false, now: NOW })
    assert.match(text, /^parse +wall \(median\) .* accepted$/m)
    assert.match(text, /^Accepted regressions$/m)
    assert.match(
      text,
      /^ {2}parse wall \(median\) \+\d+\.\d% \(.*\): <img src=x onerror=alert\(1\)> @octocat .* — bench\.yml, until 2026-04-01$/m,
    )
    assert.match(
      text,
      /^ {2}startup wall \(median\) .*: pull request #7 has the label "<b>@team<\/b>" — @octocat\]\(https:\/\/evil\.example\)<b>, with the label$/m,
    )
    assert.match(text, /^note: accept "<img/m)
    const coloured = renderTerminal(acceptedComparison(), { color: true, now: NOW })
    assert.ok(coloured.includes('\x1b[35m  parse wall'), 'accepted lines in magenta')
  })

  test('HTML: an accepted badge, who and why, escaped', async () => {
    const html = await renderHtml({ ...acceptedComparison(), scaling: [] }, { now: NOW })
    assert.match(html, /<span class="badge badge-accepted">accepted<\/span>/)
    assert.match(html, /<section id="accepted">\n<h2>Accepted regressions<\/h2>/)
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt; @\u200boctocat'), 'the reason, escaped')
    const tags = tokenizeHtml(html).filter((t) => t.type === 'start')
    assert.ok(!tags.some((t) => t.name === 'img' || t.name === 'b' || t.name === 'a'), 'no element of theirs')
    assert.ok(visibleText(html).includes(`@${HOSTILE_LOGIN}, with the label`))
  })
})

/** The addresses of a document's links, in order. */
function hrefs(html: string): string[] {
  return tokenizeHtml(html).flatMap((t) =>
    t.type === 'start' && t.name === 'a' ? [t.attributes.find(([k]) => k === 'href')?.[1] ?? ''] : [],
  )
}

describe('links to the trend site', () => {
  const SITE = 'https://org.github.io/repo/bench'

  gfm.test(
    'markdown: each benchmark row links to its page, at an address the name does not choose',
    async () => {
      const c = acceptedComparison(SITE)
      const md = renderMarkdown(c, { now: NOW })
      await assertSafeReport(md, {
        allowedLinks: [
          /^https:\/\/org\.github\.io\/repo\/bench\/accept-[0-9a-f]{10}\/[a-z0-9-]+-[0-9a-f]{10}\.html$/,
        ],
      })
      const links = hrefs(await renderGfm(md))
      for (const name of ['parse', 'startup', 'fast'])
        assert.ok(links.includes(trendPageUrl(SITE, 'accept', name)), `${name} links to its page`)
      assert.equal(
        trendPageUrl(SITE, 'accept', 'parse'),
        `${SITE}/accept-${trendPageUrl(SITE, 'accept', 'parse').split('/accept-')[1]}`,
      )
      assert.equal(
        renderMarkdown(acceptedComparison(), { now: NOW }).includes(SITE),
        false,
        'no site, no link',
      )
    },
  )

  gfm.test('a hostile name still links to a page named by its digest', async () => {
    const name = '<img src=x>](https://evil.example) @octocat'
    const { base, head } = sides({ parse: name })
    const c = {
      ...compareResults(head, { baseline: { results: base, source: 's', reason: 'r' } }),
      trends: SITE,
    }
    const md = renderMarkdown(c, { now: NOW })
    await assertSafeReport(md, {
      allowedLinks: [
        /^https:\/\/org\.github\.io\/repo\/bench\/accept-[0-9a-f]{10}\/[a-z0-9-]+-[0-9a-f]{10}\.html$/,
      ],
    })
  })

  test('HTML: the name cell links to the page', async () => {
    const html = await renderHtml({ ...acceptedComparison(SITE), scaling: [] }, { now: NOW })
    const links = hrefs(html)
    assert.ok(links.includes(trendPageUrl(SITE, 'accept', 'parse')))
    assert.ok(
      links.every((h) => h.startsWith(`${SITE}/accept-`)),
      links.join('\n'),
    )
  })
})
