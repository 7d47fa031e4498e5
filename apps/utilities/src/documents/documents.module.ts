import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsModule } from '@platform/common';
import { FilesModule } from '../files/files.module';
import { DocumentFiles } from './document-files';
import { DocumentJob } from './document-job.entity';
import { DocumentJobRenderer } from './document-job.renderer';
import { DocumentJobsService } from './document-jobs.service';
import { DocumentRecord } from './document.entity';
import { DocumentJobsController, DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';
import { DocumentRenderer } from './render/document-renderer';
import { DocumentSources } from './upstream.clients';

@Module({
  imports: [TypeOrmModule.forFeature([DocumentRecord, DocumentJob]), FilesModule, JobsModule],
  controllers: [DocumentsController, DocumentJobsController],
  providers: [DocumentsService, DocumentJobsService, DocumentJobRenderer, DocumentFiles, DocumentSources, DocumentRenderer],
})
export class DocumentsModule {}
