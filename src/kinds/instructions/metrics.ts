// The instructions kind's metrics: callgrind's events and iai-callgrind's figures derived from them
// (src/import/callgrind-metrics.ts), and with `heap: true` DHAT's heap counts (dhat.ts), all exact counts
// where fewer is better.
import type { MetricCatalogue } from '../types.ts'
import { HEAP_METRICS } from './dhat.ts'

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
  ...HEAP_METRICS,
] as const

export const catalogue = {
  names: INSTRUCTION_METRICS,
  defaultGate: ['ir'],
  derived: {},
} as const satisfies MetricCatalogue
