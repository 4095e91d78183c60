// The instructions kind's metrics: callgrind's events and iai-callgrind's figures derived from them
// (src/import/callgrind-metrics.ts), all exact counts where fewer is better.
import type { MetricCatalogue } from '../types.ts'

export const INSTRUCTION_METRICS = [
  'ir',
  'dr',
  'dw',
  'i1mr',
  'd1mr',
  'd1mw',
  'ilmr',
  'dlmr',
  'dlmw',
  'l1-hits',
  'll-hits',
  'ram-hits',
  'total-rw',
  'estimated-cycles',
  'bc',
  'bcm',
  'bi',
  'bim',
] as const

export const catalogue = {
  names: INSTRUCTION_METRICS,
  defaultGate: ['ir'],
  derived: {},
} as const satisfies MetricCatalogue
