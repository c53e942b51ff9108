/** Median, percentiles and spread of a sample. */
export type Summary = {
  count: number
  median: number
  p99: number
  min: number
  max: number
}

/**
 * The `fraction` percentile of `values` by nearest rank (0.5 is the median, 0.99 the p99). An empty
 * sample gives `NaN`, so a figure that was never measured cannot pass by accident.
 */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)))
  return sorted[rank - 1] as number
}

/** Count, median, p99, min and max of `values`. */
export function summarize(values: readonly number[]): Summary {
  return {
    count: values.length,
    median: percentile(values, 0.5),
    p99: percentile(values, 0.99),
    min: values.length === 0 ? Number.NaN : Math.min(...values),
    max: values.length === 0 ? Number.NaN : Math.max(...values),
  }
}
