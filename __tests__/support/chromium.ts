// Headless Chromium from Debian, for the pages bench-action writes: their DOM as a browser builds it,
// and screenshots.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { PNG } from 'pngjs'
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

export interface Screenshot {
  /** The PNG file as Chromium wrote it. */
  bytes: Buffer
  png: PNG
}

/** A screenshot of the page at `url` in a window of `width` × `height` CSS pixels, one pixel each. */
export async function screenshot(url: string, width: number, height: number): Promise<Screenshot> {
  const dir = await tempDir('screenshot')
  try {
    const file = path.join(dir, 'page.png')
    await headless([
      `--screenshot=${file}`,
      `--window-size=${width},${height}`,
      '--force-device-scale-factor=1',
      url,
    ])
    const bytes = await readFile(file)
    return { bytes, png: PNG.sync.read(bytes) }
  } finally {
    await removeDir(dir)
  }
}

/**
 * How many pixels of a screenshot (or of some of its rows: `png.data.subarray(…)`) are within
 * `tolerance` of the colour `[r, g, b]` in each channel.
 */
export function pixelsNear(
  image: { data: Uint8Array },
  [r, g, b]: [number, number, number],
  tolerance = 6,
): number {
  const data = image.data
  let count = 0
  for (let i = 0; i < data.length; i += 4)
    if (
      Math.abs(data[i]! - r) <= tolerance &&
      Math.abs(data[i + 1]! - g) <= tolerance &&
      Math.abs(data[i + 2]! - b) <= tolerance
    )
      count++
  return count
}

/** How many pixels of a screenshot are not white (any channel below 250). */
export function pixelsNotWhite(png: PNG): number {
  let count = 0
  for (let i = 0; i < png.data.length; i += 4)
    if (png.data[i]! < 250 || png.data[i + 1]! < 250 || png.data[i + 2]! < 250) count++
  return count
}
