import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { findPage, isUniqueViolation, Page, PageQueryDto, PlatformException, SerializedJson, Transactions } from '@platform/common';
import { CreateLeaveTypeDto } from './dto/leave.dto';
import { LeaveType } from './leave-type.entity';

@Injectable()
export class LeaveTypesService {
  constructor(
    @InjectRepository(LeaveType) private readonly types: Repository<LeaveType>,
    private readonly transactions: Transactions,
  ) {}

  async create(companyId: string, input: CreateLeaveTypeDto): Promise<LeaveType> {
    try {
      const type = this.types.create({ companyId, name: input.name, annualAllowanceDays: input.annualAllowanceDays, paid: input.paid });
      return await this.transactions.run((manager) => manager.save(type));
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlatformException('LEAVE_TYPE_NAME_CONFLICT');
      throw error;
    }
  }

  async list(companyId: string, query: PageQueryDto): Promise<Page<LeaveType> | SerializedJson> {
    return findPage(this.types, { companyId }, { createdAt: 'ASC', id: 'ASC' }, query);
  }
}
