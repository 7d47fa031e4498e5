import { ValueTransformer } from 'typeorm';

/** bigint columns come back from PostgreSQL as strings; amounts stay integers within 2^53. */
export const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

/** True for a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  const driver = (error as { driverError?: { code?: string } })?.driverError ?? (error as { code?: string });
  return driver?.code === '23505';
}
