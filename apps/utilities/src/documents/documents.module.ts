import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module';
import { DocumentFiles } from './document-files';
import { DocumentJob } from './document-job.entity';
import { DocumentJobWorker } from './document-job.worker';
import { DocumentJobsService } from './document-jobs.service';
import { DocumentRecord } from './document.entity';
import { DocumentJobsController, DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';
import { DocumentRenderer } from './render/document-renderer';
import { DocumentSources } from './upstream.clients';

@Module({
  imports: [TypeOrmModule.forFeature([DocumentRecord, DocumentJob]), FilesModule],
  controllers: [DocumentsController, DocumentJobsController],
  providers: [DocumentsService, DocumentJobsService, DocumentJobWorker, DocumentFiles, DocumentSources, DocumentRenderer],
})
export class DocumentsModule {}
