import { Module } from '@nestjs/common';
import { JobQueue } from './job-queue';

/** The service's job queue; import it in each feature module that declares tasks or adds jobs (one instance per app). */
@Module({
  providers: [JobQueue],
  exports: [JobQueue],
})
export class JobsModule {}
