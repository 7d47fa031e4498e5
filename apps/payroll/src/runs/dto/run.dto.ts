import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { ArrayDistinct, IsDateOnly, PageQueryDto } from '@platform/pipeline';
import { RUN_STATUSES, RunStatus } from '../payroll-run.entity';

export const SUPPORTED_COUNTRIES = ['CM'];

export class CreateRunDto {
  @ApiProperty({ example: '2026-03-01', format: 'date', description: 'First day paid; the period lies within one calendar month.' })
  @IsDateOnly()
  periodStart: string;

  @ApiProperty({ example: '2026-03-31', format: 'date', description: 'Last day paid, in the month of periodStart.' })
  @IsDateOnly()
  periodEnd: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: 5000,
    uniqueItems: true,
    description: 'HR employee ids; all employees with a contract in force when left out.',
  })
  @IsOptional()
  @IsArray()
  @ArrayDistinct()
  @ArrayMaxSize(5000)
  @IsUUID('all', { each: true })
  employeeIds?: string[];

  @ApiPropertyOptional({ enum: SUPPORTED_COUNTRIES, default: 'CM', description: 'Whose statutory rules apply.' })
  @IsOptional()
  @IsIn(SUPPORTED_COUNTRIES)
  country?: string;
}

export class UpdateRunDto {
  @ApiPropertyOptional({ example: '2026-03-01', format: 'date' })
  @IsOptional()
  @IsDateOnly()
  periodStart?: string;

  @ApiPropertyOptional({ example: '2026-03-31', format: 'date' })
  @IsOptional()
  @IsDateOnly()
  periodEnd?: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: 5000,
    uniqueItems: true,
    nullable: true,
    description: 'null pays every employee with a contract in force.',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsArray()
  @ArrayDistinct()
  @ArrayMaxSize(5000)
  @IsUUID('all', { each: true })
  employeeIds?: string[] | null;
}

export class ListRunsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: RUN_STATUSES })
  @IsOptional()
  @IsIn(RUN_STATUSES)
  status?: RunStatus;

  @ApiPropertyOptional({ type: String, format: 'date', example: '2026-01-01', description: 'Runs whose period starts on or after this date' })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ type: String, format: 'date', example: '2026-12-31', description: 'Runs whose period ends on or before this date' })
  @IsOptional()
  @IsDateOnly()
  to?: string;
}
