import type { ExecutionStep } from '../../shared/wallet'

const labels: Record<ExecutionStep, string> = {
  'chain:switching': 'Switching the wallet to the right chain',
  'chain:switched': 'Wallet on the right chain',
  'approve:pending': 'Approve the token in your wallet',
  'approve:sent': 'Approval sent, waiting for confirmation',
  'approve:confirmed': 'Approval confirmed',
  'swap:pending': 'Confirm the swap in your wallet',
  'swap:sent': 'Swap sent, waiting for confirmation',
  'swap:confirmed': 'Swap confirmed',
  'appdata:uploaded': 'Order details registered',
  'sign:pending': 'Sign the order in your wallet',
  'sign:signed': 'Order signed',
  'order:posted': 'Order placed, waiting for solvers to fill it',
  'order:filled': 'Order filled',
  'order:expired': 'Order expired unfilled',
  'order:cancelled': 'Order cancelled',
  'deposit:instructions': 'Send the deposit below',
}

/** A progress step in plain words. */
export function describeStep(step: ExecutionStep): string {
  return labels[step]
}
