// The rules of accepting a regression, one function at a time: which `until` texts are dates and
// commits, which benchmarks an entry covers, how an entry is named, which bench.yml entries still
// hold against a baseline (and the notes about the others), the entries a pull request added, the
// acceptances of a split comparison joined, stale entries, and what a label's decision adds.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  type Acceptance,
  type AcceptRule,
  addedEntries,
  coversBenchmark,
  describeEntry,
  isCalendarDate,
  joinAcceptances,
  resolveAcceptance,
  staleNotes,
  UNTIL_COMMIT,
  UNTIL_DATE,
  withLabel,
  withRule,
} from '../../src/accept.ts'

const NOW = new Date('2026-03-01T12:00:00Z')
const BASELINE = '0123456789abcdef0123456789abcdef01234567'

describe('until: a date or a commit', () => {
  test('a date is four, two and two digits joined by dashes, nothing before or after', () => {
    for (const text of ['2026-03-01', '0001-01-01', '9999-12-31'])
      assert.equal(UNTIL_DATE.test(text), true, text)
    for (const text of [
      ' 2026-03-01',
      '2026-03-01 ',
      'x2026-03-01',
      '2026-03-01x',
      '2026-03-01T00:00:00Z',
      '26-03-01',
      '2026-3-01',
      '2026-03-1',
      '20260-03-01',
      '2026/03/01',
      'yyyy-mm-dd',
    ])
      assert.equal(UNTIL_DATE.test(text), false, text)
  })

  test('a commit is 7 to 64 hex digits, of either case, nothing before or after', () => {
    for (const text of ['4c0ffee', 'ABCDEF0', 'deadbeef', '0'.repeat(40), 'a'.repeat(64)])
      assert.equal(UNTIL_COMMIT.test(text), true, text)
    for (const text of [
      'c0ffee',
      'a'.repeat(65),
      'g4c0ffee',
      '4c0ffeeg',
      ' 4c0ffee',
      '4c0ffee ',
      '4c0f fee',
      'main',
      '2026-03-01',
    ])
      assert.equal(UNTIL_COMMIT.test(text), false, text)
  })

  test('a date names a day of the calendar: not 2026-02-30, not month 13, not day 0', () => {
    for (const text of ['2026-03-01', '2026-02-28', '2024-02-29', '2026-12-31', '2026-01-31', '1970-01-01'])
      assert.equal(isCalendarDate(text), true, text)
    for (const text of [
      '2026-02-30',
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-01-32',
      '2026-12-99',
      // Date.UTC reads a year below 100 as one of the 1900s: such a date is refused, not misread.
      '0050-01-01',
      '0099-12-31',
      'tomorrow',
      '2026-03-01 ',
      '',
    ])
      assert.equal(isCalendarDate(text), false, text)
  })
})

describe('which benchmarks an entry covers', () => {
  const b = (id: string, name: string) => ({ id, name })

  test('its glob matches the name or the id', () => {
    assert.equal(coversBenchmark({ benchmark: 'parse*' }, b('parse-json', 'parse-json')), true)
    assert.equal(coversBenchmark({ benchmark: 'parse*' }, b('p1', 'parse json')), true)
    assert.equal(coversBenchmark({ benchmark: 'p1' }, b('p1', 'parse json')), true)
    assert.equal(coversBenchmark({ benchmark: 'p?' }, b('p1', 'parse json')), true)
    assert.equal(coversBenchmark({ benchmark: 'other, parse json' }, b('p1', 'parse json')), true)
  })

  test('neither the name nor the id matching: not covered', () => {
    assert.equal(coversBenchmark({ benchmark: 'startup' }, b('parse', 'parse')), false)
    assert.equal(coversBenchmark({ benchmark: 'startup' }, b('p1', 'parse json')), false)
    assert.equal(coversBenchmark({ benchmark: 'parse' }, b('parse-json', 'parse-json')), false)
  })
})

test('an entry is named by its glob, quoted, and its metric when it has one', () => {
  assert.equal(describeEntry({ benchmark: 'parse*' }), 'accept "parse*"')
  assert.equal(describeEntry({ benchmark: 'parse*', metric: 'ir' }), 'accept "parse*" (metric ir)')
  assert.equal(describeEntry({ benchmark: 'say "hi"' }), 'accept "say \\"hi\\""')
})

describe('which bench.yml entries hold', () => {
  const git = (answer: boolean | undefined) => {
    const asked: Array<[string, string]> = []
    const contains = async (commit: string, ancestor: string) => {
      asked.push([commit, ancestor])
      return answer
    }
    return { asked, contains }
  }
  const never = async (): Promise<boolean | undefined> => assert.fail('git is not asked')

  test('an entry without until holds, as a rule of bench.yml with its metric only when it names one', async () => {
    const resolved = await resolveAcceptance(
      [
        { benchmark: 'parse*', reason: 'validates its input' },
        { benchmark: 'startup', metric: 'ir', reason: 'loads plugins' },
      ],
      { now: NOW, baseline: { sha: BASELINE }, contains: never },
    )
    assert.deepEqual(resolved, {
      rules: [
        { benchmark: 'parse*', reason: 'validates its input', source: 'config' },
        { benchmark: 'startup', metric: 'ir', reason: 'loads plugins', source: 'config' },
      ],
      notes: [],
    })
  })

  test('a date holds through its day in UTC, then no longer, with or without a baseline', async () => {
    const entries = [
      { benchmark: 'a', reason: 'r', until: '2026-03-01' },
      { benchmark: 'b', reason: 'r', metric: 'wall', until: '2026-02-28' },
      { benchmark: 'c', reason: 'r', until: '2026-03-02' },
    ]
    for (const baseline of [undefined, { sha: BASELINE }]) {
      const resolved = await resolveAcceptance(entries, {
        now: NOW,
        ...(baseline ? { baseline } : {}),
        contains: never,
      })
      assert.deepEqual(resolved, {
        rules: [
          { benchmark: 'a', reason: 'r', source: 'config', until: '2026-03-01' },
          { benchmark: 'c', reason: 'r', source: 'config', until: '2026-03-02' },
        ],
        notes: [
          'accept "b" (metric wall) held until 2026-02-28 and no longer applies: its regressions count again',
        ],
      })
    }
    // The last moment of the day, UTC, still holds; the first of the next does not.
    const entry = [{ benchmark: 'a', reason: 'r', until: '2026-03-01' }]
    const late = await resolveAcceptance(entry, {
      now: new Date('2026-03-01T23:59:59.999Z'),
      contains: never,
    })
    assert.equal(late.rules.length, 1)
    const next = await resolveAcceptance(entry, { now: new Date('2026-03-02T00:00:00Z'), contains: never })
    assert.deepEqual(next.notes, [
      'accept "a" held until 2026-03-01 and no longer applies: its regressions count again',
    ])
  })

  test('a commit without a baseline holds, and git is not asked', async () => {
    const resolved = await resolveAcceptance([{ benchmark: 'a', reason: 'r', until: '4c0ffee' }], {
      now: NOW,
      contains: never,
    })
    assert.deepEqual(resolved, {
      rules: [{ benchmark: 'a', reason: 'r', source: 'config', until: '4c0ffee' }],
      notes: [],
    })
  })

  test('a commit the baseline does not contain holds; git is asked whether the baseline contains it', async () => {
    const { asked, contains } = git(false)
    const resolved = await resolveAcceptance([{ benchmark: 'a', reason: 'r', until: '4c0ffee' }], {
      now: NOW,
      baseline: { sha: BASELINE },
      contains,
    })
    assert.deepEqual(resolved.rules, [{ benchmark: 'a', reason: 'r', source: 'config', until: '4c0ffee' }])
    assert.deepEqual(resolved.notes, [])
    assert.deepEqual(asked, [[BASELINE, '4c0ffee']])
  })

  test('a commit the baseline contains no longer applies, naming the baseline by 12 digits', async () => {
    const { contains } = git(true)
    const resolved = await resolveAcceptance(
      [{ benchmark: 'parse', metric: 'ir', reason: 'r', until: '4c0ffee' }],
      { now: NOW, baseline: { sha: BASELINE }, contains },
    )
    assert.deepEqual(resolved, {
      rules: [],
      notes: [
        'accept "parse" (metric ir) held until commit 4c0ffee, which the baseline 0123456789ab contains: its numbers are the baseline\'s now, so the entry no longer applies',
      ],
    })
  })

  test('a commit git cannot place does not hold, and the note names fetch-depth: 0 and the github-token', async () => {
    const { contains } = git(undefined)
    const resolved = await resolveAcceptance([{ benchmark: 'parse', reason: 'r', until: 'deadbee' }], {
      now: NOW,
      baseline: { sha: BASELINE },
      contains,
    })
    assert.deepEqual(resolved, {
      rules: [],
      notes: [
        'accept "parse" holds until commit deadbee, but whether the baseline 0123456789ab contains it cannot be told here (a commit missing from this checkout\'s history: fetch-depth: 0 in actions/checkout fetches it, or a github-token lets GitHub be asked): not accepted, its regressions count',
      ],
    })
  })

  test('a baseline that names no commit: a commit entry does not hold, and git is not asked', async () => {
    for (const baseline of [{}, { sha: '' }]) {
      const resolved = await resolveAcceptance([{ benchmark: 'parse', reason: 'r', until: 'deadbee' }], {
        now: NOW,
        baseline,
        contains: never,
      })
      assert.deepEqual(resolved, {
        rules: [],
        notes: [
          'accept "parse" holds until commit deadbee, but the baseline names no commit, so whether it contains deadbee is unknown: not accepted, its regressions count',
        ],
      })
    }
  })

  test('every entry is decided, in order', async () => {
    const answers: Record<string, boolean | undefined> = { aaaaaaa: true, bbbbbbb: false, ccccccc: undefined }
    const resolved = await resolveAcceptance(
      [
        { benchmark: 'one', reason: 'r', until: 'aaaaaaa' },
        { benchmark: 'two', reason: 'r', until: 'bbbbbbb' },
        { benchmark: 'three', reason: 'r', until: '2026-01-01' },
        { benchmark: 'four', reason: 'r', until: 'ccccccc' },
        { benchmark: 'five', reason: 'r' },
      ],
      { now: NOW, baseline: { sha: BASELINE }, contains: async (_, ancestor) => answers[ancestor] },
    )
    assert.deepEqual(
      resolved.rules.map((r) => r.benchmark),
      ['two', 'five'],
    )
    assert.deepEqual(
      resolved.notes.map((n) => n.split(' held until ')[0]!.split(' holds until ')[0]),
      ['accept "one"', 'accept "three"', 'accept "four"'],
    )
  })
})

describe('the entries a pull request added', () => {
  const base = [
    { benchmark: 'a', reason: 'r' },
    { benchmark: 'b', metric: 'ir', reason: 'r', until: '2026-03-01' },
  ]

  test('an entry its base has the same of is not added; any field changed makes it added', () => {
    const head = [
      { benchmark: 'a', reason: 'r' },
      { benchmark: 'b', metric: 'ir', reason: 'r', until: '2026-03-01' },
      { benchmark: 'a', metric: 'wall', reason: 'r' },
      { benchmark: 'a', reason: 'r', until: '2026-03-01' },
      { benchmark: 'a', reason: 'another reason' },
      { benchmark: 'c', reason: 'r' },
      { benchmark: 'b', reason: 'r', until: '2026-03-01' },
      { benchmark: 'b', metric: 'ir', reason: 'r' },
      { benchmark: 'b', metric: 'ir', reason: 'r', until: '2026-04-01' },
    ]
    assert.deepEqual(addedEntries(head, base), head.slice(2))
  })

  test('nothing added when the head has what the base has, and everything against an empty base', () => {
    assert.deepEqual(addedEntries(base, base), [])
    assert.deepEqual(addedEntries([], base), [])
    assert.deepEqual(addedEntries(base, []), base)
  })
})

describe('the acceptances of a split comparison, joined', () => {
  const rule = (benchmark: string, extra: Partial<AcceptRule> = {}): AcceptRule => ({
    benchmark,
    reason: 'r',
    source: 'config',
    ...extra,
  })

  test('none: no acceptance', () => {
    assert.equal(joinAcceptances([]), undefined)
    assert.equal(joinAcceptances([undefined, undefined]), undefined)
  })

  test('one: the same rules and notes, without added entries when there are none', () => {
    const one: Acceptance = { rules: [rule('a')], notes: ['n'] }
    assert.deepEqual(joinAcceptances([undefined, one]), { rules: [rule('a')], notes: ['n'] })
    assert.deepEqual(joinAcceptances([one, undefined]), { rules: [rule('a')], notes: ['n'] })
  })

  test('each rule once by source, benchmark and metric; each note once; in order', () => {
    const timed: Acceptance = {
      rules: [rule('a'), rule('a', { metric: 'wall' }), rule('*', { source: 'label', by: 'x' })],
      notes: ['stale a', 'label note'],
    }
    const exact: Acceptance = {
      rules: [
        rule('a', { reason: 'the same rule' }),
        rule('a', { metric: 'ir' }),
        rule('a', { source: 'label' }),
        rule('*', { source: 'label', by: 'x' }),
        rule('b'),
      ],
      notes: ['label note', 'stale b'],
    }
    assert.deepEqual(joinAcceptances([timed, exact]), {
      rules: [
        rule('a'),
        rule('a', { metric: 'wall' }),
        rule('*', { source: 'label', by: 'x' }),
        rule('a', { metric: 'ir' }),
        rule('a', { source: 'label' }),
        rule('b'),
      ],
      notes: ['stale a', 'label note', 'stale b'],
    })
  })

  test('the added entries of either side, each once', () => {
    const a = { benchmark: 'a', reason: 'r' }
    const b = { benchmark: 'b', reason: 'r', until: '2026-03-01' }
    const bIr = { benchmark: 'b', metric: 'ir', reason: 'r', until: '2026-03-01' }
    assert.deepEqual(
      joinAcceptances([
        { rules: [], notes: [], added: [a, b] },
        { rules: [], notes: [], added: [b, bIr, a] },
      ]),
      { rules: [], notes: [], added: [a, b, bIr] },
    )
    assert.deepEqual(
      joinAcceptances([
        { rules: [], notes: [] },
        { rules: [], notes: [], added: [bIr] },
      ]),
      { rules: [], notes: [], added: [bIr] },
    )
    assert.deepEqual(joinAcceptances([{ rules: [], notes: [], added: [] }]), { rules: [], notes: [] })
  })
})

describe('stale entries', () => {
  const benchmarks = [
    { id: 'parse-json', name: 'parse-json', metrics: { wall: {}, ir: {} } },
    { id: 'parse-xml', name: 'parse-xml', metrics: { wall: {} } },
    { id: 's1', name: 'startup', metrics: { wall: {} } },
  ]
  const config = (benchmark: string, metric?: string): AcceptRule => ({
    benchmark,
    ...(metric !== undefined ? { metric } : {}),
    reason: 'r',
    source: 'config',
  })

  test('an entry that matches no benchmark, or none with its metric, is named', () => {
    assert.deepEqual(
      staleNotes(
        [config('render'), config('parse-xml', 'ir'), config('s1', 'cycles'), config('gone*', 'wall')],
        benchmarks,
      ),
      [
        'accept "render" matches no benchmark of this run: a stale acceptance?',
        'accept "parse-xml" (metric ir) matches benchmarks of this run, none of which has the metric ir: a stale acceptance?',
        'accept "s1" (metric cycles) matches benchmarks of this run, none of which has the metric cycles: a stale acceptance?',
        'accept "gone*" (metric wall) matches no benchmark of this run: a stale acceptance?',
      ],
    )
  })

  test('an entry that covers a benchmark, by name or id, with its metric on any of them, is not', () => {
    assert.deepEqual(
      staleNotes(
        [config('parse*'), config('parse*', 'ir'), config('s1', 'wall'), config('startup'), config('*')],
        benchmarks,
      ),
      [],
    )
  })

  test('a label’s rule is never stale', () => {
    const label: AcceptRule = { benchmark: 'render', metric: 'ir', reason: 'r', by: 'm', source: 'label' }
    assert.deepEqual(staleNotes([label], benchmarks), [])
    assert.deepEqual(staleNotes([{ ...label, metric: 'cycles', benchmark: '*' }], benchmarks), [])
  })

  test('no benchmarks: every entry of bench.yml is named', () => {
    assert.deepEqual(staleNotes([config('*')], []), [
      'accept "*" matches no benchmark of this run: a stale acceptance?',
    ])
  })
})

describe('what a label adds', () => {
  const labelRule: AcceptRule = {
    benchmark: '*',
    reason: 'pull request #7 has the label "bench-accept", added for 5eed5ee',
    by: 'maintainer',
    source: 'label',
  }
  const configRule: AcceptRule = { benchmark: 'a', reason: 'r', source: 'config' }
  const added = [{ benchmark: 'a', reason: 'r' }]

  test('a rule goes after those there are; notes and added entries stay', () => {
    assert.deepEqual(withRule(undefined, labelRule), { rules: [labelRule], notes: [] })
    assert.deepEqual(withRule({ rules: [configRule], notes: ['n'], added }, labelRule), {
      rules: [configRule, labelRule],
      notes: ['n'],
      added,
    })
  })

  test('a label that counts adds its rule', () => {
    assert.deepEqual(withLabel(undefined, { rule: labelRule }), { rules: [labelRule], notes: [] })
    assert.deepEqual(withLabel({ rules: [configRule], notes: ['n'], added }, { rule: labelRule }), {
      rules: [configRule, labelRule],
      notes: ['n'],
      added,
    })
  })

  test('a label that does not count adds the note saying why, after the others', () => {
    const refused = 'the label "bench-accept" on #7 does not count: GitHub names no one who added it'
    assert.deepEqual(withLabel(undefined, { refused }), { rules: [], notes: [refused] })
    assert.deepEqual(withLabel({ rules: [configRule], notes: ['n'], added }, { refused }), {
      rules: [configRule],
      notes: ['n', refused],
      added,
    })
  })

  test('no label: the acceptance as it was', () => {
    assert.equal(withLabel(undefined, {}), undefined)
    const acceptance: Acceptance = { rules: [configRule], notes: ['n'] }
    assert.equal(withLabel(acceptance, {}), acceptance)
    assert.deepEqual(acceptance, { rules: [configRule], notes: ['n'] })
  })
})
