import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { DocumentFiles } from './document-files.service';
import { DocumentJobRenderer } from './document-job-renderer.service';
import { DocumentJobsRepository } from './document-jobs.repository';
import { DocumentJobsService } from './document-jobs.service';
import { DocumentJobsController, DocumentsController } from './documents.controller';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';
import { DocumentRenderer } from './render/document-renderer.service';
import { DocumentSources } from './clients/document-sources.client';

@Module({
  imports: [FilesModule],
  controllers: [DocumentsController, DocumentJobsController],
  providers: [
    DocumentsRepository,
    DocumentJobsRepository,
    DocumentsService,
    DocumentJobsService,
    DocumentJobRenderer,
    DocumentFiles,
    DocumentSources,
    DocumentRenderer,
  ],
})
export class DocumentsModule {}
