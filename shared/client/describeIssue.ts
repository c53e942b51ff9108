import type * as z from 'zod/mini'

/**
 * Words a zod issue in plain English without loading a zod locale: `zod/mini` carries no messages, so
 * without this every broken field of a response would read "Invalid input". A message the schema sets
 * itself (a regex's "expected a 0x address…", a refinement's) still wins.
 *
 * @example
 * QuoteSchema.safeParse(body, { error: describeIssue })
 * // issues: [{ path: ['rate'], message: 'expected number, received string' }, …]
 */
export const describeIssue: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, received ${typeName(issue.input)}`
    case 'too_small':
    case 'too_big': {
      const what =
        issue.origin === 'string' || issue.origin === 'array' ? `${issue.origin} length` : issue.origin
      const [sign, bound] = issue.code === 'too_small' ? ['>', issue.minimum] : ['<', issue.maximum]
      return `expected ${what} ${sign}${issue.inclusive ? '=' : ''} ${bound}`
    }
    case 'invalid_format':
      return issue.format === 'regex'
        ? `expected text matching ${issue.pattern}`
        : `expected a valid ${issue.format}`
    case 'invalid_value':
      return `expected ${issue.values.length > 1 ? 'one of ' : ''}${issue.values.map(quote).join(', ')}`
    default:
      return undefined
  }
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
}

function quote(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value)
}
