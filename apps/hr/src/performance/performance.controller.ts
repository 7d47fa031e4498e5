import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PlatformException, Tenant, TenantContext } from '@platform/pipeline';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { ApiIdParam } from '../shared/validation';
import { CreatePerformanceReviewDto, ListPerformanceReviewsQueryDto, UpdatePerformanceReviewDto } from './dto/performance-review.dto';
import { PerformanceReviewView } from './dto/performance-views.dto';
import { PerformanceService } from './performance.service';

const reviewId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('PERFORMANCE_REVIEW_NOT_FOUND') });

@ApiTag('Performance', 'Performance reviews with weighted goals: draft → submitted → completed.')
@Controller('performance-reviews')
export class PerformanceController {
  constructor(private readonly reviews: PerformanceService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiOperation({
    summary: 'Create a performance review',
    description: 'An unknown reviewerEmployeeId is VALIDATION_FAILED; an unknown employeeId is USER_NOT_FOUND.',
  })
  @ApiEnvelope(201, PerformanceReviewView, 'Draft review created.')
  @ApiErrors(EMPLOYEE_NOT_FOUND)
  create(@Tenant() tenant: TenantContext, @Body() body: CreatePerformanceReviewDto) {
    return this.reviews.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('hr:read')
  @ApiOperation({ summary: 'List performance reviews' })
  @ApiEnvelope(200, PerformanceReviewView, 'The company’s reviews, oldest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListPerformanceReviewsQueryDto) {
    return this.reviews.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('hr:read')
  @ApiIdParam('review')
  @ApiOperation({ summary: 'Get a performance review' })
  @ApiEnvelope(200, PerformanceReviewView, 'The review.')
  @ApiErrors('PERFORMANCE_REVIEW_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', reviewId) id: string) {
    return this.reviews.get(tenant.companyId, id);
  }

  @Patch(':id')
  @Authenticated('hr:write')
  @ApiIdParam('review')
  @ApiOperation({
    summary: 'Update, submit or complete a performance review',
    description:
      'draft → submitted → completed. Submitting needs a reviewer, goals weighing 100 in all, each rated, and an overallRating (VALIDATION_FAILED, `errors` names what is missing).',
  })
  @ApiEnvelope(200, PerformanceReviewView, 'The review after the change.')
  @ApiErrors('PERFORMANCE_REVIEW_NOT_FOUND', 'PERFORMANCE_REVIEW_LOCKED', 'PERFORMANCE_REVIEW_INVALID_TRANSITION')
  update(@Tenant() tenant: TenantContext, @Param('id', reviewId) id: string, @Body() body: UpdatePerformanceReviewDto) {
    return this.reviews.update(tenant.companyId, id, body);
  }
}
