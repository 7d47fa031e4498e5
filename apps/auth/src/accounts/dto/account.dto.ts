import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsPlainText } from '@platform/pipeline';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../passwords';

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** A uuid path parameter or filter, refused with `<name> must be a UUID`. */
export const UUID_FIELD =
  (name: string, optional = false) =>
  (target: object, key: string) => {
    (optional ? ApiPropertyOptional : ApiProperty)({ format: 'uuid' })(target, key);
    if (optional) IsOptional()(target, key);
    Matches(UUID_PATTERN, { message: `${name} must be a UUID` })(target, key);
  };
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** A name a person chooses (theirs, an organization's, a key's): trimmed, one line of plain text, refused with VALIDATION_FAILED on the field otherwise. */
export const NAME = (maxLength: number, example: string) => (target: object, key: string) => {
  ApiProperty({
    minLength: 1,
    maxLength,
    example,
    description: 'Plain text on one line: no control characters, line breaks or bidirectional formatting characters.',
  })(target, key);
  Transform(trim)(target, key);
  IsString()(target, key);
  MinLength(1)(target, key);
  MaxLength(maxLength)(target, key);
  IsPlainText()(target, key);
};
export const EMAIL = () => (target: object, key: string) => {
  ApiProperty({ type: String, format: 'email', maxLength: 254, example: 'ada@example.com' })(target, key);
  Transform(trim)(target, key);
  IsEmail({}, { message: 'email must be an email address' })(target, key);
  MaxLength(254)(target, key);
};
const PASSWORD = (description: string) => (target: object, key: string) => {
  ApiProperty({ type: String, minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, format: 'password', description })(target, key);
  IsString()(target, key);
  MaxLength(MAX_PASSWORD_LENGTH * 4)(target, key);
};
const LINK_TOKEN = () => (target: object, key: string) => {
  ApiProperty({ type: String, minLength: 1, maxLength: 100, description: 'The token of the emailed link (after `#token=`).' })(target, key);
  IsString()(target, key);
  MinLength(1)(target, key);
  MaxLength(100)(target, key);
};

export class SignUpDto {
  @EMAIL()
  email: string;

  @PASSWORD(`At least ${MIN_PASSWORD_LENGTH} characters, not a common password, not made of your email or name.`)
  password: string;

  @NAME(200, 'Ada Okonkwo')
  name: string;

  @NAME(200, 'Acme Payroll')
  organizationName: string;
}

export class EmailDto {
  @EMAIL()
  email: string;
}

export class LinkTokenDto {
  @LINK_TOKEN()
  token: string;
}

export class SignInDto {
  @EMAIL()
  email: string;

  @ApiProperty({ type: String, format: 'password', maxLength: MAX_PASSWORD_LENGTH * 4 })
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH * 4)
  password: string;
}

export class ResetPasswordDto {
  @LINK_TOKEN()
  token: string;

  @PASSWORD('The new password.')
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty({ type: String, format: 'password', maxLength: MAX_PASSWORD_LENGTH * 4 })
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH * 4)
  currentPassword: string;

  @PASSWORD('The new password.')
  newPassword: string;
}

export class SessionParamsDto {
  @UUID_FIELD('id')
  id: string;
}
