/**
 * Work repeated every `intervalMs` in this process, one run at a time (a slow run is not overlapped by the next),
 * stopped by `stop()`, which waits for the run in progress. For the pollers of background processes.
 */
export class RepeatingWork {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly work: () => Promise<void>) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.running ??= this.work().finally(() => (this.running = undefined));
    }, intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
