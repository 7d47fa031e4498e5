import { Injectable } from '@nestjs/common';

/** Readiness turns 503 as soon as shutdown begins, before the server stops taking requests. */
@Injectable()
export class ShutdownState {
  draining = false;
}
