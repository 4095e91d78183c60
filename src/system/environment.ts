// The environment fingerprint stored with every ResultSet, so a report can say when base and head
// were measured on different machines or toolchains.
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import type { Environment } from '../results.ts'
import { runCommand } from './command.ts'

async function osName(): Promise<string> {
  try {
    const text = await readFile('/etc/os-release', 'utf8')
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(text)
    if (pretty?.[1]) return pretty[1]
  } catch {
    // Not Linux, or a minimal image: fall back to the kernel's name.
  }
  return `${os.type()}`
}

function glibcVersion(): string | undefined {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined
  return report?.header?.glibcVersionRuntime
}

/** First line of `TOOL --version`, or undefined when the tool is absent. */
export async function toolVersion(
  command: string,
  args: string[] = ['--version'],
): Promise<string | undefined> {
  if (!command) return undefined
  const result = await runCommand([command, ...args], { timeoutMs: 10_000, maxOutputBytes: 1024 * 1024 })
  if (result.code !== 0) return undefined
  const line = (result.stdout || result.stderr).split('\n').find((l) => l.trim() !== '')
  return line?.trim()
}

export async function collectEnvironment(
  tools: Record<string, string | undefined> = {},
): Promise<Environment> {
  const cpus = os.cpus()
  const imageOs = process.env.ImageOS
  const imageVersion = process.env.ImageVersion
  const definedTools: Record<string, string> = {}
  for (const [k, v] of Object.entries(tools)) if (v !== undefined) definedTools[k] = v
  return {
    os: await osName(),
    arch: process.arch,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpuCount: cpus.length,
    kernel: os.release(),
    glibc: glibcVersion(),
    node: process.version,
    tools: definedTools,
    runnerImage: imageOs ? `${imageOs}${imageVersion ? ` ${imageVersion}` : ''}` : undefined,
  }
}
