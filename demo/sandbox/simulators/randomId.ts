import { randomBytes, randomUUID } from 'node:crypto'

/** A 0x-style request id (`zid`): `0x` and 24 hex digits. */
export function randomZid(): string {
  return `0x${randomBytes(12).toString('hex')}`
}

/** A UUID, as LI.FI step ids look. */
export function randomStepId(): string {
  return randomUUID()
}
