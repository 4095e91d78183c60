// `bench-action history`: every stored run of a suite on a branch, the change points of each gated
// metric, and with --out a static trend site.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../config/index.ts'
import { isUserError } from '../errors.ts'
import { readHistories, renderHistoryMarkdown, renderHistoryTerminal, writeSite } from '../history/index.ts'
import { resolveConfigPath, UsageError, writeText } from '../run/pipeline.ts'
import { DEFAULT_DATA_BRANCH } from '../store/git.ts'
import { commitInfo, commitsInRange, defaultBranch } from '../system/git.ts'
import { VERSION } from '../version.ts'
import { type CliIo, logTo } from './io.ts'
import { openCliStore } from './store.ts'

export const HISTORY_SYNOPSIS = `  bench-action history [--out DIR] [--suite NAME] [--branch NAME] [--config FILE] [--store DIR]
                     [--baseline-store dir|git] [--baseline-branch NAME] [--markdown FILE] [--json FILE]
                               every stored run of the suite on a branch (default: the default
                               branch): the change points of each gated metric, and with --out a
                               static trend site (DIR/index.html first) of every benchmark's history`

export async function historyCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      suite: { type: 'string', multiple: true },
      branch: { type: 'string' },
      config: { type: 'string' },
      store: { type: 'string' },
      'baseline-store': { type: 'string' },
      'baseline-branch': { type: 'string' },
      markdown: { type: 'string' },
      json: { type: 'string' },
    },
    allowPositionals: true,
  })
  if (positionals.length > 0)
    throw new UsageError(`history takes no ${JSON.stringify(positionals[0])}: see bench-action --help`)
  const kind = values['baseline-store'] ?? 'dir'
  if (kind !== 'dir' && kind !== 'git')
    throw new UsageError(
      `history reads the dir or the git store (--baseline-store dir|git), got ${JSON.stringify(kind)}: the Actions cache keeps no history it can list`,
    )
  if (kind === 'dir' && values['baseline-branch'] !== undefined)
    throw new UsageError("--baseline-branch names the git store's data branch: add --baseline-store git")
  // The suite of the config, when there is one; else every suite the store holds.
  let suites = values.suite
  if (!suites) {
    const configPath = await resolveConfigPath(io.cwd, values.config).catch((error) => {
      if (values.config !== undefined || !isUserError(error)) throw error
      return undefined
    })
    if (configPath) suites = [(await loadConfig(configPath)).suite]
  }
  const branch =
    values.branch ??
    (await defaultBranch(io.cwd, io.env)) ??
    (await commitInfo(io.cwd, io.env)).branch ??
    'main'
  const store = openCliStore({
    kind,
    cwd: io.cwd,
    storeDir: values.store ?? '.bench',
    remote: 'origin',
    branch: values['baseline-branch'] || DEFAULT_DATA_BRANCH,
    env: io.env,
    log: logTo(io),
  })
  try {
    const histories = await readHistories({
      store,
      branch,
      ...(suites ? { suites } : {}),
      countCommits: (previous, to) => commitsInRange(io.cwd, previous, to),
      log: logTo(io),
    })
    io.stdout.write(renderHistoryTerminal(histories))
    if (values.markdown)
      await writeText(path.resolve(io.cwd, values.markdown), renderHistoryMarkdown(histories))
    if (values.json)
      await writeText(path.resolve(io.cwd, values.json), `${JSON.stringify({ histories }, null, 2)}\n`)
    if (values.out) {
      const outDir = path.resolve(io.cwd, values.out)
      const started = Date.now()
      const files = await writeSite(outDir, histories, { version: VERSION, now: new Date() })
      io.stderr.write(
        `trend site: ${path.relative(io.cwd, files[0]!) || files[0]} and ${files.length - 1} more page${files.length === 2 ? '' : 's'}, written in ${Date.now() - started} ms\n`,
      )
    }
    return 0
  } finally {
    await store.close?.()
  }
}
