import { request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Listens on 127.0.0.1, a free port, and resolves the server's base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

export type RawAnswer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * One request through `node:http`, so a header can be sent twice (an array value) and in any case;
 * `fetch` would normalise both. Resolves the status, Node's parsed headers and the body as text.
 */
export function sendRaw(
  url: string,
  headers: Record<string, string | string[]> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { method, headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    call.on('error', reject)
    call.end()
  })
}
