// `bench-action history`: every stored run of a suite on a branch, the change points of each gated
// metric, and with --out a static trend site.
import path from 'node:path'
import { loadConfig } from '../config/index.ts'
import { isUserError, UsageError } from '../errors.ts'
import { readHistories, renderHistoryMarkdown, renderHistoryTerminal, writeSite } from '../history/index.ts'
import { resolveConfigPath, writeText } from '../run/pipeline.ts'
import { DEFAULT_DATA_BRANCH } from '../store/kinds.ts'
import { commitInfo, commitsInRange, defaultBranch } from '../system/git.ts'
import { VERSION } from '../version.ts'
import { HISTORY } from './commands.ts'
import { parseCommand } from './help.ts'
import { type CliIo, logTo } from './io.ts'
import { openCliStore } from './store.ts'

export async function historyCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(HISTORY, argv, io)
  if (!parsed) return 0
  const { values } = parsed
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
