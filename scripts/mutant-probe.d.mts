export declare function applyMutant(
  source: string,
  location: { start: { line: number; column: number }; end: { line: number; column: number } },
  replacement: string,
): string
