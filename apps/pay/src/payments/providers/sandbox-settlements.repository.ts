import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { QuerySample, SAMPLE } from '@platform/data';
import { SandboxSettlement } from './sandbox-settlement.entity';

/** What the sandbox decides for a payment. */
export type SandboxDecision = Pick<SandboxSettlement, 'paymentId' | 'outcome' | 'providerReference' | 'failureReason'>;

const SAMPLE_DECISION: SandboxDecision = { paymentId: SAMPLE.id, outcome: 'succeeded', providerReference: 'sbx_0123456789abcdef', failureReason: null };

/**
 * The sandbox provider's own record of what it decided (`sandbox_settlements`). It stands for a
 * provider outside the suite, which knows payments by their id alone: its rows hold no company,
 * so its methods are named across companies (a payment id is unique across them).
 */
@Injectable()
export class SandboxSettlementsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Keeps each decision, unless the payment has one already (the first one stands). */
  @QuerySample([[SAMPLE_DECISION], SAMPLE.tx])
  async insertDecisionsAcrossCompanies(decisions: SandboxDecision[], manager: EntityManager): Promise<void> {
    await manager.createQueryBuilder().insert().into(SandboxSettlement).values(decisions).orIgnore().execute();
  }

  @QuerySample([SAMPLE.id])
  findDecisionAcrossCompanies(paymentId: string): Promise<SandboxSettlement | null> {
    return this.dataSource.getRepository(SandboxSettlement).findOneBy({ paymentId });
  }

  @QuerySample([[SAMPLE.id, SAMPLE.otherId]])
  findDecisionsAcrossCompanies(paymentIds: string[]): Promise<SandboxSettlement[]> {
    return this.dataSource.getRepository(SandboxSettlement).findBy({ paymentId: In(paymentIds) });
  }
}
