export declare const GROUPS: Record<string, string[]>
export declare function expand(root: string, pattern: string): string[]
export declare function importsOf(root: string, file: string): string[]
export declare function testFiles(root: string, dir?: string): string[]
export declare function reexportsOnly(root: string, file: string): boolean
export declare function reached(root: string, file: string): Set<string>
export declare function groupPlan(
  root: string,
  name: string,
  tier?: 'all' | 'unit',
): { modules: string[]; tests: string[] }
