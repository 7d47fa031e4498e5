import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, PlatformException, Tenant, TenantContext } from '@platform/common';
import { CreatePerformanceReviewDto, ListPerformanceReviewsQueryDto, UpdatePerformanceReviewDto } from './dto/performance-review.dto';
import { PerformanceService } from './performance.service';

const reviewId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('PERFORMANCE_REVIEW_NOT_FOUND') });

@ApiTags('Performance')
@Controller('performance-reviews')
export class PerformanceController {
  constructor(private readonly reviews: PerformanceService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiCreatedResponse({ description: 'Draft review created.' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (also an unknown reviewerEmployeeId)' })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND: employeeId' })
  create(@Tenant() tenant: TenantContext, @Body() body: CreatePerformanceReviewDto) {
    return this.reviews.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('hr:read')
  @ApiOkResponse({ description: '`data`: `{ items, page, limit, total }`' })
  list(@Tenant() tenant: TenantContext, @Query() query: ListPerformanceReviewsQueryDto) {
    return this.reviews.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('hr:read')
  @ApiOkResponse({ description: 'The review.' })
  @ApiNotFoundResponse({ description: 'PERFORMANCE_REVIEW_NOT_FOUND' })
  get(@Tenant() tenant: TenantContext, @Param('id', reviewId) id: string) {
    return this.reviews.get(tenant.companyId, id);
  }

  @Patch(':id')
  @Authenticated('hr:write')
  @ApiOkResponse({ description: 'The review after the change.' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: submitting needs a reviewer, goals weighing 100 in all, each rated, and an overallRating (`errors` names what is missing)' })
  @ApiConflictResponse({ description: 'PERFORMANCE_REVIEW_LOCKED (completed), PERFORMANCE_REVIEW_INVALID_TRANSITION' })
  update(@Tenant() tenant: TenantContext, @Param('id', reviewId) id: string, @Body() body: UpdatePerformanceReviewDto) {
    return this.reviews.update(tenant.companyId, id, body);
  }
}
