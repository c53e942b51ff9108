import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { nameSetting } from '../lifecycle/nameSetting'
import type { Metrics } from './createMetrics'

export type MetricsServer = { url: string; close(): Promise<void> }

/**
 * `GET /metrics` in Prometheus' text format on a port of its own (`METRICS_PORT`), never on the
 * API's, so the numbers are never public by accident. Anything else is a 404.
 */
export async function startMetricsServer({
  metrics,
  port,
  host,
}: {
  metrics: Metrics
  port: number
  host: string
}): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('GET /metrics\n')
      return
    }
    metrics.scrape().then(
      ({ body, contentType }) => response.writeHead(200, { 'Content-Type': contentType }).end(body),
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('scrape failed\n'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(nameSetting(error, `METRICS_PORT ${port}, METRICS_HOST ${host}`)))
    server.listen(port, host, resolve)
  })
  const info = server.address() as AddressInfo
  const shown = info.family === 'IPv6' ? `[${info.address}]` : info.address
  return {
    url: `http://${shown}:${info.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
