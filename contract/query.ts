/**
 * Query-string helpers for endpoint declarations. Query values arrive as
 * strings (repeated keys as arrays, which these schemas reject); a blank value
 * (`?minBet=`) counts as absent, as the original client sends empty filters.
 */
import * as z from 'zod/mini';

/** An integer in [min, max], given as a number or a decimal string. */
export const queryInt = (min: number, max: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));

/** An optional query value: absent or blank is `undefined`, anything else must match the schema. */
export function optionalQuery<T extends z.ZodMiniType>(schema: T): z.ZodMiniOptional<T> {
  const blankToAbsent = z.transform((value: unknown) => (value === '' ? undefined : value));
  return z.optional(z.pipe(blankToAbsent, z.optional(schema))) as unknown as z.ZodMiniOptional<T>;
}

/** A query value with a default when absent or blank. */
export function defaultedQuery<T extends z.ZodMiniType>(schema: T, fallback: z.output<T>): z.ZodMiniType<z.output<T>, z.input<T> | undefined> {
  const blankToAbsent = z.transform((value: unknown) => (value === '' ? undefined : value));
  return z.pipe(blankToAbsent, z._default(schema, fallback as never)) as unknown as z.ZodMiniType<z.output<T>, z.input<T> | undefined>;
}

/** A short free-text query value (names, codes). */
export const queryText = (max: number) => z.string().check(z.maxLength(max));

/** 0 or 1 as a flag (`isNew=1`). */
export const queryFlag = z.pipe(
  z.union([z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1), z.boolean()]),
  z.transform((v) => v === '1' || v === 'true' || v === 1 || v === true),
);
