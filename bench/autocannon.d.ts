// The part of autocannon's API the node and load benches use (the package ships no types).
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests each connection sends in turn, cycling. */
    requests?: { method?: string; path?: string; body?: string; headers?: Record<string, string> }[];
  }
  interface Result {
    requests: { average: number; mean: number; total: number };
    /** Milliseconds. */
    latency: { p50: number; p90: number; p99: number; mean: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
