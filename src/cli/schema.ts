// `bench-action schema`: the config file's JSON Schema, for editors and validators.
import { parseArgs } from 'node:util'
import { configJsonSchema } from '../config/index.ts'
import type { CliIo } from './io.ts'

export const SCHEMA_SYNOPSIS = `  bench-action schema          print the config file's JSON Schema`

export function schemaCommand(argv: string[], io: CliIo): number {
  parseArgs({ args: argv, options: {}, allowPositionals: false })
  io.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`)
  return 0
}
