import { runAction } from './action-main.ts'

await runAction()
