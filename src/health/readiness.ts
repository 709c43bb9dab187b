import { Injectable } from '@nestjs/common';

/**
 * Whether this server takes new work. It stops doing so when a graceful stop begins its drain: `/healthz` then
 * answers 503, so load balancers that poll it send new requests elsewhere while this one still answers them.
 */
@Injectable()
export class Readiness {
  private draining = false;

  get ready(): boolean {
    return !this.draining;
  }

  startDraining(): void {
    this.draining = true;
  }
}
