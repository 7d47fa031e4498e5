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
