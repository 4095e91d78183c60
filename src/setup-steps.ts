// Runs the config's `setup` steps (build commands) once before measuring. A failing step stops the
// run: nothing after it could be trusted.
import { spawn } from 'node:child_process'
import type { SetupStep } from './config/index.ts'
import { killProcessGroup, OutputTail, trackChild } from './measure/child.ts'

export interface SetupFailure {
  step: number
  command: string[]
  message: string
  outputTail: string
}

export function runSetupStep(
  step: SetupStep,
  index: number,
  inherit: NodeJS.ProcessEnv,
): Promise<SetupFailure | undefined> {
  return new Promise((resolve) => {
    const [program, ...args] = step.command
    const output = new OutputTail()
    let timedOut = false
    const child = trackChild(
      spawn(program!, args, {
        cwd: step.cwd,
        env: { ...inherit, ...step.env },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group, so a timeout can stop everything the step started.
        detached: true,
      }),
    )
    // Build output can be long: only its end is kept, in bounded memory.
    child.stdout.on('data', (b: Buffer) => output.push(b))
    child.stderr.on('data', (b: Buffer) => output.push(b))
    const timer = setTimeout(() => {
      timedOut = true
      killProcessGroup(child)
    }, step.timeoutMs)
    const fail = (message: string) =>
      resolve({ step: index + 1, command: step.command, message, outputTail: output.text() ?? '' })
    child.on('error', (err) => {
      clearTimeout(timer)
      fail(`setup step ${index + 1} could not start "${program}": ${err.message}`)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (timedOut) fail(`setup step ${index + 1} timed out after ${step.timeoutMs / 1000}s`)
      else if (signal) fail(`setup step ${index + 1} was killed by ${signal}`)
      else if (code !== 0) fail(`setup step ${index + 1} exited with code ${code}`)
      else resolve(undefined)
    })
  })
}

export async function runSetup(
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
