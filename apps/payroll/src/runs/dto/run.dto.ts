import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsOptional, IsUUID, Matches, ValidateIf } from 'class-validator';
import { ArrayDistinct, PageQueryDto } from '@platform/pipeline';
import { RUN_STATUSES, RunStatus } from '../payroll-run.entity';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
export const SUPPORTED_COUNTRIES = ['CM'];

export class CreateRunDto {
  @ApiProperty({ example: '2026-03-01', format: 'date', description: 'First day paid; the period lies within one calendar month.' })
  @Matches(DATE_ONLY, { message: 'periodStart must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'periodStart must be a valid calendar date' })
  periodStart: string;

  @ApiProperty({ example: '2026-03-31', format: 'date', description: 'Last day paid, in the month of periodStart.' })
  @Matches(DATE_ONLY, { message: 'periodEnd must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'periodEnd must be a valid calendar date' })
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
  @Matches(DATE_ONLY, { message: 'periodStart must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'periodStart must be a valid calendar date' })
  periodStart?: string;

  @ApiPropertyOptional({ example: '2026-03-31', format: 'date' })
  @IsOptional()
  @Matches(DATE_ONLY, { message: 'periodEnd must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'periodEnd must be a valid calendar date' })
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
  @Matches(DATE_ONLY, { message: 'from must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'from must be a valid calendar date' })
  from?: string;

  @ApiPropertyOptional({ type: String, format: 'date', example: '2026-12-31', description: 'Runs whose period ends on or before this date' })
  @IsOptional()
  @Matches(DATE_ONLY, { message: 'to must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'to must be a valid calendar date' })
  to?: string;
}
