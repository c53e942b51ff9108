import type { ExecutionController } from './ExecutionController'
import { getDepositQrText } from './getDepositQrText'
import { loadQrCode } from './loadQrCode'

/**
 * Shows the QR code of `execution`'s deposit: right away for a deposit without a memo, and for one
 * with a memo only once the user has said their wallet can attach it (a scanned code carries no
 * memo). An empty call when the code already shows or is on its way.
 */
export function showDepositQr(execution: ExecutionController): void {
  const deposit = execution.deposit
  if (!deposit || execution.qrDataUrl !== undefined) return
  // Marks the code as on its way, so a second call waits for the same one.
  execution.qrDataUrl = ''
  execution.host.requestUpdate()
  loadQrCode(getDepositQrText(deposit)).then(
    (url) => {
      if (execution.deposit !== deposit) return
      execution.qrDataUrl = url
      execution.host.requestUpdate()
    },
    () => {
      if (execution.deposit === deposit) execution.qrDataUrl = undefined
    },
  )
}
