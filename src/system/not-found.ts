// What to say of a program that is not there: where it was looked for, and the name it most likely
// meant when one is close (a file beside it for a path; a program on PATH for a bare name).
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { closestMatch } from './closest.ts'

function entries(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

/**
 * Why a program did not start, after its name: `not found (a path is relative to /work/app; did you mean
 * ./bnech?)`, or for a bare name `not found (not on PATH; did you mean gcc-12?)`. `cwd` is where a
 * relative path starts.
 */
export function notFoundText(program: string, cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  if (program.includes('/')) {
    const full = path.resolve(cwd, program)
    const slash = program.lastIndexOf('/')
    const guess = closestMatch(path.basename(full), entries(path.dirname(full)))
    const hint = guess ? `; did you mean ${program.slice(0, slash + 1)}${guess}?` : ''
    const where = path.isAbsolute(program) ? 'no such file' : `a path is relative to ${cwd}`
    return `not found (${where}${hint})`
  }
  const onPath = (env.PATH ?? '')
    .split(path.delimiter)
    .filter((d) => d !== '')
    .flatMap(entries)
  const guess = closestMatch(program, [...new Set(onPath)])
  return `not found (not on PATH${guess ? `; did you mean ${guess}?` : ''})`
}
