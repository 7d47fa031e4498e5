import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO31661Alpha2, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class CreateWorkspaceDto {
  @ApiProperty({ example: 'Acme Payroll Partners', minLength: 1, maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;
}

export class CreateCompanyDto {
  @ApiProperty({ example: 'Boulangerie du Littoral SARL', minLength: 1, maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({ example: 'CM', pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 country code (stored upper-case)' })
  @IsOptional()
  @IsISO31661Alpha2()
  country?: string;

  @ApiPropertyOptional({ example: 'RC/DLA/2024/B/1234', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  registrationNumber?: string;
}

/** A workspace as the API answers it. */
export class WorkspaceView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid', description: 'The organization owning the workspace: the caller’s.' })
  organizationId: string;

  @ApiProperty({ example: 'Acme Payroll Partners' })
  name: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', description: 'When it last changed: what `updatedSince` compares.' })
  updatedAt: string;
}

/** A client company as the API answers it: act for it with X-Workspace-Id and X-Acting-Company-Id. */
export class CompanyView {
  @ApiProperty({ format: 'uuid', description: 'The value of X-Acting-Company-Id.' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  workspaceId: string;

  @ApiProperty({ format: 'uuid' })
  organizationId: string;

  @ApiProperty({ example: 'Boulangerie du Littoral SARL' })
  name: string;

  @ApiProperty({ type: String, nullable: true, pattern: '^[A-Z]{2}$', example: 'CM' })
  country: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'RC/DLA/2024/B/1234' })
  registrationNumber: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', description: 'When it last changed: what `updatedSince` compares.' })
  updatedAt: string;
}
