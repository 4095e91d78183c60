// A process benchmark's parameter scan (hyperfine's --parameter-list and --parameter-scan): each
// parameter is a list of values or a range, several parameters give their cross product, and `{NAME}` in
// the command, the prepare and conclude commands, the stdin and output files and the name is replaced by
// the point's value. A `{NAME}` that names no parameter (or any, in a benchmark without parameters) is
// a config error; `{{` and `}}` are a literal `{` and `}` (Python's str.format rule: `awk '{{print}}'`
// runs `awk '{print}'`), and `${NAME}`, a shell's variable, is left alone. Other braces (`{}`,
// `{ print $1 }`, `{a,b}`) are not placeholders and stay as written.
import * as z from 'zod'
import { expecting } from '../../fields/index.ts'

export type ParameterValue = string | number
export type ParameterPoint = Record<string, ParameterValue>

const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
/**
 * Read left to right: `{{` and `}}` (a literal brace each), or `{name}` but not a shell's `${name}`
 * (those are the script's own variables).
 */
const PLACEHOLDER = /\{\{|\}\}|(?<!\$)\{([A-Za-z_][A-Za-z0-9_]*)\}/g
/** More points than this in one scan is a mistake (a step far too small), not a benchmark. */
export const MAX_POINTS = 1000

const finite = (what: string) => z.number(expecting(what)).refine((n) => Number.isFinite(n), expecting(what))

const rangeSchema = z
  .strictObject(
    {
      from: finite('a number to start from'),
      to: finite('a number to end at (included when a step lands on it)'),
      step: finite('a step greater than zero').optional(),
    },
    expecting('a list of values, or a range { from, to, step }'),
  )
  .superRefine((range, ctx) => {
    const step = range.step ?? 1
    if (!(step > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['step'],
        message: 'expected a step greater than zero',
      })
      return
    }
    if (range.from > range.to) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `expected a number at least from (${range.from})`,
        params: { hint: 'a scan counts up from `from` to `to`; swap them' },
      })
      return
    }
    if ((range.to - range.from) / step + 1 > MAX_POINTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['step'],
        message: `expected a step that makes at most ${MAX_POINTS} values, not ${Math.floor((range.to - range.from) / step) + 1}`,
        params: { hint: 'use a larger step' },
      })
    }
  })

const valueSchema = z.union([z.number(), z.string()], expecting('a number or a string'))

const valuesSchema = z.union(
  [
    z
      .array(valueSchema, expecting('a list of values'))
      .min(1, expecting('a non-empty list of values'))
      .max(MAX_POINTS, expecting(`at most ${MAX_POINTS} values`))
      .superRefine((values, ctx) => {
        const seen = new Set<string>()
        for (const [i, value] of values.entries()) {
          if (seen.has(String(value))) {
            ctx.addIssue({ code: 'custom', path: [i], message: 'expected each value once' })
          }
          seen.add(String(value))
        }
      }),
    rangeSchema,
  ],
  expecting('a list of values, or a range { from, to, step }'),
)

export const parametersSchema = z
  .record(
    z.string().regex(PARAMETER_NAME, expecting('a parameter name of letters, digits and _ (not first)')),
    valuesSchema,
    expecting('a mapping of parameter names to a list of values or a range { from, to, step }'),
  )
  .superRefine((parameters, ctx) => {
    if (Object.keys(parameters).length === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: 'expected at least one parameter' })
    }
  })
  .meta({
    description:
      'Measure the benchmark at every value (several parameters: every combination), one benchmark each, ' +
      'named NAME/PARAM:VALUE; {PARAM} in the command, prepare, conclude, stdin, output and name is replaced ' +
      'by the value. A list [10, 100] or a range { from: 1, to: 5, step: 1 }. A {NAME} that names no parameter ' +
      "is a config error, with or without parameters: write {{ and }} for a literal brace (awk '{{print}}' runs " +
      `awk '{print}'); $\{NAME}, a shell's variable, is left alone.`,
    examples: [{ n: [10, 100, 1000] }, { size: { from: 1, to: 4, step: 1 } }],
  })

export type ParametersEntry = z.output<typeof parametersSchema>

/** The values of a range: from, from + step, … up to `to`, without floating-point residue (0.1 + 0.2). */
export function rangeValues(range: { from: number; to: number; step?: number }): number[] {
  const step = range.step ?? 1
  const decimals = Math.max(decimalsOf(range.from), decimalsOf(step))
  const values: number[] = []
  for (let i = 0; ; i++) {
    const value = Number((range.from + i * step).toFixed(decimals))
    if (value > range.to + step * 1e-9 || values.length >= MAX_POINTS) break
    values.push(value)
  }
  return values
}

function decimalsOf(n: number): number {
  const text = String(n)
  if (text.includes('e-')) return Number(text.split('e-')[1])
  return text.includes('.') ? text.split('.')[1]!.length : 0
}

/** Every point of the scan, in order: the first parameter varies slowest. */
export function parameterPoints(parameters: ParametersEntry): ParameterPoint[] {
  let points: ParameterPoint[] = [{}]
  for (const [name, values] of Object.entries(parameters)) {
    const list = Array.isArray(values) ? values : rangeValues(values)
    points = points.flatMap((point) => list.map((value) => ({ ...point, [name]: value })))
  }
  return points
}

/** The names of the `{NAME}` placeholders in a text, each once, in order. */
export function placeholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].flatMap((m) => (m[1] !== undefined ? [m[1]] : []))
  return [...new Set(names)]
}

/**
 * The text with each `{NAME}` of the point replaced by its value and `{{`, `}}` by one brace; other
 * text is left as written (a `{NAME}` the point lacks too: the config refuses those).
 */
export function substitute(text: string, point: ParameterPoint): string {
  return text.replace(PLACEHOLDER, (whole, name: string | undefined) => {
    if (name === undefined) return whole[0]!
    return Object.hasOwn(point, name) ? String(point[name]) : whole
  })
}

/**
 * A case's name at a point: the name with its placeholders replaced, then `/NAME:VALUE` for each parameter
 * the name does not mention (`sort/n:100`, or `sort {n}` → `sort 100`).
 */
export function pointName(name: string, point: ParameterPoint): string {
  const mentioned = new Set(placeholders(name))
  const rest = Object.entries(point).filter(([key]) => !mentioned.has(key))
  return substitute(name, point) + rest.map(([key, value]) => `/${key}:${value}`).join('')
}

/**
 * Adds an issue for each `{NAME}` in `text` that names no parameter of the benchmark (any, when it
 * has none), at `path`, with the escape for a literal one.
 */
export function checkPlaceholders(
  text: string,
  parameters: ParametersEntry | undefined,
  ctx: z.RefinementCtx,
  path: Array<string | number>,
) {
  const known = Object.keys(parameters ?? {})
  for (const name of placeholders(text)) {
    if (known.includes(name)) continue
    const literal = `write {{${name}}} for a literal {${name}}`
    ctx.addIssue({
      code: 'custom',
      path,
      message: `expected {${name}} to name a parameter (this benchmark has ${known.length > 0 ? known.map((k) => `{${k}}`).join(', ') : 'none'})`,
      params: {
        hint:
          known.length > 0
            ? `${literal}, or add ${name} to parameters: (a shell variable is written $\{${name}}, which is left alone)`
            : `${literal}, or scan it with parameters: { ${name}: [...] } (a shell variable is written $\{${name}}, which is left alone)`,
      },
    })
  }
}
