// Bundles the action entry (dist/index.js) and the CLI (dist/cli.js) from src/.
// `node scripts/build.mjs OUTDIR` builds elsewhere, so a test can compare a fresh build with dist/.

import { chmod, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

const outdir = path.resolve(process.argv[2] ?? 'dist')
await mkdir(outdir, { recursive: true })
// Chunk names carry a hash of their content: the last build's are removed, not left beside the new ones.
await rm(path.join(outdir, 'chunks'), { recursive: true, force: true })

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

// One build of both entry points: code they share, and code a command needs only when it runs (the HTML
// report, the import formats, the stores), goes into chunks loaded on first use, so `--version` or a
// small command compiles a fraction of the whole.
await build({
  ...common,
  entryPoints: { index: 'src/action.ts', cli: 'src/cli-entry.ts' },
  outdir,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  banner: { js: banner },
  metafile: process.env.BENCH_ACTION_METAFILE !== undefined,
}).then(async (result) => {
  if (result.metafile) await writeFile(process.env.BENCH_ACTION_METAFILE, JSON.stringify(result.metafile))
})
await chmod(path.join(outdir, 'cli.js'), 0o755)
// dist/ is loaded as ESM wherever the package is installed.
await writeFile(path.join(outdir, 'package.json'), '{ "type": "module" }\n')
