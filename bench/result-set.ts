// A ResultSet around benchmarks a bench measured, described with this machine's environment.
import os from 'node:os'
import type { BenchmarkResult, ResultSet } from '../src/results.ts'

export function benchResultSet(suite: string, branch: string, benchmarks: BenchmarkResult[]): ResultSet {
  return {
    schema: 'bench-action/results',
    version: 1,
    suite,
    createdAt: new Date().toISOString(),
    commit: { branch },
    environment: {
      os: os.platform(),
      arch: os.arch(),
      cpuModel: os.cpus()[0]?.model ?? 'cpu',
      cpuCount: os.availableParallelism(),
      kernel: os.release(),
      node: process.version,
      tools: {},
    },
    benchmarks,
  }
}
