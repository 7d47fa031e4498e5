import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateBy, ValidateIf, ValidateNested } from 'class-validator';
import { PageQueryDto, PayContract } from '@platform/common';
import { Currency } from '../../money/currency';
import { IsAmount, IsCurrency, trim } from '../../money/validation';
import { MOBILE_MONEY_PROVIDERS, PAYMENT_STATUSES, PaymentStatus, Recipient, RECIPIENT_TYPES } from '../payment.entity';
import { SANDBOX_DESCRIPTION } from '../providers/sandbox-outcome';

/** A Cameroon mobile number in E.164 form: +237 then 6 and eight digits. */
export const CAMEROON_MOBILE = /^\+2376\d{8}$/;

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

export class RecipientDto implements Recipient {
  @ApiProperty({ enum: RECIPIENT_TYPES, example: 'mobile_money', description: 'wallet: another wallet of the company (same currency); mobile_money: MTN MoMo or Orange Money; bank: a bank account.' })
  @IsIn(RECIPIENT_TYPES)
  type: Recipient['type'];

  @ApiPropertyOptional({ format: 'uuid', description: 'Required for type wallet.' })
  @RecipientField('wallet', true)
  @IsUUID('all', { message: 'walletId must be a UUID' })
  walletId?: string;

  @ApiPropertyOptional({ enum: MOBILE_MONEY_PROVIDERS, description: 'Required for type mobile_money.' })
  @RecipientField('mobile_money', true)
  @IsIn(MOBILE_MONEY_PROVIDERS)
  provider?: Recipient['provider'];

  @ApiPropertyOptional({ example: '+237677123456', description: 'Required for type mobile_money: a Cameroon mobile number, E.164 (+2376XXXXXXXX).' })
  @RecipientField('mobile_money', true)
  @Matches(CAMEROON_MOBILE, { message: 'phoneNumber must be a Cameroon mobile number in E.164 form, such as +237677123456' })
  phoneNumber?: string;

  @ApiPropertyOptional({ example: 'Amina Nkemelu', description: 'mobile_money only: the account holder’s name, when known.' })
  @RecipientField('mobile_money')
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  name?: string;

  @ApiPropertyOptional({ example: 'Afriland First Bank', description: 'bank only' })
  @RecipientField('bank')
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  bankName?: string;

  @ApiPropertyOptional({ example: '10005', description: 'bank only' })
  @RecipientField('bank')
  @Matches(/^[A-Z0-9]{2,20}$/, { message: 'bankCode must be 2 to 20 upper-case letters or digits' })
  bankCode?: string;

  @ApiPropertyOptional({ example: '10005000010123456789012', description: 'Required for type bank: the account number (RIB) or IBAN, 5–34 upper-case letters or digits.' })
  @RecipientField('bank', true)
  @Matches(/^[A-Z0-9]{5,34}$/, { message: 'accountNumber must be 5 to 34 upper-case letters or digits (RIB or IBAN, no spaces)' })
  accountNumber?: string;

  @ApiPropertyOptional({ example: 'Amina Nkemelu', description: 'Required for type bank.' })
  @RecipientField('bank', true)
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  accountHolder?: string;
}

export class CreatePaymentDto {
  @ApiProperty({ format: 'uuid', description: 'The wallet paid from.' })
  @IsUUID('all', { message: 'walletId must be a UUID' })
  walletId: string;

  @IsAmount()
  amount: number;

  @IsCurrency()
  currency: Currency;

  @ApiProperty({ type: RecipientDto, description: SANDBOX_DESCRIPTION })
  @IsObject()
  @ValidateNested()
  @Type(() => RecipientDto)
  recipient: RecipientDto;

  @ApiProperty({ example: 'March salary', maxLength: 255 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  description: string;

  @ApiPropertyOptional({ example: 'PAYSLIP-2026-03-0042', maxLength: 100, description: 'Your reference.' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  reference?: string;
}

/** The internal route's body: the public body plus the company paying (service-to-service, no JWT). */
export class InternalCreatePaymentDto extends CreatePaymentDto implements PayContract.CreatePaymentBody {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'companyId must be a UUID' })
  companyId: string;
}

export class ListPaymentsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: PAYMENT_STATUSES })
  @IsOptional()
  @IsIn(PAYMENT_STATUSES)
  status?: PaymentStatus;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'walletId must be a UUID' })
  walletId?: string;
}
