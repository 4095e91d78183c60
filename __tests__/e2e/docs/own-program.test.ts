// The README's "Your own program" as a newcomer follows it: its bench.yml, taken from the README as
// written, beside a small C word counter in a fresh git repository; the committed bundle run there
// twice as the README says (a first run with no baseline, then a slower working tree against the
// last commit, which must fail with exit 1 on both benchmarks).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe } from 'node:test'
import { promisify } from 'node:util'
import { gitRepo, removeDir, repoRoot } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const tools = await needs('cc', 'valgrind')
const run = promisify(execFile)

/** The first yaml block after the README's "## Your own program" heading. */
async function readmeConfig(): Promise<string> {
  const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8')
  const section = readme.split(/^## /m).find((s) => s.startsWith('Your own program'))
  assert.ok(section, 'the README has a section "Your own program"')
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1]
  assert.ok(block, 'the section shows a bench.yml')
  assert.ok(block.trim().split('\n').length <= 12, 'the bench.yml is about ten lines')
  return block
}

/** Counts the words of the file it is given, `passes` times over (the work a change doubles). */
const wordCounter = (passes: number) => `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  static char buf[1 << 20];
  size_t n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  long words = 0;
  for (int pass = 0; pass < ${passes}; pass++) {
    int in = 0;
    for (size_t i = 0; i < n; i++) {
      int space = buf[i] == ' ' || buf[i] == '\\n';
      if (!space && !in) words++;
      in = !space;
    }
  }
  printf("%ld\\n", words / ${passes});
  return 0;
}
`

// 131,072 words of 5 letters and a separator: 786,432 bytes, a little work for each run.
const words = Array.from(
  { length: 131_072 },
  (_, i) => `w${String(i % 1000).padStart(3, '0')}${i % 7 === 6 ? '\n' : ' '}`,
).join('')

describe("the README's own program", () => {
  let dir: string
  const bundle = (args: string[]) =>
    run(process.execPath, [path.join(repoRoot, 'dist/cli.js'), ...args], {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1', CI: '', GITHUB_ACTIONS: '' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    )

  before(async () => {
    dir = await gitRepo({
      'bench.yml': await readmeConfig(),
      'wc.c': wordCounter(1),
      'words.txt': words,
      '.gitignore': 'build/\n.bench/\n',
    })
  })
  after(() => removeDir(dir))

  tools.test('the first run measures both benchmarks and has no baseline yet', async () => {
    const first = await bundle(['run'])
    assert.equal(first.code, 0, first.stderr)
    assert.match(first.stdout, /count words +wall \(median\).*no baseline/)
    assert.match(first.stdout, /count words \(instructions\) +ir .*no baseline/)
  })

  tools.test(
    'twice the work in the working tree, against the last commit: a regression, exit 1',
    async () => {
      await writeFile(path.join(dir, 'wc.c'), wordCounter(2))
      const against = await bundle(['run', '--against', 'HEAD'])
      assert.equal(against.code, 1, `${against.stdout}\n${against.stderr}`)
      // The instruction count nearly doubles: the word loop is almost all of the program's work.
      const ir = /count words \(instructions\) +ir +[\d,]+ +[\d,]+ +\+(\d+)\.\d+% .*regression/.exec(
        against.stdout,
      )
      assert.ok(ir, against.stdout)
      assert.ok(Number(ir[1]) >= 50, `instructions +${ir[1]}%`)
      // Wall time is measured: on a busy machine it may come out unclear, so no verdict of it is asserted.
      // Whatever it is, the instructions behind it are counted exactly when, and only when, it changed.
      const timedChange = /^count words +wall \(median\) .*(regression|improvement)$/m.test(against.stdout)
      const explained =
        /^What the instructions explain\n {2}count words: wall [+-][\d.]+%, instructions \+(\d+)\.\d+% /m.exec(
          against.stdout,
        )
      if (timedChange) {
        assert.ok(explained, against.stdout)
        assert.ok(Number(explained[1]) >= 50, `instructions +${explained[1]}%`)
      } else {
        assert.doesNotMatch(against.stdout, /What the instructions explain/)
      }
    },
  )
})
