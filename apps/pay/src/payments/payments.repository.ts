import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In, LessThanOrEqual } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { ListPaymentsQueryDto } from './dto/payment.dto';
import { Payment } from './payment.entity';

/** What a payment is written with (the company aside). */
export type PaymentFields = Pick<Payment, 'id' | 'walletId' | 'amount' | 'currency' | 'recipient' | 'description' | 'reference' | 'status' | 'provider'> &
  Partial<Pick<Payment, 'settledAt'>>;

/** A provider's final answer on a payment, as the payment keeps it. */
export interface PaymentOutcome {
  status: 'succeeded' | 'failed';
  providerReference: string | null;
  failureReason: string | null;
}

const SAMPLE_PAYMENT: PaymentFields = {
  id: SAMPLE.id,
  walletId: SAMPLE.otherId,
  amount: 25_000,
  currency: 'XAF',
  recipient: { type: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456', name: 'Amina Nkemelu' },
  description: 'March salary',
  reference: 'PAYSLIP-2026-03-0042',
  status: 'pending',
  provider: 'sandbox',
};
const SAMPLE_OUTCOME: PaymentOutcome = { status: 'succeeded', providerReference: 'sbx_0123456789abcdef', failureReason: null };

/** Payments out of wallets (`payments`). */
@Injectable()
export class PaymentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, SAMPLE_PAYMENT, SAMPLE.tx])
  async insertPayment(companyId: string, fields: PaymentFields, manager: EntityManager): Promise<void> {
    await manager.insert(Payment, { ...fields, companyId });
  }

  @QuerySample([SAMPLE.companyId, [SAMPLE_PAYMENT, { ...SAMPLE_PAYMENT, id: SAMPLE.otherId }], SAMPLE.tx])
  async insertPayments(companyId: string, rows: PaymentFields[], manager: EntityManager): Promise<void> {
    await manager.insert(
      Payment,
      rows.map((fields) => ({ ...fields, companyId })),
    );
  }

  /** Another company's payment is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findPayment(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<Payment | null> {
    return manager.findOneBy(Payment, { id, companyId });
  }

  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId], SAMPLE.tx])
  findPayments(companyId: string, ids: string[], manager: EntityManager): Promise<Payment[]> {
    return manager.findBy(Payment, { companyId, id: In(ids) });
  }

  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { status: 'pending' as const, page: 2, limit: 20 }], 'by status')
  @QuerySample([SAMPLE.companyId, { walletId: SAMPLE.id, page: 2, limit: 20 }], 'by wallet')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { status: 'pending' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by status, after a cursor')
  @QuerySample([SAMPLE.companyId, { walletId: SAMPLE.id, cursor: SAMPLE.cursor, limit: 20 }], 'by wallet, after a cursor')
  listPaymentsPage(companyId: string, query: ListPaymentsQueryDto): Promise<Page<Payment>> {
    const where: FindOptionsWhere<Payment> = { companyId };
    if (query.status) where.status = query.status;
    if (query.walletId) where.walletId = query.walletId;
    return findPage(this.dataSource.getRepository(Payment), where, { createdAt: 'DESC', id: 'DESC' }, query);
  }

  /** Moves a payment out of pending to its outcome: one conditional statement, so that only one of two finishes moves it. Answers whether it moved. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE_OUTCOME, SAMPLE.tx])
  async settlePending(companyId: string, id: string, outcome: PaymentOutcome, manager: EntityManager): Promise<boolean> {
    const moved = await manager
      .createQueryBuilder()
      .update(Payment)
      .set({ ...outcome, settledAt: new Date() })
      .where('id = :id AND company_id = :companyId AND status = :pending', { id, companyId, pending: 'pending' })
      .execute();
    return Boolean(moved.affected);
  }

  /** settlePending for many payments, in one statement. Answers the ids it moved. */
  @QuerySample([SAMPLE.companyId, [{ paymentId: SAMPLE.id, ...SAMPLE_OUTCOME }], SAMPLE.tx])
  async settlePendingMany(companyId: string, outcomes: (PaymentOutcome & { paymentId: string })[], manager: EntityManager): Promise<Set<string>> {
    const [moved] = (await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, Payment)} p
       SET "status" = s."status", "provider_reference" = s."providerReference", "failure_reason" = s."failureReason", "settled_at" = now(), "updated_at" = now()
       FROM json_to_recordset($1::json) AS s("paymentId" uuid, "status" varchar, "providerReference" varchar, "failureReason" varchar)
       WHERE p."id" = s."paymentId" AND p."status" = 'pending' AND p."company_id" = $2
       RETURNING p."id"`,
      [JSON.stringify(outcomes), companyId],
    )) as [{ id: string }[], number];
    return new Set(moved.map((row) => row.id));
  }

  /** The oldest payments of a provider still pending since `createdBefore`, every company's (recovery finishes them). */
  @QuerySample(['sandbox', new Date(0), 100])
  pendingAcrossCompanies(provider: string, createdBefore: Date, take: number): Promise<Payment[]> {
    return this.dataSource.getRepository(Payment).find({
      where: { status: 'pending', provider, createdAt: LessThanOrEqual(createdBefore) },
      order: { createdAt: 'ASC' },
      take,
    });
  }
}
