// One of several processes that use the cache store at once (the runtime variables point it at the
// test's server): each saves its own runs and reads each back, failing on any mix-up.
import { CacheStore } from '../../src/store/cache.ts'
import { resultSetOf } from '../support/helpers.ts'

const [worker, rounds] = process.argv.slice(2)
const store = new CacheStore({ runId: process.env.GITHUB_RUN_ID!, runAttempt: '1', log: () => {} })
for (let i = 0; i < Number(rounds); i++) {
  const sha = `${worker}${i}`.padStart(40, 'a')
  const branch = `worker-${worker}`
  const saved = resultSetOf('lock', { branch, sha }, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString())
  await store.save(saved)
  const [entry] = await store.listAt('lock', branch, sha)
  if (!entry) throw new Error(`worker ${worker}: run ${i} not found`)
  const loaded = await store.load(entry)
  if (loaded.commit.sha !== sha)
    throw new Error(`worker ${worker}: run ${i} came back as ${loaded.commit.sha}`)
}
