// A token bucket: `rate` tokens per second, holding at most `burst`.
export class TokenBucket {
  #tokens: number;
  #at: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    now: number,
  ) {
    this.#tokens = burst;
    this.#at = now;
  }

  take(now: number): boolean {
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#at) / 1000) * this.rate);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
