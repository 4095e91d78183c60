// `bench-action schema`: the config file's JSON Schema, for editors and validators.
import { configJsonSchema } from '../config/index.ts'
import { SCHEMA } from './commands.ts'
import { parseCommand } from './help.ts'
import type { CliIo } from './io.ts'

export function schemaCommand(argv: string[], io: CliIo): number {
  if (!parseCommand(SCHEMA, argv, io)) return 0
  io.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`)
  return 0
}
