import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { IsDateOnly, PageQueryDto } from '@platform/pipeline';
import { trim, UUID } from '../../shared/validation';
import { REVIEW_STATUSES, ReviewGoal, ReviewStatus } from '../performance-review.entity';

export class ReviewGoalDto implements ReviewGoal {
  @ApiProperty({ example: 'Close the books by day 5', minLength: 1, maxLength: 200 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  title: string;

  @ApiProperty({ type: 'integer', example: 40, minimum: 1, maximum: 100, description: 'Share of the review; a submitted review’s weights sum to 100.' })
  @IsInt()
  @Min(1)
  @Max(100)
  weight: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 5, nullable: true, description: 'Required on every goal to submit.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5)
  rating?: number | null;

  @ApiPropertyOptional({ type: String, maxLength: 2000, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  comment?: string | null;
}

export class CreatePerformanceReviewDto {
  @ApiProperty({ ...UUID })
  @IsUUID()
  employeeId: string;

  @ApiProperty({ example: '2025-01-01', format: 'date' })
  @IsDateOnly()
  periodStart: string;

  @ApiProperty({ example: '2025-06-30', format: 'date' })
  @IsDateOnly()
  periodEnd: string;

  @ApiPropertyOptional({
    type: String,
    ...UUID,
    nullable: true,
    description: 'An employee of the company. A reviewer (this or reviewerName) is required to submit.',
  })
  @IsOptional()
  @IsUUID()
  reviewerEmployeeId?: string | null;

  @ApiPropertyOptional({ type: String, example: 'Jean Mbarga', minLength: 1, maxLength: 150, nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  reviewerName?: string | null;

  @ApiPropertyOptional({ type: [ReviewGoalDto], default: [], maxItems: 50 })
  @ValidateIf((dto: CreatePerformanceReviewDto) => dto.goals !== undefined)
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => ReviewGoalDto)
  goals?: ReviewGoalDto[];

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 5, nullable: true, description: 'Required to submit.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5)
  overallRating?: number | null;

  @ApiPropertyOptional({ type: String, maxLength: 5000, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  summary?: string | null;
}

export class UpdatePerformanceReviewDto extends PartialType(OmitType(CreatePerformanceReviewDto, ['employeeId'] as const), { skipNullProperties: false }) {
  @ApiPropertyOptional({ enum: REVIEW_STATUSES, description: 'draft → submitted → completed.' })
  @IsOptional()
  @IsIn(REVIEW_STATUSES)
  status?: ReviewStatus;
}

export class ListPerformanceReviewsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ ...UUID })
  @IsOptional()
  @IsUUID()
  employeeId?: string;

  @ApiPropertyOptional({ enum: REVIEW_STATUSES })
  @IsOptional()
  @IsIn(REVIEW_STATUSES)
  status?: ReviewStatus;
}
