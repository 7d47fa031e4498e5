import { ApiProperty } from '@nestjs/swagger';
import { REVIEW_STATUSES, ReviewStatus } from '../performance-review.entity';
import { ReviewGoalDto } from './performance-review.dto';

/** A performance review as the API returns it. */
export class PerformanceReviewView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) companyId: string;
  @ApiProperty({ format: 'uuid' }) employeeId: string;
  @ApiProperty({ format: 'date', example: '2025-01-01' }) periodStart: string;
  @ApiProperty({ format: 'date', example: '2025-06-30' }) periodEnd: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) reviewerEmployeeId: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Jean Mbarga' }) reviewerName: string | null;
  @ApiProperty({ type: [ReviewGoalDto] }) goals: ReviewGoalDto[];
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5, nullable: true }) overallRating: number | null;
  @ApiProperty({ type: String, nullable: true }) summary: string | null;
  @ApiProperty({ enum: REVIEW_STATUSES }) status: ReviewStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}
