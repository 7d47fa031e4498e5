import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class PayRunDto {
  @ApiProperty({ format: 'uuid', description: 'The Pay wallet (same company, same currency) the salaries are paid from.' })
  @IsUUID()
  walletId: string;
}
