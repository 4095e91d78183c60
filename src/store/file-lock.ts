// A lock shared by the processes of one machine: several runners (or a matrix's jobs) on one host run
// bench-action at once, and the cache store's file has one fixed path for all of them.
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { UserError } from '../errors.ts'

export interface FileLockOptions {
  /** Give up waiting after this long; default 2 minutes. */
  timeoutMs?: number
  /** A lock older than this was left by a process that died; default 10 minutes. */
  staleMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `fn` while holding the lock directory `lock` (creating a directory is atomic, on every file
 * system a runner uses). Waits while another process holds it; takes over a stale one.
 */
export async function withFileLock<T>(
  lock: string,
  fn: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 120_000
  const staleMs = options.staleMs ?? 600_000
  const started = Date.now()
  await mkdir(path.dirname(lock), { recursive: true })
  for (let attempt = 0; ; attempt++) {
    try {
      await mkdir(lock)
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const held = await stat(lock).catch(() => undefined)
    if (held && Date.now() - held.mtimeMs > staleMs) {
      await rm(lock, { recursive: true, force: true })
      continue
    }
    if (Date.now() - started > timeoutMs)
      throw new UserError(
        `another bench-action on this machine has held ${lock} for over ${Math.round(timeoutMs / 1000)} s; ` +
          'if no other job is running here, remove it',
      )
    await sleep(Math.min(20 * 2 ** Math.min(attempt, 4), 250) * (0.5 + Math.random()))
  }
  try {
    await writeFile(path.join(lock, 'owner'), `${process.pid}\n`).catch(() => undefined)
    return await fn()
  } finally {
    await rm(lock, { recursive: true, force: true })
  }
}
