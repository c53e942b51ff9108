/** LI.FI's error codes (`ErrorCode` of `@lifi/types`) that the simulator answers with. */
export const lifiErrorCode = {
  noQuote: 1002,
  server: 1006,
  validation: 1011,
} as const

/** LI.FI's error body (`ServerErrorResponseBody`): `{ message, code, errors? }`. */
export function lifiError({ message, code, errors }: { message: string; code: number; errors?: unknown }) {
  return { message, code, ...(errors === undefined ? {} : { errors }) }
}

const noQuoteMessages = {
  NO_POSSIBLE_ROUTE: 'No route was found for this action.',
  INSUFFICIENT_LIQUIDITY: 'There is not enough liquidity to perform this action.',
  AMOUNT_TOO_LOW: 'The amount is too low to cover the fees of this action.',
} as const

/**
 * LI.FI's 404 "no route" body (code 1002), one failed path with the tool's reason, as LI.FI reports
 * an unserved pair or a pool without liquidity.
 */
export function lifiNoQuote({
  overallPath,
  reason,
  tool = 'uniswap',
}: {
  overallPath: string
  reason: 'NO_POSSIBLE_ROUTE' | 'INSUFFICIENT_LIQUIDITY' | 'AMOUNT_TOO_LOW'
  /** The tool that gave up (a DEX for swaps, the bridge for cross-chain routes). */
  tool?: string
}) {
  return lifiError({
    message: 'No available quotes for the requested transfer',
    code: lifiErrorCode.noQuote,
    errors: {
      filteredOut: [],
      failed: [
        {
          overallPath,
          subpaths: {
            [overallPath]: [
              {
                errorType: 'NO_QUOTE',
                code: reason,
                action: {},
                tool,
                message: noQuoteMessages[reason],
              },
            ],
          },
        },
      ],
    },
  })
}
