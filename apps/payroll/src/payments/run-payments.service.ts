import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EventOutbox, InternalResult, PayContract, PlatformException, Transactions } from '@platform/common';
import { paymentLines } from '../accounting/journal-lines';
import { PostingsService } from '../accounting/postings.service';
import { PayrollRun } from '../runs/payroll-run.entity';
import { Payslip, PayslipPaymentStatus } from '../runs/payslip.entity';
import { ruleSetFor } from '../statutory/rule-set';
import { PayClient } from './pay.client';

export interface PayslipPaymentResult {
  payslipId: string;
  employeeId: string;
  employeeName: string;
  amount: number;
  currency: string;
  status: PayslipPaymentStatus | 'unpaid';
  paymentId: string | null;
  failureReason: string | null;
}

const PARALLEL_PAYMENTS = 4;

/**
 * Pays an approved run: one Pay payment per payslip, keyed `payroll:<run>:<payslip>` so a
 * retried call (or a restart in the middle) never pays anyone twice. Each outcome is recorded
 * on its payslip, with the settlement posting for Books in the same transaction; the run is
 * paid once every payslip is.
 */
@Injectable()
export class RunPaymentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly pay: PayClient,
    private readonly postings: PostingsService,
    private readonly outbox: EventOutbox,
  ) {}

  async payRun(companyId: string, runId: string, walletId: string) {
    const run = await this.dataSource.getRepository(PayrollRun).findOneBy({ id: runId, companyId });
    if (!run) throw new PlatformException('PAYROLL_RUN_NOT_FOUND');
    if (run.status !== 'approved' && run.status !== 'paid') {
      throw new PlatformException('PAYROLL_RUN_NOT_PAYABLE', { params: { status: run.status }, details: { status: run.status } });
    }
    const slips = await this.dataSource.getRepository(Payslip).find({ where: { runId, companyId }, order: { employeeName: 'ASC', id: 'ASC' } });
    const rules = ruleSetFor(run.country, run.periodStart)!;

    let reachedPay = false;
    const queue = slips.filter((slip) => slip.paymentStatus !== 'succeeded');
    const work = async () => {
      for (let slip = queue.shift(); slip; slip = queue.shift()) {
        const result = await this.payOne(run, slip, walletId);
        if (result?.kind !== 'unavailable') reachedPay = true;
        await this.record(run, slip, result, rules);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_PAYMENTS }, work));
    if (!reachedPay && slips.some((slip) => slip.paymentStatus !== 'succeeded')) throw new PlatformException('UPSTREAM_UNAVAILABLE');

    if (slips.every((slip) => slip.paymentStatus === 'succeeded') && run.status === 'approved') {
      await this.transactions.run(async (manager) => {
        const paid = await manager
          .createQueryBuilder()
          .update(PayrollRun)
          .set({ status: 'paid', paidAt: new Date(), version: () => 'version + 1' })
          .where('id = :id AND company_id = :companyId AND status = :approved', { id: runId, companyId, approved: 'approved' })
          .execute();
        if (paid.affected) await this.outbox.record(manager, companyId, 'payroll_run.paid', await manager.findOneByOrFail(PayrollRun, { id: runId }));
      });
    }
    await this.postings.deliverDue(runId);

    const results = slips.map(resultOf);
    const count = (status: PayslipPaymentResult['status']) => results.filter((r) => r.status === status).length;
    return {
      run: await this.dataSource.getRepository(PayrollRun).findOneByOrFail({ id: runId }),
      summary: { payslips: results.length, succeeded: count('succeeded'), failed: count('failed'), pending: count('pending'), unpaid: count('unpaid') },
      results,
    };
  }

  /** Pay's answer, or null when the payslip has nowhere to be paid. */
  private payOne(run: PayrollRun, slip: Payslip, walletId: string): Promise<InternalResult<PayContract.Payment> | null> {
    if (slip.paymentStatus === 'pending' && slip.paymentId) return this.pay.status(run.companyId, slip.paymentId);
    const recipient = recipientOf(slip);
    if (!recipient) return Promise.resolve(null);
    return this.pay.pay(
      {
        companyId: run.companyId,
        walletId,
        amount: slip.netPay,
        currency: slip.currency,
        recipient,
        description: `Salary ${run.periodStart.slice(0, 7)} — ${slip.employeeName}`.slice(0, 200),
        reference: `payslip:${slip.id}`,
      },
      `payroll:${run.id}:${slip.id}`,
    );
  }

  private async record(run: PayrollRun, slip: Payslip, result: InternalResult<PayContract.Payment> | null, rules: NonNullable<ReturnType<typeof ruleSetFor>>): Promise<void> {
    if (result?.kind === 'unavailable') return;
    const { status, paymentId, failureReason } = outcomeOf(result, slip.paymentId);
    await this.transactions.run(async (manager) => {
      await manager.update(Payslip, { id: slip.id }, { paymentStatus: status, paymentId, paymentFailureReason: failureReason, paidAt: status === 'succeeded' ? new Date() : null });
      // a payslip's payment settles once (a succeeded one is not paid again); one still pending says nothing yet
      if (status !== 'pending' && slip.paymentStatus !== status) {
        await this.outbox.record(manager, run.companyId, status === 'succeeded' ? 'payslip.paid' : 'payslip.payment_failed', await manager.findOneByOrFail(Payslip, { id: slip.id }));
      }
      if (status === 'succeeded') {
        await this.postings.record(manager, 'payment', run.id, slip.id, {
          companyId: run.companyId,
          date: new Date().toISOString().slice(0, 10),
          memo: `Salary ${run.periodStart.slice(0, 7)} paid to ${slip.employeeName}`,
          reference: `payslip:${slip.id}`,
          currency: slip.currency,
          source: { type: 'payroll_payment', id: slip.id },
          lines: paymentLines(slip.netPay, slip.employeeName, rules),
        });
      }
    });
    Object.assign(slip, { paymentStatus: status, paymentId, paymentFailureReason: failureReason });
  }
}

/** What a payslip records of Pay's answer: the payment as it stands, or a refusal (or no payout details) as a failure. */
function outcomeOf(result: Exclude<InternalResult<PayContract.Payment>, { kind: 'unavailable' }> | null, earlierPaymentId: string | null) {
  if (!result) return { status: 'failed' as const, paymentId: earlierPaymentId, failureReason: 'NO_PAYOUT_DETAILS' };
  if (result.kind === 'refused') return { status: 'failed' as const, paymentId: earlierPaymentId, failureReason: result.code };
  const payment = result.value;
  return { status: payment.status, paymentId: payment.id, failureReason: payment.status === 'failed' ? (payment.failureReason ?? 'declined') : null };
}

function recipientOf(slip: Payslip): PayContract.PaymentRecipient | null {
  const { payout } = slip;
  if (payout?.method === 'mobile_money' && payout.provider && payout.phoneNumber) {
    return { type: 'mobile_money', provider: payout.provider, phoneNumber: payout.phoneNumber };
  }
  if (payout?.method === 'bank' && payout.accountNumber) {
    return {
      type: 'bank',
      accountNumber: payout.accountNumber,
      accountHolder: payout.accountHolder ?? slip.employeeName,
      ...(payout.bankName ? { bankName: payout.bankName } : {}),
      ...(payout.bankCode ? { bankCode: payout.bankCode } : {}),
    };
  }
  return null;
}

function resultOf(slip: Payslip): PayslipPaymentResult {
  return {
    payslipId: slip.id,
    employeeId: slip.employeeId,
    employeeName: slip.employeeName,
    amount: slip.netPay,
    currency: slip.currency,
    status: slip.paymentStatus ?? 'unpaid',
    paymentId: slip.paymentId,
    failureReason: slip.paymentFailureReason,
  };
}
