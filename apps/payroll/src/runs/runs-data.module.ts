import { Module } from '@nestjs/common';
import { PayslipsRepository } from './payslips.repository';
import { RunsRepository } from './runs.repository';

/**
 * The runs' and payslips' repositories, in a module of their own: the runs feature and the
 * payments feature both write these rows, and the runs module imports payments (its controller
 * pays runs), so payments cannot import the runs module back.
 */
@Module({
  providers: [RunsRepository, PayslipsRepository],
  exports: [RunsRepository, PayslipsRepository],
})
export class RunsDataModule {}
