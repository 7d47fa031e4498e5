import { DocumentJob } from './document-job.entity';
import { DocumentJobView } from './dto/document-views.dto';

/** A document job as the API answers it. */
export function documentJobView(job: DocumentJob): DocumentJobView {
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    type: job.request.type,
    format: job.request.format,
    attempts: job.attempts,
    documentId: job.documentId,
    error: job.status === 'succeeded' ? null : job.error,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}
