import { Module } from '@nestjs/common';
import { JobQueue } from './job-queue';

/** Owns pg-boss: one queue for the process, onto which feature modules register their jobs. */
@Module({
  providers: [JobQueue],
  exports: [JobQueue],
})
export class JobsModule {}
