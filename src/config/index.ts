// The config stage (DESIGN §1): bench.yml → a typed, normalised Config, or a ConfigError located in the file.
export { ConfigError, type ConfigProblem, formatPath, formatProblem } from './errors.ts'
export { CONFIG_FILE_NAMES, configJsonSchema, findConfigFile, loadConfig, parseConfig } from './load.ts'
export {
  type BenchmarkConfig,
  type Config,
  type ConfigDefaults,
  configSchema,
  DEFAULT_INSTRUCTIONS_GATE,
  DEFAULT_INSTRUCTIONS_THRESHOLD,
  DEFAULT_PROCESS_GATE,
  DEFAULT_SETUP_TIMEOUT_MS,
  DEFAULT_SUITE,
  DEFAULTS,
  INSTRUCTION_METRICS,
  type InstructionsBenchmarkConfig,
  PROCESS_METRICS,
  type ProcessBenchmarkConfig,
  type SetupStep,
  SUPPORTED_KINDS,
} from './schema.ts'
export { formatPercent, parseDurationMs, parsePercent, splitCommand, ValueError } from './values.ts'
