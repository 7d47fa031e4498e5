import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { NOTIFICATION_CATEGORIES, NotificationCategory } from '../notification-preference.entity';

/** Spec §2.1. Flags left out keep their current value. */
export class UpdatePreferenceDto {
  @ApiProperty({ enum: NOTIFICATION_CATEGORIES, example: 'approval' })
  @IsIn(NOTIFICATION_CATEGORIES)
  category: NotificationCategory;

  @ApiPropertyOptional() @IsOptional() @IsBoolean()
  inApp?: boolean;

  @ApiPropertyOptional() @IsOptional() @IsBoolean()
  email?: boolean;

  @ApiPropertyOptional() @IsOptional() @IsBoolean()
  push?: boolean;

  @ApiPropertyOptional() @IsOptional() @IsBoolean()
  sms?: boolean;

  @ApiPropertyOptional() @IsOptional() @IsBoolean()
  whatsapp?: boolean;
}
