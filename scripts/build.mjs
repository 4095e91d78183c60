// Bundles the action entry (dist/index.js) and the CLI (dist/cli.js) from src/.
// `node scripts/build.mjs OUTDIR` builds elsewhere, so a test can compare a fresh build with dist/.

import { chmod, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

const outdir = path.resolve(process.argv[2] ?? 'dist')
await mkdir(outdir, { recursive: true })

// The @actions packages are ESM but some of their dependencies still call require(); give the ESM
// bundle a require of its own.
const banner =
  "import { createRequire as __benchCreateRequire } from 'node:module';\nconst require = __benchCreateRequire(import.meta.url);"

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  legalComments: 'none',
  logLevel: 'warning',
  charset: 'utf8',
}

await build({
  ...common,
  entryPoints: ['src/action.ts'],
  outfile: path.join(outdir, 'index.js'),
  banner: { js: banner },
})
await build({
  ...common,
  entryPoints: ['src/cli-entry.ts'],
  outfile: path.join(outdir, 'cli.js'),
  banner: { js: `#!/usr/bin/env node\n${banner}` },
})
await chmod(path.join(outdir, 'cli.js'), 0o755)
// dist/ is loaded as ESM wherever the package is installed.
await writeFile(path.join(outdir, 'package.json'), '{ "type": "module" }\n')
