/** One `INPUT_INVALID` detail. */
export type ZeroxErrorDetail = { field: string; reason: string }

/** 0x's error envelope: `{ name, message, data: { zid, details? } }`. */
export function zeroxError({
  name,
  message,
  zid,
  details,
}: {
  name: string
  message: string
  zid: string
  details?: ZeroxErrorDetail[]
}) {
  return { name, message, data: { zid, ...(details ? { details } : {}) } }
}
