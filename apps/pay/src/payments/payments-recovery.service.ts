import { Injectable, Logger } from '@nestjs/common';
import { FailureLog } from '@platform/pipeline';
import { JobQueue } from '@platform/data';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { PaymentsRepository } from './payments.repository';
import { PaymentProvider } from './providers/payment-provider';
import { PaymentsService } from './payments.service';

/** A payment pending longer than this is presumed orphaned by a request that died. */
export const RECOVERY_AGE_MS = 60_000;
export const RECOVER_PAYMENTS = 'pay:recover-payments';
const BATCH = 100;

export interface RecoveryReport {
  examined: number;
  succeeded: number;
  failed: number;
  stillPending: number;
  errors: number;
}

/**
 * Finishes payments left pending by a request that died between its steps (a crash, a
 * deploy, a lost provider answer): every minute (the queue's recurring task
 * `pay:recover-payments`, one run per minute across replicas), or when called. For each, it asks
 * the provider what became of the payment by its id; a payment the provider never saw is
 * settled now (settling is idempotent on the id). The outcome is applied by the same
 * conditional step as a live request, so a payment finished twice moves money once.
 */
@Injectable()
export class PaymentsRecovery {
  private readonly logger = new Logger(PaymentsRecovery.name);
  private readonly failures = new FailureLog(this.logger, { level: 'error' });
  private running?: Promise<RecoveryReport>;

  constructor(
    private readonly rows: PaymentsRepository,
    private readonly payments: PaymentsService,
    private readonly provider: PaymentProvider,
    private readonly idempotency: IdempotencyService,
    queue: JobQueue,
  ) {
    // a failed pass is logged and tried again the next minute, not kept as a dead letter
    queue.handle(
      RECOVER_PAYMENTS,
      () =>
        this.run().then(
          () => this.failures.succeeded('payment recovery'),
          (error: unknown) => this.failures.failed('payment recovery', 'payment recovery failed', error),
        ),
      { schedule: '* * * * *', concurrency: 1 },
    );
  }

  /** One pass (a pass already under way is joined, not doubled). */
  run(options: { olderThanMs?: number } = {}): Promise<RecoveryReport> {
    this.running ??= this.pass(options.olderThanMs ?? RECOVERY_AGE_MS).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(olderThanMs: number): Promise<RecoveryReport> {
    const report: RecoveryReport = { examined: 0, succeeded: 0, failed: 0, stillPending: 0, errors: 0 };
    const stuck = await this.rows.pendingAcrossCompanies(this.provider.name, new Date(Date.now() - olderThanMs), BATCH);
    for (const payment of stuck) {
      report.examined += 1;
      try {
        const settlement = (await this.provider.status(payment.id)) ?? (await this.provider.settle(payment));
        const finished = await this.payments.finalize(payment.companyId, payment.id, settlement);
        if (finished.status === 'succeeded') report.succeeded += 1;
        else if (finished.status === 'failed') report.failed += 1;
        else report.stillPending += 1;
      } catch (error) {
        report.errors += 1;
        this.logger.warn({ paymentId: payment.id, err: error }, 'could not recover payment; will retry');
      }
    }
    await this.idempotency.purgeExpired();
    if (report.examined) this.logger.log(report, 'payment recovery pass');
    return report;
  }
}
