import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { ArrayDistinct, PageQueryDto } from '@platform/pipeline';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS, NotificationCategory, NotificationChannel } from '../notification-preference.entity';

export const MAX_RECIPIENTS = 100;
const MAX_DATA_BYTES = 8192;

const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);
const lowerCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value);

export class SendNotificationDto {
  @ApiProperty({ enum: NOTIFICATION_CATEGORIES, example: 'approval', description: 'Decides which channels are used (the category’s preference).' })
  @IsIn(NOTIFICATION_CATEGORIES)
  category: NotificationCategory;

  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Leave request approved', description: 'Email subject, push title, first line of SMS/WhatsApp.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  title: string;

  @ApiProperty({ minLength: 1, maxLength: 10000, example: 'Your leave from 2 to 6 March is approved.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10000)
  body: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_RECIPIENTS,
    maxLength: 254,
    example: ['ops@example.cm', '+237677000001'],
    description:
      'HR employee ids (reached in their inbox, by email, SMS, WhatsApp and push with the contact details HR holds), email addresses or phone numbers in international format. None: the company inbox.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_RECIPIENTS)
  @IsString({ each: true })
  @MaxLength(254, { each: true })
  recipients?: string[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { leaveRequestId: 'a1b2c3d4-0000-4000-8000-000000000001' },
    description: 'Free JSON for the receiving app (at most 8 KiB), sent to the providers and shown in the inbox.',
  })
  @IsOptional()
  @IsObject()
  @ValidateBy({
    name: 'maxJsonBytes',
    validator: {
      validate: (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null)) <= MAX_DATA_BYTES,
      defaultMessage: () => `data must be at most ${MAX_DATA_BYTES} bytes of JSON`,
    },
  })
  data?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: [String],
    enum: NOTIFICATION_CHANNELS,
    minItems: 1,
    maxItems: NOTIFICATION_CHANNELS.length,
    uniqueItems: true,
    example: ['inApp', 'email'],
    description: 'Only these channels (still subject to the preference). Default: every channel.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(NOTIFICATION_CHANNELS.length)
  @ArrayDistinct()
  @IsIn(NOTIFICATION_CHANNELS, { each: true })
  channels?: NotificationChannel[];
}

/** Which inbox: the company's (default) or an employee's. */
export class InboxQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'An HR employee id for that employee’s inbox; left out, the company inbox.' })
  @IsOptional()
  @Transform(lowerCase)
  @IsUUID()
  recipient?: string;
}

export class InboxFilterDto extends InboxQueryDto {
  @ApiPropertyOptional({ enum: NOTIFICATION_CATEGORIES })
  @IsOptional()
  @IsIn(NOTIFICATION_CATEGORIES)
  category?: NotificationCategory;
}

export class ListInboxQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'An HR employee id for that employee’s inbox; left out, the company inbox.' })
  @IsOptional()
  @Transform(lowerCase)
  @IsUUID()
  recipient?: string;

  @ApiPropertyOptional({ enum: NOTIFICATION_CATEGORIES })
  @IsOptional()
  @IsIn(NOTIFICATION_CATEGORIES)
  category?: NotificationCategory;

  @ApiPropertyOptional({ type: Boolean, description: 'true: unread only; false: read only' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  unread?: boolean;
}
