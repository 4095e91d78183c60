// A `rebar:` entry's cases: one per definition of the rebar directory (rebar.ts reads it) and engine
// it lists, each sent the KLV rebar would send.
import type { WallClockCase } from './plan.ts'
import {
  engineVersion,
  expectedCount,
  type HaystackReader,
  type RebarDefinition,
  readRebarSuite,
} from './rebar.ts'
import { buildOnce } from './rebar-build.ts'

/**
 * The KLV inputs of a definition, split as rebar's shared/klv/lib.rs writes them: case-insensitive and
 * unicode before the limits, each pattern and the haystack after them.
 */
export function definitionInput(d: RebarDefinition): Pick<WallClockCase, 'input' | 'inputAfterLimits'> {
  return {
    input: [
      { key: 'case-insensitive', value: { text: String(d.caseInsensitive) } },
      { key: 'unicode', value: { text: String(d.unicode) } },
    ],
    inputAfterLimits: [
      ...d.patterns.map((p) => ({ key: 'pattern', value: { text: p } })),
      { key: 'haystack', value: { load: d.haystack } },
    ],
  }
}

/**
 * A `rebar:` case as one case per definition and engine, named `NAME/GROUP/DEFINITION/ENGINE` and
 * ranked by engine within a definition. Each runs the engine's command of engines.toml, in its
 * directory and with its environment added, and must count what the definition expects of it; with
 * `versions` (measuring), each notes its engine's version, and with `rebar.build` the engines are
 * built first. An engine a definition has no count for, or that did not build, is failed.
 */
export async function rebarCases(
  c: WallClockCase,
  options: { versions?: NodeJS.ProcessEnv; readHaystack?: HaystackReader } = {},
): Promise<{ cases: WallClockCase[]; failed: Array<{ c: WallClockCase; error: string }> }> {
  const suite = await readRebarSuite(
    c.rebar!,
    c.cwd,
    options.readHaystack ? { readHaystack: options.readHaystack } : {},
  )
  const cases: WallClockCase[] = []
  const failed: Array<{ c: WallClockCase; error: string }> = []
  const unbuilt = new Map<string, string>()
  if (options.versions && c.rebar!.build) {
    for (const engine of suite.engines.values()) {
      const error = await buildOnce(engine, options.versions)
      if (error !== undefined) unbuilt.set(engine.name, error)
    }
  }
  for (const d of suite.definitions) {
    const inputs = definitionInput(d)
    for (const engineName of d.engines) {
      const engine = suite.engines.get(engineName)!
      const name = `${c.name}/${d.name}/${engineName}`
      const count = expectedCount(d, engineName)
      const version =
        options.versions && !unbuilt.has(engineName)
          ? await engineVersion(engine, options.versions)
          : undefined
      const one: WallClockCase = {
        ...c,
        id: name,
        name,
        parameters: { ...c.parameters, definition: d.name, engine: engineName },
        engine: engineName,
        command: engine.run.argv,
        cwd: engine.run.cwd,
        env: { ...c.env, ...engine.run.env },
        harness: false,
        rebar: undefined,
        model: d.model,
        klvName: d.name,
        ...inputs,
        count: typeof count === 'number' ? count : undefined,
        throughputInput: 'haystack',
        notes: version === undefined ? [] : [`engine ${engineName} version ${version}`],
      }
      const error = unbuilt.get(engineName) ?? d.error
      if (error !== undefined) failed.push({ c: one, error })
      else if (typeof count === 'number') cases.push(one)
      else failed.push({ c: one, error: count.error })
    }
  }
  return { cases, failed }
}
