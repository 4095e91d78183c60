#!/usr/bin/env node
import { enableCompileCache } from './compile-cache.ts'

// Before any of the command line's code is loaded, so all of it can come from the cache.
enableCompileCache()
const { runCli } = await import('./cli/index.ts')

// A reader that stops early (`bench-action klv NAME | head`) closes the pipe; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
})

process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
})
