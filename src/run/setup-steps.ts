// Runs the config's `setup` steps (build commands) once before measuring. A failing step stops the
// run: nothing after it could be trusted.
import type { SetupStep } from '../config/index.ts'
import { runStepCommand } from '../measure/child.ts'

export interface SetupFailure {
  step: number
  command: string[]
  /** Where the step ran. */
  cwd: string
  message: string
  outputTail: string
}

export async function runSetupStep(
  step: SetupStep,
  index: number,
  inherit: NodeJS.ProcessEnv,
): Promise<SetupFailure | undefined> {
  // Build output can be long: only its end is kept.
  const outcome = await runStepCommand(step.command, {
    cwd: step.cwd,
    env: { ...inherit, ...step.env },
    timeoutMs: step.timeoutMs,
  })
  if (outcome.failure === undefined) return undefined
  return {
    step: index + 1,
    command: step.command,
    cwd: step.cwd,
    message: `setup step ${index + 1} ${outcome.failure}`,
    outputTail: outcome.tail ?? '',
  }
}

/** The config's setup steps in order; the first that fails stops them and is returned. */
export async function runSetupSteps(
  steps: SetupStep[],
  inherit: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<SetupFailure | undefined> {
  for (const [i, step] of steps.entries()) {
    const started = Date.now()
    log(`setup ${i + 1}/${steps.length}: ${step.command.join(' ')}`)
    const failure = await runSetupStep(step, i, inherit)
    if (failure) return failure
    log(`setup ${i + 1}/${steps.length}: done in ${((Date.now() - started) / 1000).toFixed(1)}s`)
  }
  return undefined
}
