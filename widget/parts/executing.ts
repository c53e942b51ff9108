import { createSwapWallet, executeQuote } from '../../shared/wallet'
import { loadQrCode } from './loadQrCode'
import { renderExecution } from './renderExecution'

/** What executing a quote needs at run time: the wallet code (viem) and the views of its progress. */
export type Executing = {
  createSwapWallet: typeof createSwapWallet
  executeQuote: typeof executeQuote
  loadQrCode: typeof loadQrCode
  renderExecution: typeof renderExecution
}

/**
 * The code only someone who executes a quote needs. The element imports this module when the user
 * presses the action button, so the page's first load carries neither viem nor these views.
 */
export const executing: Executing = { createSwapWallet, executeQuote, loadQrCode, renderExecution }
