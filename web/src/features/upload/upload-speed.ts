/** Transfer speed over a sliding window, and the time left at that speed. */
export class SpeedMeter {
  private samples: { at: number; bytes: number }[] = [];

  constructor(private readonly windowMs = 5000) {}

  add(bytes: number, at = Date.now()): void {
    const last = this.samples[this.samples.length - 1];
    // A resumed upload may restart its count from the server's offset: start the window again.
    if (last && bytes < last.bytes) this.samples = [];
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[0]!.at > this.windowMs) this.samples.shift();
  }

  reset(): void {
    this.samples = [];
  }

  /** Bytes per second, or null before there is enough to tell. */
  bytesPerSecond(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at - first.at < 500) return null;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }

  secondsLeft(totalBytes: number): number | null {
    const speed = this.bytesPerSecond();
    const last = this.samples[this.samples.length - 1];
    if (!speed || !last || speed <= 0) return null;
    return Math.ceil((totalBytes - last.bytes) / speed);
  }
}
