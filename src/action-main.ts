// The GitHub Action: inputs are read when it runs (never at import), the pipeline runs as in the CLI,
// and the outcome becomes the job summary, the outputs and at most one failed-step message.
import os from 'node:os'
import path from 'node:path'
import * as core from '@actions/core'
import { BaselineUsageError } from './baseline.ts'
import { ConfigError } from './config/index.ts'
import { runPipeline, UsageError } from './pipeline.ts'
import { failureMessage } from './report/markdown.ts'
import { renderTerminal } from './report/terminal.ts'
import { ResultsFormatError } from './results.ts'
import { SetupError } from './setup/index.ts'

export interface ActionInputs {
  config?: string
  filter?: string
  baseline?: string
  storeDir: string
  save: boolean
  json?: string
  markdown?: string
  html?: string
  workingDirectory: string
  installTools: boolean
  /** The ziglang version on PyPI to install when Zig is needed and missing. */
  zigVersion?: string
}

function optional(name: string): string | undefined {
  const v = core.getInput(name)
  return v === '' ? undefined : v
}

export function readInputs(env: NodeJS.ProcessEnv = process.env): ActionInputs {
  const flag = (name: string): boolean => {
    const value = optional(name)
    if (value !== undefined && !['true', 'false'].includes(value)) {
      throw new UsageError(`input "${name}" must be true or false, got ${JSON.stringify(value)}`)
    }
    return value !== 'false'
  }
  return {
    config: optional('config'),
    filter: optional('filter'),
    baseline: optional('baseline'),
    storeDir: optional('store-dir') ?? '.bench',
    save: flag('save'),
    installTools: flag('install-tools'),
    zigVersion: optional('zig-version'),
    json: optional('json'),
    markdown: optional('markdown'),
    html: optional('html'),
    workingDirectory: path.resolve(
      env.GITHUB_WORKSPACE ?? process.cwd(),
      optional('working-directory') ?? '.',
    ),
  }
}

export async function runAction(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const inputs = readInputs(env)
    const outDir = path.join(env.RUNNER_TEMP || os.tmpdir(), 'bench-action')
    const outcome = await runPipeline({
      cwd: inputs.workingDirectory,
      configPath: inputs.config,
      filter: inputs.filter,
      baseline: inputs.baseline,
      storeDir: inputs.storeDir,
      save: inputs.save,
      jsonPath: inputs.json ?? path.join(outDir, 'results.json'),
      markdownPath: inputs.markdown ?? path.join(outDir, 'report.md'),
      htmlPath: inputs.html ?? path.join(outDir, 'report.html'),
      env,
      installTools: inputs.installTools,
      zigVersion: inputs.zigVersion,
      log: (line) => core.info(line),
    })
    core.info(renderTerminal(outcome.comparison, { color: false }))
    if (env.GITHUB_STEP_SUMMARY) {
      await core.summary.addRaw(outcome.markdown).write()
    }
    core.setOutput('verdict', outcome.comparison.verdict)
    core.setOutput('regressions', String(outcome.comparison.counts.regression))
    core.setOutput('results-path', outcome.jsonPath ?? '')
    core.setOutput('report-path', outcome.markdownPath ?? '')
    core.setOutput('html-path', outcome.htmlPath ?? '')
    const reason = failureMessage(outcome.comparison)
    if (outcome.exitCode === 1) core.setFailed(`Performance regression: ${reason}`)
    else if (outcome.exitCode === 3) core.setFailed(`Benchmarks could not be measured: ${reason}`)
  } catch (err) {
    if (err instanceof ConfigError) {
      core.setFailed(`Invalid bench-action configuration: ${err.message}`)
    } else if (err instanceof SetupError) {
      core.setFailed(`bench-action could not set up its tools: ${err.message}`)
    } else if (
      err instanceof UsageError ||
      err instanceof BaselineUsageError ||
      err instanceof ResultsFormatError
    ) {
      core.setFailed(`bench-action: ${err.message}`)
    } else {
      core.debug((err as Error)?.stack ?? String(err))
      core.setFailed(
        `bench-action failed unexpectedly (this is a bug; please report it): ${(err as Error)?.message ?? err}`,
      )
    }
  }
}
