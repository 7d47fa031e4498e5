import { Injectable } from '@nestjs/common';
import { Page, PageQueryDto, PlatformException } from '@platform/pipeline';
import { isUniqueViolation, Transactions } from '@platform/data';
import { CreateLeaveTypeDto } from './dto/leave.dto';
import { LeaveType } from './leave-type.entity';
import { LeaveTypesRepository } from './leave-types.repository';

@Injectable()
export class LeaveTypesService {
  constructor(
    private readonly types: LeaveTypesRepository,
    private readonly transactions: Transactions,
  ) {}

  async create(companyId: string, input: CreateLeaveTypeDto): Promise<LeaveType> {
    try {
      const fields = { name: input.name, annualAllowanceDays: input.annualAllowanceDays, paid: input.paid };
      return await this.transactions.run((manager) => this.types.insertType(companyId, fields, manager));
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlatformException('LEAVE_TYPE_NAME_CONFLICT');
      throw error;
    }
  }

  list(companyId: string, query: PageQueryDto): Promise<Page<LeaveType>> {
    return this.types.listTypesPage(companyId, query);
  }
}
