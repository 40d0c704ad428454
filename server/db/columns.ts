/**
 * Column builders every schema file uses alike: a timestamp with time zone
 * read as a Date, and the merchant a row belongs to (deleted with it).
 */
import { timestamp, varchar } from 'drizzle-orm/pg-core';
import { merchants } from './schema.ts';

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const merchantCode = () =>
  varchar('merchant_code', { length: 32 })
    .notNull()
    .references(() => merchants.code, { onDelete: 'cascade' });
