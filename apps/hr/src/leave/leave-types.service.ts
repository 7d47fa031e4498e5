import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Page, PageQueryDto, PlatformException, SerializedJson } from '@platform/pipeline';
import { findPage, isUniqueViolation, Transactions } from '@platform/data';
import { CreateLeaveTypeDto } from './dto/leave.dto';
import { LeaveType } from './leave-type.entity';

@Injectable()
export class LeaveTypesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  async create(companyId: string, input: CreateLeaveTypeDto): Promise<LeaveType> {
    try {
      const type = this.dataSource
        .getRepository(LeaveType)
        .create({ companyId, name: input.name, annualAllowanceDays: input.annualAllowanceDays, paid: input.paid });
      return await this.transactions.run((manager) => manager.save(type));
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlatformException('LEAVE_TYPE_NAME_CONFLICT');
      throw error;
    }
  }

  async list(companyId: string, query: PageQueryDto): Promise<Page<LeaveType> | SerializedJson> {
    return findPage(this.dataSource.getRepository(LeaveType), { companyId }, { createdAt: 'ASC', id: 'ASC' }, query);
  }
}
