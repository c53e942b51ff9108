/** A THORNode error: the gRPC-gateway body and the HTTP status its gRPC code maps to. */
export type ThornodeError = { status: 400 | 500; body: { code: number; message: string; details: [] } }

/**
 * THORNode's error shape `{ code, message, details: [] }`: gRPC code 3 (InvalidArgument) answers
 * 400 with `: invalid request` appended, code 2 (Unknown) answers 500 with `: unknown request`.
 *
 * @example
 * thornodeError('invalid', 'amount less than dust threshold') // 400, code 3
 */
export function thornodeError(kind: 'invalid' | 'unknown', message: string): ThornodeError {
  return kind === 'invalid'
    ? { status: 400, body: { code: 3, message: `${message}: invalid request`, details: [] } }
    : { status: 500, body: { code: 2, message: `${message}: unknown request`, details: [] } }
}
