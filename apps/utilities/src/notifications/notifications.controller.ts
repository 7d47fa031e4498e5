import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PlatformException, SuccessMessage, Tenant, TenantContext } from '@platform/pipeline';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { InboxFilterDto, InboxQueryDto, ListInboxQueryDto, SendNotificationDto } from './dto/notification.dto';
import { InboxItemView, NotificationAcceptedView, NotificationView, ReadAllView, SettledDeliveryView, UnreadCountsView } from './dto/notification-views.dto';
import { InboxService } from './inbox.service';
import { NotificationsService } from './notifications.service';

const notificationId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('NOTIFICATION_NOT_FOUND') });
/** The tag of the notification, inbox and preference routes. */
export const NotificationsTag = () =>
  ApiTag(
    'Notifications',
    'Notifications sent to the company inbox, employees, email addresses and phone numbers on every channel the category’s preference allows; in-app inboxes; the preferences.',
  );
const NotificationIdParam = () => ApiParam({ name: 'id', format: 'uuid', description: 'The notification' });
const INBOX = 'In-app inbox: the company’s when `recipient` is left out, else the HR employee’s.';

@NotificationsTag()
// what the notification.delivered and notification.failed events carry (the webhook catalogue publishes it from this document)
@ApiExtraModels(SettledDeliveryView)
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
  @ApiOperation({
    summary: 'Send a notification',
    description:
      'USER_NOT_FOUND names in `details.unknownEmployeeIds` the recipients that are not employees of the company; nothing is written then, nor when HR cannot be asked (UPSTREAM_UNAVAILABLE).',
  })
  @ApiBody({
    type: SendNotificationDto,
    examples: {
      company: { summary: 'To the company inbox', value: { category: 'general', title: 'Payroll closes Friday', body: 'Send timesheets by Thursday noon.' } },
      addresses: {
        summary: 'To an email address and a phone number',
        value: {
          category: 'due',
          title: 'Timesheets due',
          body: 'Send your timesheets by Thursday noon.',
          recipients: ['ops@example.cm', '+237677000001'],
          channels: ['email', 'sms'],
        },
      },
      employees: {
        summary: 'To employees (their inboxes and the contact details HR holds)',
        value: {
          category: 'approval',
          title: 'Leave request approved',
          body: 'Your leave from 2 to 6 March is approved.',
          recipients: ['3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d'],
          data: { leaveRequestId: 'a1b2c3d4-0000-4000-8000-000000000001' },
        },
      },
    },
  })
  @ApiEnvelope(
    202,
    NotificationAcceptedView,
    'Accepted. `data.channels` is the decision at send time per channel (the category’s preference applied); inApp is written at once, ' +
      'the other channels are delivered in the background with retries and backoff: GET /notifications/:id shows each delivery and attempt.',
  )
  @ApiErrors(EMPLOYEE_NOT_FOUND)
  send(@Tenant() tenant: TenantContext, @Body() body: SendNotificationDto) {
    return this.notifications.send(tenant.companyId, body);
  }

  @Get()
  @Authenticated('app:read')
  @ApiOperation({ summary: 'List an inbox' })
  @ApiEnvelope(200, InboxItemView, `${INBOX} Newest first; archived items are left out.`, { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListInboxQueryDto) {
    return this.inbox.list(tenant.companyId, query);
  }

  @Get('unread-counts')
  @Authenticated('app:read')
  @ApiOperation({ summary: 'Count an inbox’s unread items' })
  @ApiEnvelope(200, UnreadCountsView, `${INBOX} Unread items per category.`)
  unreadCounts(@Tenant() tenant: TenantContext, @Query() query: InboxQueryDto) {
    return this.inbox.unreadCounts(tenant.companyId, query.recipient);
  }

  @Post('read-all')
  @HttpCode(200)
  @Authenticated('app:write')
  @ApiOperation({ summary: 'Mark every inbox item read' })
  @ApiEnvelope(200, ReadAllView, `${INBOX} Marks every unread item read (of one category with \`category\`).`)
  readAll(@Tenant() tenant: TenantContext, @Query() query: InboxFilterDto) {
    return this.inbox.readAll(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('app:read')
  @ApiOperation({ summary: 'Get a notification and its deliveries' })
  @NotificationIdParam()
  @ApiEnvelope(200, NotificationView, 'The notification as sent, its inboxes, and the live state of each delivery with every attempt.')
  @ApiErrors('NOTIFICATION_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', notificationId) id: string) {
    return this.notifications.get(tenant.companyId, id);
  }

  @Patch(':id/read')
  @Authenticated('app:write')
  @ApiOperation({ summary: 'Mark an inbox item read' })
  @NotificationIdParam()
  @ApiEnvelope(200, InboxItemView, `${INBOX} Reading again keeps the first read time. NOTIFICATION_NOT_FOUND when it is not in this inbox (or archived).`)
  @ApiErrors('NOTIFICATION_NOT_FOUND')
  read(@Tenant() tenant: TenantContext, @Param('id', notificationId) id: string, @Query() query: InboxQueryDto) {
    return this.inbox.markRead(tenant.companyId, id, query.recipient, true);
  }

  @Patch(':id/unread')
  @Authenticated('app:write')
  @ApiOperation({ summary: 'Mark an inbox item unread' })
  @NotificationIdParam()
  @ApiEnvelope(200, InboxItemView, `${INBOX} NOTIFICATION_NOT_FOUND when it is not in this inbox (or archived).`)
  @ApiErrors('NOTIFICATION_NOT_FOUND')
  unread(@Tenant() tenant: TenantContext, @Param('id', notificationId) id: string, @Query() query: InboxQueryDto) {
    return this.inbox.markRead(tenant.companyId, id, query.recipient, false);
  }

  @Delete(':id')
  @Authenticated('app:write')
  @ApiOperation({ summary: 'Archive an inbox item' })
  @NotificationIdParam()
  @ApiEnvelope(
    200,
    InboxItemView,
    `${INBOX} Archives the item: it leaves the inbox; the notification and its deliveries are kept. NOTIFICATION_NOT_FOUND when it is not in this inbox (or already archived).`,
  )
  @ApiErrors('NOTIFICATION_NOT_FOUND')
  archive(@Tenant() tenant: TenantContext, @Param('id', notificationId) id: string, @Query() query: InboxQueryDto) {
    return this.inbox.archive(tenant.companyId, id, query.recipient);
  }
}
