import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Internal, RawResponse } from '@platform/common';
import { ContactsService } from './contacts.service';
import { ContactsQueryDto } from './dto/contacts-query.dto';

/** How other services reach employees (utilities' notifications); outside /api/v1, so the Ingress never routes it. */
@ApiExcludeController()
@Internal()
@RawResponse()
@Controller('internal/v1/hr')
export class ContactsController {
  constructor(private readonly contactsService: ContactsService) {}

  @Get('contacts')
  contacts(@Query() query: ContactsQueryDto) {
    return this.contactsService.contacts(query.companyId, query.employeeIds);
  }
}
