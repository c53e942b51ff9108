/**
 * The V8 flags the API's process runs with: `npm run serve` passes them (package.json), its cluster
 * workers inherit them, and the bench starts its API under test with them, so the bench measures the
 * process that serves.
 *
 * `--max-semi-space-size=64` (MB; V8's default is 16): a quote keeps its objects alive while the
 * venues answer, so with many quotes in flight the young generation filled every 60 or so quotes, and
 * each scavenge copied every in-flight quote's objects again and moved those that survived twice to the
 * old generation, which helper threads then mark and sweep. Measured by the API's own GC pauses
 * (`PerformanceObserver`, entry type `gc`): at 50 callers with venues answering after 50 ms, 171 to
 * 183 µs of scavenging per quote fell to 44 to 56 µs; at 200 callers with venues at 300 ms, 330 to
 * 395 µs fell to 158 µs. The price is memory: up to three times 64 MB of young generation per process
 * under load, committed only as it grows. The size is where the gain stops: in the bench's CPU figure
 * (50 callers, alternated runs) the API read 0.85 to 0.95 ms a quote with 64 MB, 0.80 to 0.93 ms with
 * 256 MB and 1.24 to 1.40 ms with 8 MB.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64']
