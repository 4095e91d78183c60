// The kinds of baseline store and the git store's default branch: what the command line's flags and the
// action's inputs name, without loading the stores themselves.

export const STORE_KINDS = ['dir', 'git', 'cache'] as const
export type StoreKind = (typeof STORE_KINDS)[number]

export function isStoreKind(value: string): value is StoreKind {
  return (STORE_KINDS as readonly string[]).includes(value)
}

/** The data branch the git store keeps results in unless told another. */
export const DEFAULT_DATA_BRANCH = 'bench-data'
