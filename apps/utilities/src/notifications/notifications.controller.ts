import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, Authenticated, PlatformException, SuccessMessage, Tenant, TenantContext } from '@platform/common';
import { InboxFilterDto, InboxQueryDto, ListInboxQueryDto, SendNotificationDto } from './dto/notification.dto';
import { InboxItemView, NotificationAcceptedView, NotificationView, ReadAllView, UnreadCountsView } from './dto/notification-views.dto';
import { InboxService } from './inbox.service';
import { NotificationsService } from './notifications.service';

const notificationId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('NOTIFICATION_NOT_FOUND') });
const INBOX = 'In-app inbox: the company’s when `recipient` is left out, else the HR employee’s.';

@ApiTags('Notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly inbox: InboxService,
  ) {}

  @Post()
  @HttpCode(202)
  @Authenticated('app:write')
  @SuccessMessage('accepted')
  @ApiEnvelope(
    202,
    NotificationAcceptedView,
    'Accepted. `data.channels` is the decision at send time per channel (the category’s preference applied); inApp is written at once, ' +
      'the other channels are delivered in the background with retries and backoff: GET /notifications/:id shows each delivery and attempt.',
  )
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND: `details.unknownEmployeeIds` are not employees of the company' })
  @ApiServiceUnavailableResponse({ description: 'UPSTREAM_UNAVAILABLE: HR could not be asked for the employees’ contacts; nothing was written' })
  send(@Tenant() tenant: TenantContext, @Body() body: SendNotificationDto) {
    return this.notifications.send(tenant.companyId, body);
  }

  @Get()
  @Authenticated('app:read')
  @ApiEnvelope(200, InboxItemView, `${INBOX} Newest first; archived items are left out.`, { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListInboxQueryDto) {
    return this.inbox.list(tenant.companyId, query);
  }

  @Get('unread-counts')
  @Authenticated('app:read')
  @ApiEnvelope(200, UnreadCountsView, `${INBOX} Unread items per category.`)
  unreadCounts(@Tenant() tenant: TenantContext, @Query() query: InboxQueryDto) {
    return this.inbox.unreadCounts(tenant.companyId, query.recipient);
  }

  @Post('read-all')
  @HttpCode(200)
  @Authenticated('app:write')
  @ApiEnvelope(200, ReadAllView, `${INBOX} Marks every unread item read (of one category with \`category\`).`)
  readAll(@Tenant() tenant: TenantContext, @Query() query: InboxFilterDto) {
    return this.inbox.readAll(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('app:read')
  @ApiEnvelope(200, NotificationView, 'The notification as sent, its inboxes, and the live state of each delivery with every attempt.')
  @ApiNotFoundResponse({ description: 'NOTIFICATION_NOT_FOUND (also for another company’s)' })
  get(@Tenant() tenant: TenantContext, @Param('id', notificationId) id: string) {
    return this.notifications.get(tenant.companyId, id);
  }

  @Patch(':id/read')
  @Authenticated('app:write')
  @ApiEnvelope(200, InboxItemView, `${INBOX} Reading again keeps the first read time.`)
  @ApiNotFoundResponse({ description: 'NOTIFICATION_NOT_FOUND: not in this inbox (or archived)' })
  read(@Tenant() tenant: TenantContext, @Param('id', notificationId) id: string, @Query() query: InboxQueryDto) {
    return this.inbox.markRead(tenant.companyId, id, query.recipient, true);
  }

  @Patch(':id/unread')
  @Authenticated('app:write')
  @ApiEnvelope(200, InboxItemView, INBOX)
  @ApiNotFoundResponse({ description: 'NOTIFICATION_NOT_FOUND: not in this inbox (or archived)' })
  unread(@Tenant() tenant: TenantContext, @Param('id', notificationId) id: string, @Query() query: InboxQueryDto) {
    return this.inbox.markRead(tenant.companyId, id, query.recipient, false);
  }

  @Delete(':id')
  @Authenticated('app:write')
  @ApiEnvelope(200, InboxItemView, `${INBOX} Archives the item: it leaves the inbox; the notification and its deliveries are kept.`)
  @ApiNotFoundResponse({ description: 'NOTIFICATION_NOT_FOUND: not in this inbox (or already archived)' })
  archive(@Tenant() tenant: TenantContext, @Param('id', notificationId) id: string, @Query() query: InboxQueryDto) {
    return this.inbox.archive(tenant.companyId, id, query.recipient);
  }
}
