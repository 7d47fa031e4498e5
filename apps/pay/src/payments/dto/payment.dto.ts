import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateBy, ValidateIf, ValidateNested } from 'class-validator';
import { PayContract } from '@platform/contracts';
import { PageQueryDto } from '@platform/pipeline';
import { Currency } from '../../money/currency';
import { IsAmount, IsCurrency, trim, UUID } from '../../money/validation';
import { PAYMENT_STATUSES, PaymentStatus } from '../payment.entity';
import { SANDBOX_DESCRIPTION } from '../providers/sandbox-outcome';
import { ACCOUNT_NUMBER, BANK_CODE, CAMEROON_MOBILE, MOBILE_MONEY_PROVIDERS, Recipient, RECIPIENT_SCHEMA, RECIPIENT_TYPES } from './recipient.dto';

/** A field of one recipient type: refused under the others, validated when sent, and demanded when `required`. */
function RecipientField(type: Recipient['type'] | Recipient['type'][], required = false): PropertyDecorator {
  const types = Array.isArray(type) ? type : [type];
  return applyDecorators(
    ValidateIf((recipient: RecipientDto, value: unknown) => value !== undefined || (required && types.includes(recipient.type))),
    ValidateBy({
      name: 'recipientType',
      validator: {
        validate: (value: unknown, args) => value === undefined || types.includes((args?.object as RecipientDto).type),
        defaultMessage: (args) => `${args?.property} is only for type ${types.join(' or ')}`,
      },
    }),
  );
}

/** The rules of a recipient, whichever its type; documented as one of the shapes of RECIPIENT_SCHEMA. */
export class RecipientDto implements Recipient {
  @IsIn(RECIPIENT_TYPES)
  type: Recipient['type'];

  @RecipientField('wallet', true)
  @IsUUID('all', { message: 'walletId must be a UUID' })
  walletId?: string;

  @RecipientField('mobile_money', true)
  @IsIn(MOBILE_MONEY_PROVIDERS)
  provider?: Recipient['provider'];

  @RecipientField('mobile_money', true)
  @Matches(CAMEROON_MOBILE, { message: 'phoneNumber must be a Cameroon mobile number in E.164 form, such as +237677123456' })
  phoneNumber?: string;

  @RecipientField('mobile_money')
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  name?: string;

  @RecipientField('bank')
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  bankName?: string;

  @RecipientField('bank')
  @Matches(BANK_CODE, { message: 'bankCode must be 2 to 20 upper-case letters or digits' })
  bankCode?: string;

  @RecipientField('bank', true)
  @Matches(ACCOUNT_NUMBER, { message: 'accountNumber must be 5 to 34 upper-case letters or digits (RIB or IBAN, no spaces)' })
  accountNumber?: string;

  @RecipientField('bank', true)
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  accountHolder?: string;
}

export class CreatePaymentDto {
  @ApiProperty({ ...UUID, description: 'The wallet paid from.' })
  @IsUUID('all', { message: 'walletId must be a UUID' })
  walletId: string;

  @IsAmount()
  amount: number;

  @IsCurrency()
  currency: Currency;

  @ApiProperty({ ...RECIPIENT_SCHEMA, description: `Another wallet of the company, a mobile-money number or a bank account. ${SANDBOX_DESCRIPTION}` })
  @IsObject()
  @ValidateNested()
  @Type(() => RecipientDto)
  recipient: RecipientDto;

  @ApiProperty({ example: 'March salary', minLength: 1, maxLength: 255 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  description: string;

  @ApiPropertyOptional({ type: String, example: 'PAYSLIP-2026-03-0042', minLength: 1, maxLength: 100, nullable: true, description: 'Your reference.' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  reference?: string;
}

/** The internal route's body: the public body plus the company paying (service-to-service, no JWT). */
export class InternalCreatePaymentDto extends CreatePaymentDto implements PayContract.CreatePaymentBody {
  @ApiProperty({ ...UUID })
  @IsUUID('all', { message: 'companyId must be a UUID' })
  companyId: string;
}

export class ListPaymentsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: PAYMENT_STATUSES })
  @IsOptional()
  @IsIn(PAYMENT_STATUSES)
  status?: PaymentStatus;

  @ApiPropertyOptional({ ...UUID })
  @IsOptional()
  @IsUUID('all', { message: 'walletId must be a UUID' })
  walletId?: string;
}
