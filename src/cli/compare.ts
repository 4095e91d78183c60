// `bench-action compare BASE.json HEAD.json`: two results files, compared as two moments.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { compareResults, exitCodeFor } from '../compare/index.ts'
import { UsageError } from '../errors.ts'
import { writeExports } from '../export/index.ts'
import { renderHtml } from '../report/html.ts'
import { renderMarkdown } from '../report/markdown.ts'
import { renderTerminal, shouldUseColor } from '../report/terminal.ts'
import { parseResultSetText } from '../results.ts'
import { writeText } from '../run/pipeline.ts'
import { VERSION } from '../version.ts'
import { COMPARE } from './commands.ts'
import { parseCommand } from './help.ts'
import { type CliIo, logTo } from './io.ts'
import { exportPaths } from './output.ts'

export async function compareCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(COMPARE, argv, io)
  if (!parsed) return 0
  const { values, positionals } = parsed
  if (positionals.length !== 2)
    throw new UsageError('compare takes two files: bench-action compare BASE.json HEAD.json')
  const [baseFile, headFile] = positionals as [string, string]
  const base = await readResults(baseFile, io.cwd)
  const head = await readResults(headFile, io.cwd)
  if (base.suite !== head.suite) {
    io.stderr.write(`bench-action: note: comparing suite "${base.suite}" with suite "${head.suite}"\n`)
  }
  const comparison = compareResults(head, {
    baseline: { results: base, source: baseFile, reason: `the file ${baseFile}, given on the command line` },
    // Two files were measured at two moments, whatever machine or job they came from.
    acrossMoments: true,
  })
  if (values.markdown) {
    await writeText(path.resolve(io.cwd, values.markdown), renderMarkdown(comparison, { version: VERSION }))
  }
  if (values.html) {
    await writeText(
      path.resolve(io.cwd, values.html),
      await renderHtml(comparison, { version: VERSION, samples: { head, base } }),
    )
  }
  await writeExports(head, exportPaths(values), io.cwd, logTo(io))
  io.stdout.write(
    renderTerminal(comparison, {
      color: shouldUseColor(io.stdout, io.env),
      verbose: values.verbose === true,
      verboseFlag: '--verbose',
    }),
  )
  return exitCodeFor(comparison)
}

async function readResults(file: string, cwd: string) {
  const full = path.resolve(cwd, file)
  let text: string
  try {
    text = await readFile(full, 'utf8')
  } catch (err) {
    throw new UsageError(
      `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    )
  }
  return parseResultSetText(text, file)
}
