export interface FunctionShape {
  file: string
  name: string
  line: number
  lines: number
}
export interface Shape {
  files: number
  lines: number
  folders: { folder: string; files: number; lines: number }[]
  folderImports: { from: string; to: string; count: number }[]
  folderCircles: string[][]
  mutual: { folders: [string, string]; against: string[] }[]
  fileCircles: string[][]
  entries: string[]
  layers: { layer: number; folders: string[] }[]
  areaCircles: { folders: string[]; against: string[] }[]
  largestFiles: { file: string; lines: number }[]
  longestFunctions: FunctionShape[]
  functionsOver80: number
  filesOver400: number
}
export function sourceFiles(root: string, dir?: string): string[]
export function folderOf(file: string, base?: string): string
export function readModule(
  root: string,
  file: string,
): { file: string; lines: number; imports: string[]; functions: FunctionShape[] }
export function circles(graph: Map<string, Set<string>>): string[][]
export function components(graph: Map<string, Set<string>>): string[][]
export function areaOf(file: string, base?: string): string
export function shapeOf(root: string, base?: string): Shape
export function renderShape(shape: Shape): string
