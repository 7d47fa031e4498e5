import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { PayContract } from '@platform/contracts';
import { UUID } from '../../money/validation';

export type Recipient = PayContract.PaymentRecipient;

export const RECIPIENT_TYPES = ['wallet', 'mobile_money', 'bank'] as const satisfies readonly Recipient['type'][];
export const MOBILE_MONEY_PROVIDERS = ['mtn_momo', 'orange_money'] as const satisfies readonly Recipient['provider'][];

/** A Cameroon mobile number in E.164 form: +237 then 6 and eight digits. */
export const CAMEROON_MOBILE = /^\+2376\d{8}$/;
export const BANK_CODE = /^[A-Z0-9]{2,20}$/;
/** A RIB or an IBAN, without spaces. */
export const ACCOUNT_NUMBER = /^[A-Z0-9]{5,34}$/;

/*
 * The documented shapes of a recipient, one per type, so that every example is one the server
 * accepts; RecipientDto holds the rules of all three.
 */

/** Another wallet of the company, in the same currency: settled at once. */
export class WalletRecipient {
  @ApiProperty({ enum: ['wallet'] })
  type: 'wallet';

  @ApiProperty({ ...UUID })
  walletId: string;
}

/** An MTN MoMo or Orange Money number in Cameroon. */
export class MobileMoneyRecipient {
  @ApiProperty({ enum: ['mobile_money'] })
  type: 'mobile_money';

  @ApiProperty({ enum: MOBILE_MONEY_PROVIDERS, example: 'mtn_momo' })
  provider: NonNullable<Recipient['provider']>;

  @ApiProperty({ example: '+237677123456', pattern: CAMEROON_MOBILE.source, description: 'A Cameroon mobile number, E.164 (+2376XXXXXXXX).' })
  phoneNumber: string;

  @ApiPropertyOptional({ example: 'Amina Nkemelu', minLength: 1, maxLength: 150, description: 'The account holder’s name, when known.' })
  name?: string;
}

/** A bank account. */
export class BankRecipient {
  @ApiProperty({ enum: ['bank'] })
  type: 'bank';

  @ApiPropertyOptional({ example: 'Afriland First Bank', minLength: 1, maxLength: 100 })
  bankName?: string;

  @ApiPropertyOptional({ example: '10005', pattern: BANK_CODE.source })
  bankCode?: string;

  @ApiProperty({
    example: '10005000010123456789012',
    pattern: ACCOUNT_NUMBER.source,
    description: 'The account number (RIB) or IBAN, upper-case letters or digits.',
  })
  accountNumber: string;

  @ApiProperty({ example: 'Amina Nkemelu', minLength: 1, maxLength: 150 })
  accountHolder: string;
}

export const RECIPIENT_MODELS = [WalletRecipient, MobileMoneyRecipient, BankRecipient];

/** The OpenAPI schema of a recipient: one of the three shapes, told apart by `type`. */
export const RECIPIENT_SCHEMA = {
  type: Object,
  oneOf: RECIPIENT_MODELS.map((model) => ({ $ref: getSchemaPath(model) })),
  discriminator: {
    propertyName: 'type',
    mapping: { wallet: getSchemaPath(WalletRecipient), mobile_money: getSchemaPath(MobileMoneyRecipient), bank: getSchemaPath(BankRecipient) },
  },
};
