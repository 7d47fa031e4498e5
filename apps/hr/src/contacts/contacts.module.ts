import { Module } from '@nestjs/common';
import { InternalContactsController } from './internal-contacts.controller';
import { ContactsRepository } from './contacts.repository';
import { ContactsService } from './contacts.service';

@Module({
  controllers: [InternalContactsController],
  providers: [ContactsRepository, ContactsService],
})
export class ContactsModule {}
