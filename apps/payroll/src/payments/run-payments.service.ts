import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PayContract } from '@platform/contracts';
import { InternalResult, PlatformException } from '@platform/pipeline';
import { EventOutbox, Transactions } from '@platform/data';
import { settlementLines } from '../accounting/journal-lines';
import { PostingsService } from '../accounting/postings.service';
import { PayrollRun } from '../runs/payroll-run.entity';
import { Payslip, PayslipPaymentStatus } from '../runs/payslip.entity';
import { PayslipsRepository } from '../runs/payslips.repository';
import { RunsRepository } from '../runs/runs.repository';
import { RuleSet, ruleSetFor } from '../statutory/rule-set';
import { PayClient } from './clients/pay.client';

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

/** What a payslip records of Pay's answer. */
interface Outcome {
  slip: Payslip;
  status: PayslipPaymentStatus;
  paymentId: string | null;
  failureReason: string | null;
}

const PARALLEL_STATUS_CHECKS = 4;

/**
 * Pays an approved run through Pay's bulk payouts, PayContract.MAX_BULK_PAYOUTS payslips a
 * call, each keyed `payroll:<run>:<payslip>` so that a retried call (or a restart in the middle)
 * never pays anyone twice. Each bulk call's outcomes are recorded on their payslips in one
 * transaction, with their events and the run's payment progress. What a call to pay the run paid
 * is then settled in Books by one entry (payslips paid but left out by a call that died go in the
 * next one's). The run is paid once every payslip is.
 */
@Injectable()
export class RunPaymentsService {
  constructor(
    private readonly runs: RunsRepository,
    private readonly payslips: PayslipsRepository,
    private readonly transactions: Transactions,
    private readonly pay: PayClient,
    private readonly postings: PostingsService,
    private readonly outbox: EventOutbox,
  ) {}

  async payRun(companyId: string, runId: string, walletId: string) {
    const run = await this.runs.findRun(companyId, runId);
    if (!run) throw new PlatformException('PAYROLL_RUN_NOT_FOUND');
    if (run.status !== 'approved' && run.status !== 'paid') {
      throw new PlatformException('PAYROLL_RUN_NOT_PAYABLE', { params: { status: run.status }, details: { status: run.status } });
    }
    const slips = await this.payslips.payslipsOfRun(companyId, runId);
    const rules = ruleSetFor(run.country, run.periodStart)!;

    const unpaid = slips.filter((slip) => slip.paymentStatus !== 'succeeded');
    // a payment Pay has not settled yet is asked about by its id; the others are paid (or replayed) by bulk payouts
    const awaiting = unpaid.filter((slip) => slip.paymentStatus === 'pending' && slip.paymentId);
    const toPay = unpaid.filter((slip) => !(slip.paymentStatus === 'pending' && slip.paymentId));
    const checked: Outcome[] = [];
    await Promise.all(
      Array.from({ length: PARALLEL_STATUS_CHECKS }, async () => {
        for (let slip = awaiting.shift(); slip; slip = awaiting.shift()) {
          const result = await this.pay.status(companyId, slip.paymentId!);
          if (result.kind !== 'unavailable') checked.push(outcomeOf(slip, result));
        }
      }),
    );
    let reachedPay = await this.record(run, checked);

    for (let i = 0; i < toPay.length; i += PayContract.MAX_BULK_PAYOUTS) {
      reachedPay = (await this.record(run, await this.payChunk(run, toPay.slice(i, i + PayContract.MAX_BULK_PAYOUTS), walletId))) || reachedPay;
    }
    await this.settle(run, rules);
    if (!reachedPay && slips.some((slip) => slip.paymentStatus !== 'succeeded')) throw new PlatformException('UPSTREAM_UNAVAILABLE');

    if (slips.every((slip) => slip.paymentStatus === 'succeeded') && run.status === 'approved') {
      await this.transactions.run(async (manager) => {
        if (await this.runs.moveRun(companyId, runId, ['approved'], { status: 'paid', paidAt: new Date() }, manager)) {
          await this.outbox.record(manager, companyId, 'payroll_run.paid', (await this.runs.findRun(companyId, runId, manager))!);
        }
      });
    }
    await this.postings.deliverDue(companyId, runId);

    const results = slips.map(resultOf);
    const count = (status: PayslipPaymentResult['status']) => results.filter((r) => r.status === status).length;
    return {
      run: (await this.runs.findRun(companyId, runId))!,
      summary: { payslips: results.length, succeeded: count('succeeded'), failed: count('failed'), pending: count('pending'), unpaid: count('unpaid') },
      results,
    };
  }

  /** One bulk payout of the payslips with somewhere to be paid; those without fail at once. Nothing for a payslip Pay did not answer about. */
  private async payChunk(run: PayrollRun, slips: Payslip[], walletId: string): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    const sent: Payslip[] = [];
    const items: PayContract.PayoutItem[] = [];
    for (const slip of slips) {
      const recipient = recipientOf(slip);
      if (!recipient) {
        outcomes.push(outcomeOf(slip, null));
        continue;
      }
      sent.push(slip);
      items.push({
        idempotencyKey: `payroll:${run.id}:${slip.id}`,
        walletId,
        amount: slip.netPay,
        currency: slip.currency,
        recipient,
        description: `Salary ${run.periodStart.slice(0, 7)} — ${slip.employeeName}`.slice(0, 200),
        reference: `payslip:${slip.id}`,
      });
    }
    if (!items.length) return outcomes;
    const answer = await this.pay.payMany({ companyId: run.companyId, items });
    if (answer.kind === 'refused') for (const slip of sent) outcomes.push(outcomeOf(slip, answer));
    if (answer.kind === 'ok') {
      answer.value.results.forEach((result, i) => {
        // the first call with this key is still running: its outcome is for a later call to learn
        if (result.error?.code === 'IDEMPOTENCY_REQUEST_IN_PROGRESS') return;
        outcomes.push(
          outcomeOf(
            sent[i],
            result.payment
              ? { kind: 'ok', status: 201, value: result.payment }
              : { kind: 'refused', status: result.error!.statusCode, code: result.error!.code, body: result.error! },
          ),
        );
      });
    }
    return outcomes;
  }

  /**
   * Records outcomes on their payslips in one transaction: one UPDATE for all, the events of
   * those settled (a payslip's payment settles once; one still pending says nothing yet), and the
   * run's progress counted again. Answers whether there was anything to record.
   */
  private async record(run: PayrollRun, outcomes: Outcome[]): Promise<boolean> {
    if (!outcomes.length) return false;
    const now = new Date();
    const { companyId } = run;
    await this.transactions.run(async (manager) => {
      const payments = outcomes.map(({ slip, status, paymentId, failureReason }) => ({
        id: slip.id,
        status,
        paymentId,
        failureReason: failureReason?.slice(0, 200) ?? null,
        paidAt: status === 'succeeded' ? now : null,
      }));
      await this.payslips.recordPayments(companyId, run.id, now, payments, manager);
      const settled = outcomes.filter(({ slip, status }) => status !== 'pending' && slip.paymentStatus !== status);
      if (settled.length) {
        const byId = new Map(
          (
            await this.payslips.findPayslips(
              companyId,
              run.id,
              settled.map(({ slip }) => slip.id),
              manager,
            )
          ).map((slip) => [slip.id, slip]),
        );
        await this.outbox.recordMany(
          manager,
          run.companyId,
          settled.map(({ slip, status }) => ({
            type: status === 'succeeded' ? ('payslip.paid' as const) : ('payslip.payment_failed' as const),
            data: byId.get(slip.id)!,
          })),
        );
      }
      await this.runs.countPaymentProgress(companyId, run.id, now, manager);
    });
    for (const { slip, status, paymentId, failureReason } of outcomes)
      Object.assign(slip, { paymentStatus: status, paymentId, paymentFailureReason: failureReason });
    return true;
  }

  /**
   * The run's payslips paid and not yet settled in Books (this call's, or a call's that died
   * before settling them), claimed by one settlement id and posted as one entry, in one
   * transaction: each payment is counted in exactly one settlement.
   */
  private async settle(run: PayrollRun, rules: RuleSet): Promise<void> {
    const settlementId = randomUUID();
    await this.transactions.run(async (manager) => {
      const paid = await this.payslips.claimForSettlement(run.companyId, run.id, settlementId, manager);
      if (!paid.length) return;
      const month = run.periodStart.slice(0, 7);
      await this.postings.record(manager, 'payment', run.id, settlementId, {
        companyId: run.companyId,
        date: new Date().toISOString().slice(0, 10),
        memo: `Salaries ${month} paid: ${paid.length} payslip(s)`,
        reference: `payroll-run:${run.id}`,
        currency: run.currency,
        source: { type: 'payroll_settlement', id: settlementId },
        lines: settlementLines(
          paid.map((netPay) => ({ netPay })),
          rules,
        ),
      });
    });
  }
}

/** What a payslip records of Pay's answer: the payment as it stands, or a refusal (or no payout details) as a failure. */
function outcomeOf(slip: Payslip, result: Exclude<InternalResult<PayContract.Payment>, { kind: 'unavailable' }> | null): Outcome {
  if (!result) return { slip, status: 'failed', paymentId: slip.paymentId, failureReason: 'NO_PAYOUT_DETAILS' };
  if (result.kind === 'refused') return { slip, status: 'failed', paymentId: slip.paymentId, failureReason: result.code };
  const payment = result.value;
  return { slip, status: payment.status, paymentId: payment.id, failureReason: payment.status === 'failed' ? (payment.failureReason ?? 'declined') : null };
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
