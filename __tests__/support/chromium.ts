// Headless Chromium from Debian, for the pages bench-action writes: their DOM as a browser builds it,
// and screenshots.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { available, removeDir, tempDir } from './helpers.ts'

const run = promisify(execFile)
const CHROMIUMS = ['chromium', 'chromium-browser']

async function findChromium(): Promise<string | undefined> {
  for (const name of CHROMIUMS) if (await available(name)) return name
  return undefined
}

/** The Chromium on PATH, if any. */
export const chromium = await findChromium()

/** Runs headless Chromium on a page with its own profile directory; resolves with stdout. */
export async function headless(args: string[]): Promise<string> {
  if (!chromium) throw new Error('chromium is not installed')
  const profile = await tempDir('chromium')
  try {
    const { stdout } = await run(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--hide-scrollbars',
        `--user-data-dir=${profile}`,
        ...args,
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
    )
    return stdout
  } finally {
    await removeDir(profile)
  }
}
