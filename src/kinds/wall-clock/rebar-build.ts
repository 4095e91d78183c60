// `rebar: { build: true }`: the chosen engines built as `rebar build` builds them (src/cmd/build.rs in
// rebar's source): for each engine, its `[[engine.dependency]]` checks first — a command that must
// succeed and, when the check has a regex, print a match of it on stdout — then its `[[engine.build]]`
// commands in order, each in its working directory (rebar.ts resolves them). The commands come from
// engines.toml, which a pull request controls: each runs as argv, as rebar runs it, never through a
// shell. A missing dependency or a failed step stops that engine only, with what went wrong.
import { commandFailure, outputTail, runCommand } from '../../system/command.ts'
import { type RebarCommand, type RebarEngine, rustRegex } from './rebar.ts'

/** How a command is shown in a message: its argv, each word quoted as JSON. */
function shown(command: RebarCommand): string {
  return command.argv.map((word) => JSON.stringify(word)).join(' ')
}

/** `rebar build`'s note after a dependency fails, in its words. */
function dependencyNote(engine: string): string {
  return `(a dependency that is required to build '${engine}' could not be found, either because it isn't installed or because it didn't behave as expected)`
}

/** Why the engine's dependencies are not there, or undefined when every check passes. */
async function missingDependency(
  engine: RebarEngine,
  inherit: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  for (const dependency of engine.dependencies) {
    const result = await runCommand(dependency.argv, {
      cwd: dependency.cwd,
      env: { ...inherit, ...dependency.env },
      timeoutMs: 60_000,
    })
    const failure = commandFailure(result)
    if (failure !== undefined) {
      const tail = outputTail(result.stderr, { lines: 1 })
      return `${engine.name}: dependency command failed: ${shown(dependency)} ${failure}${tail === '' ? '' : `: ${tail}`} ${dependencyNote(engine.name)}`
    }
    if (
      dependency.regex !== undefined &&
      !rustRegex(dependency.regex, `${engine.name}'s dependency regex`).test(result.stdout)
    )
      return `${engine.name}: dependency command did not print expected output: could not find match for ${JSON.stringify(dependency.regex)} in output of ${shown(dependency)} ${dependencyNote(engine.name)}`
  }
  return undefined
}

/**
 * Builds one engine as `rebar build` does: dependencies checked, then each build step run in its
 * directory. Returns why it failed (the step and the end of its output), or undefined once built. An
 * engine with no build steps has nothing to do.
 */
export async function buildEngine(
  engine: RebarEngine,
  inherit: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const missing = await missingDependency(engine, inherit)
  if (missing !== undefined) return missing
  for (const step of engine.build) {
    const result = await runCommand(step.argv, {
      cwd: step.cwd,
      env: { ...inherit, ...step.env },
      output: 'tail',
    })
    const failure = commandFailure(result)
    if (failure !== undefined) {
      const tail = outputTail(result.stderr, { lines: 10 })
      return `${engine.name}: build failed: ${shown(step)} in ${step.cwd} ${failure}${tail === '' ? '' : `:\n${tail}`}`
    }
  }
  return undefined
}

const builds = new Map<string, Promise<string | undefined>>()

/** Each engine built once per run however many entries name it (keyed by its commands). */
export function buildOnce(engine: RebarEngine, inherit: NodeJS.ProcessEnv): Promise<string | undefined> {
  const key = JSON.stringify([engine.dependencies, engine.build])
  let build = builds.get(key)
  if (!build) {
    build = buildEngine(engine, inherit)
    builds.set(key, build)
  }
  return build
}
