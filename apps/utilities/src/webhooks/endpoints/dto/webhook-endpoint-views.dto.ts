import { ApiProperty } from '@nestjs/swagger';
import { ENDPOINT_DISABLED_REASONS, EndpointDisabledReason } from '../webhook-endpoint.entity';
import {
  ALERT_EMAIL_DESCRIPTION,
  ENDPOINT_STATUSES,
  EndpointStatus,
  EVENT_TYPES_EXAMPLE,
  MAX_DESCRIPTION_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_URL_LENGTH,
} from './webhook-endpoint.dto';

export class WebhookEndpointView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uri', maxLength: MAX_URL_LENGTH, example: 'https://hooks.example.cm/platform' }) url: string;
  @ApiProperty({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH }) description: string | null;
  @ApiProperty({ type: [String], example: EVENT_TYPES_EXAMPLE, description: 'Empty: every event type.' }) eventTypes: string[];
  @ApiProperty({ type: String, nullable: true, format: 'email', maxLength: MAX_EMAIL_LENGTH, description: ALERT_EMAIL_DESCRIPTION }) alertEmail: string | null;
  @ApiProperty({ enum: ENDPOINT_STATUSES, description: 'Disabled endpoints get no deliveries.' }) status: EndpointStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) disabledAt: string | null;
  @ApiProperty({
    enum: ENDPOINT_DISABLED_REASONS,
    nullable: true,
    description:
      '`manual`: disabled through the API; `gone`: the receiver answered 410 Gone; `failing`: its deliveries failed for five days. Null when enabled.',
  })
  disabledReason: EndpointDisabledReason | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt: string;
}

const SECRET = { pattern: '^whsec_[A-Za-z0-9+/]{43}=$', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1pEYtGk9Z0E=' };

export class CreatedWebhookEndpointView extends WebhookEndpointView {
  @ApiProperty({ ...SECRET, description: 'The signing secret (Standard Webhooks: `whsec_` and the base64 of 32 random bytes), shown only here: store it now.' })
  secret: string;
}

export class RotatedSecretView {
  @ApiProperty({ format: 'uuid', description: 'The endpoint' }) id: string;
  @ApiProperty({ ...SECRET, description: 'The new signing secret, shown only here: store it now. Deliveries are signed with it from now on.' }) secret: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'Until when the previous secrets also sign deliveries (now, with graceSeconds 0).' })
  previousSecretsExpireAt: string;
}
