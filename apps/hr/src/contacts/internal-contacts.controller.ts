import { Controller, Query } from '@nestjs/common';
import { HrContract } from '@platform/contracts';
import { Internal } from '@platform/pipeline';
import { ContactsService } from './contacts.service';
import { ContactsQueryDto } from './dto/contacts-query.dto';

/** How other services reach employees (utilities' notifications); outside /api/v1, so the Ingress never routes it. */
@Controller()
export class InternalContactsController {
  constructor(private readonly contactsService: ContactsService) {}

  @Internal(HrContract.CONTACTS)
  contacts(@Query() query: ContactsQueryDto) {
    return this.contactsService.contacts(query.companyId, query.employeeIds);
  }
}
