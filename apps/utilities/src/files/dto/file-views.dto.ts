import { ApiProperty } from '@nestjs/swagger';
import { FILE_VISIBILITIES, FileVisibility } from '../file.entity';

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
