import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { OptionalNotNull } from '@platform/pipeline';
import { NOTIFICATION_CATEGORIES, NotificationCategory } from '../notification-preference.entity';

/** One category's channels. Flags left out keep their current value; a flag is never null (the columns are NOT NULL). */
export class UpdatePreferenceDto {
  @ApiProperty({ enum: NOTIFICATION_CATEGORIES, example: 'approval' })
  @IsIn(NOTIFICATION_CATEGORIES)
  category: NotificationCategory;

  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsBoolean()
  inApp?: boolean;

  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsBoolean()
  email?: boolean;

  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsBoolean()
  push?: boolean;

  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsBoolean()
  sms?: boolean;

  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsBoolean()
  whatsapp?: boolean;
}
