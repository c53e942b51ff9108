import type { ExecutionStep } from '../../shared/wallet'
import type { Translate } from './translate'

/** A progress step in plain words, in the words of `t`. */
export function describeStep(step: ExecutionStep, t: Translate): string {
  const labels: Record<ExecutionStep, string> = {
    'chain:switching': t('Switching the wallet to the right chain'),
    'chain:switched': t('Wallet on the right chain'),
    'approve:pending': t('Approve the token in your wallet'),
    'approve:sent': t('Approval sent, waiting for confirmation'),
    'approve:confirmed': t('Approval confirmed'),
    'swap:pending': t('Confirm the swap in your wallet'),
    'swap:sent': t('Swap sent, waiting for confirmation'),
    'swap:confirmed': t('Swap confirmed'),
    'appdata:uploaded': t('Order details registered'),
    'sign:pending': t('Sign the order in your wallet'),
    'sign:signed': t('Order signed'),
    'order:posted': t('Order placed, waiting for solvers to fill it'),
    'order:filled': t('Order filled'),
    'order:expired': t('Order expired unfilled'),
    'order:cancelled': t('Order cancelled'),
    'deposit:instructions': t('Send the deposit below'),
  }
  return labels[step]
}
