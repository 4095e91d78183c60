// The config stage (DESIGN §1): bench.yml → a typed, normalised Config, or a ConfigError located in the file.
export { ConfigError } from './errors.ts'
export { configJsonSchema, findConfigFile, loadConfig, parseConfig } from './load.ts'
export {
  type BenchmarkConfig,
  type Config,
  DEFAULTS,
  type ProcessBenchmarkConfig,
  type SetupStep,
} from './schema.ts'
export { parseDurationMs, parsePercent, splitCommand, ValueError } from './values.ts'
