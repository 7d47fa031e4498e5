import { Module } from '@nestjs/common';
import { describeService, PlatformModule } from '@platform/common';

export const BOOKS_SERVICE = describeService('books');

/** The books product: the shared pipeline, root, health, metrics and OpenAPI; its domain lands next. */
@Module({
  imports: [PlatformModule.forService({ service: BOOKS_SERVICE, data: { entities: [], migrations: [] } })],
})
export class BooksModule {}
