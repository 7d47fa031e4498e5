import { ApiProperty } from '@nestjs/swagger';

/** `data` of every service's root, `GET /api/v1/<prefix>`: the quick connectivity check. */
export class ServiceRootView {
  @ApiProperty({ enum: ['auth', 'hr', 'utilities', 'payroll', 'pay', 'books'], example: 'hr' })
  service: string;

  @ApiProperty({ example: 'Platform HR API' })
  title: string;

  @ApiProperty({ example: '0.1.0' })
  version: string;

  @ApiProperty({ enum: ['v1'] })
  apiVersion: string;

  @ApiProperty({ format: 'date-time' })
  time: string;

  @ApiProperty({ description: 'The deployment’s NODE_ENV.', example: 'production' })
  environment: string;
}

export class DependencyStatusView {
  @ApiProperty({ enum: ['up', 'down'] })
  status: string;

  @ApiProperty({ required: false, description: 'Why a dependency is down.' })
  message?: string;
}

/** `data` of `GET /api/v1/<prefix>/health`: the service and each dependency it needs. */
export class HealthReportView {
  @ApiProperty({ enum: ['ok'], description: 'Always `ok` on 200: a dependency down answers 503 UPSTREAM_UNAVAILABLE with `details.dependencies`.' })
  status: string;

  @ApiProperty({ example: 'hr' })
  service: string;

  @ApiProperty({ example: '0.1.0' })
  version: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  uptimeSeconds: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/DependencyStatusView' },
    description: 'Each dependency by name (`database`, `redis`).',
    example: { database: { status: 'up' } },
  })
  dependencies: Record<string, DependencyStatusView>;
}
