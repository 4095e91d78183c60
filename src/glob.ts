// Names matched by globs, as --filter, the filter input and bench.yml's accept: entries take them.

/** `*` matches any run of characters, `?` one; anything else is literal. Whole-name match. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${body}$`)
}

/** Several globs may be given separated by commas; a case is kept when any matches. */
export function matchesFilter(name: string, filter: string | undefined): boolean {
  if (!filter) return true
  return filter
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g !== '')
    .some((g) => globToRegExp(g).test(name))
}
