import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { DocumentFiles } from './document-files';
import { DocumentJobWorker } from './document-job.worker';
import { DocumentJobsService } from './document-jobs.service';
import { DocumentJobsController, DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';
import { DocumentRenderer } from './render/document-renderer';
import { DocumentSources } from './upstream.clients';

@Module({
  imports: [FilesModule],
  controllers: [DocumentsController, DocumentJobsController],
  providers: [DocumentsService, DocumentJobsService, DocumentJobWorker, DocumentFiles, DocumentSources, DocumentRenderer],
})
export class DocumentsModule {}
