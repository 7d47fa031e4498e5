import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The last entry number given per company and year; moved only under the company's settings lock, so numbers have no gaps. */
@Entity({ name: 'books_entry_sequences' })
export class EntrySequence {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @PrimaryColumn({ type: 'integer' })
  year: number;

  @Column({ name: 'last_number', type: 'integer' })
  lastNumber: number;
}
