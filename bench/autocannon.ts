/** The part of autocannon's `--json` report the benches read. */
export interface AutocannonReport {
  non2xx: number;
  errors: number;
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
}
