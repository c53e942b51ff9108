/** One line of the bench table: a figure, its target (if it has one) and the verdict. */
export type BenchRow = {
  figure: string
  value: string
  target: string
  /** `undefined` for a figure not measured fairly this run (its value says why), or shown without a target. */
  pass: boolean | undefined
}

/** The rows as one plain-text table with aligned columns. */
export function formatTable(rows: readonly BenchRow[]): string {
  const cells = [
    ['figure', 'measured', 'target', ''],
    ...rows.map((row) => [
      row.figure,
      row.value,
      row.target,
      // A row with a target and no verdict was not measured fairly (its value says why).
      row.pass === undefined ? (row.target ? 'n/a' : '') : row.pass ? 'PASS' : 'MISS',
    ]),
  ]
  const widths = [0, 1, 2].map((column) => Math.max(...cells.map((line) => (line[column] as string).length)))
  const render = (line: string[]) =>
    line
      .map((cell, column) => (column < 3 ? cell.padEnd(widths[column] as number) : cell))
      .join('  ')
      .trimEnd()
  const rule = widths.map((width) => '-'.repeat(width)).join('  ') + '  ----'
  return [render(cells[0] as string[]), rule, ...cells.slice(1).map(render)].join('\n')
}
