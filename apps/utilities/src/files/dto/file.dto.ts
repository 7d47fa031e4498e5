import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PageQueryDto } from '@platform/pipeline';
import { FILE_VISIBILITIES, FileVisibility } from '../file.entity';

export const MIN_LINK_TTL_SECONDS = 60;
export const MAX_LINK_TTL_SECONDS = 604_800;

export class ListFilesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: FILE_VISIBILITIES })
  @IsOptional()
  @IsIn(FILE_VISIBILITIES)
  visibility?: FileVisibility;
}

export class FileLinkQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: MIN_LINK_TTL_SECONDS,
    maximum: MAX_LINK_TTL_SECONDS,
    description: 'Lifetime of the signed link of a public file, in seconds (default FILES_LINK_TTL_SECONDS, 3600).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(MIN_LINK_TTL_SECONDS)
  @Max(MAX_LINK_TTL_SECONDS)
  ttl?: number;
}

export class UpdateFileDto {
  @ApiProperty({ enum: FILE_VISIBILITIES, description: '`public` files get an expiring signed link that works without credentials.' })
  @IsIn(FILE_VISIBILITIES)
  visibility: FileVisibility;
}

/** The multipart body of an upload, for the OpenAPI document. */
export class UploadFileDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'The file (exactly one part named `file`). Its type is sniffed from the bytes.' })
  file: unknown;

  @ApiPropertyOptional({ enum: FILE_VISIBILITIES, default: 'internal' })
  visibility?: FileVisibility;
}

export class FileView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'payslip-2026-03.pdf' }) filename: string;
  @ApiProperty({ example: 'application/pdf', description: 'Sniffed from the bytes, never taken from the upload' }) contentType: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'application/pdf',
    description: 'What the uploader declared, for reference (null when it declared none)',
  })
  declaredContentType: string | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Bytes' }) size: number;
  @ApiProperty({ pattern: '^[0-9a-f]{64}$', description: 'Hex SHA-256 of the bytes (also the ETag and Repr-Digest of the content)' }) sha256: string;
  @ApiProperty({ enum: FILE_VISIBILITIES }) visibility: FileVisibility;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'When it last changed: what `updatedSince` compares.' }) updatedAt: string;
  @ApiProperty({
    type: String,
    format: 'uri',
    nullable: true,
    description: 'Public files: a signed link that works without credentials until publicUrlExpiresAt; null for internal files',
  })
  publicUrl: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) publicUrlExpiresAt: string | null;
}
