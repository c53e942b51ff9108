/**
 * A listener's failure (a port in use, a host that does not resolve) with the settings it came from in
 * front, so the operator knows which to change: `PORT 8787, HOST 127.0.0.1: listen EADDRINUSE …`. The
 * error keeps its `code`.
 */
export function nameSetting(error: Error, settings: string): Error {
  error.message = `${settings}: ${error.message}`
  return error
}
