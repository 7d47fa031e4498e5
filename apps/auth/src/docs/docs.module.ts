import { Module } from '@nestjs/common';
import { DocsController } from './docs.controller';

/** The one docs page of the suite, served by auth since the Ingress sends `/api/v1` itself to it. */
@Module({ controllers: [DocsController] })
export class DocsModule {}
