import { Module } from '@nestjs/common';
import { describeService, PlatformModule } from '@platform/common';

export const PAY_SERVICE = describeService('pay');

/** The pay product: the shared pipeline, root, health, metrics and OpenAPI; its domain lands next. */
@Module({
  imports: [PlatformModule.forService({ service: PAY_SERVICE, data: { entities: [], migrations: [] } })],
})
export class PayModule {}
