/**
 * The paging and the date range of the members' record lists (contract/wallet.ts
 * `pagingQuery`): inclusive UTC days, pages from 1.
 */
import { errorCodes } from '../../contract/error-codes.ts';
import { AppError } from './app-error.ts';

export interface Paging {
  pageNo: number;
  pageSize: number;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

const dayMs = 86_400_000;

/** [from, to) of inclusive UTC days; 400 request.invalid for impossible dates or an end before the start. */
export function dayRange(startDate: string | undefined, endDate: string | undefined): { from?: Date; to?: Date } {
  const parse = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) throw AppError.invalid(`Invalid date ${day}`);
    return d;
  };
  const from = startDate ? parse(startDate) : undefined;
  const to = endDate ? new Date(parse(endDate).getTime() + dayMs) : undefined;
  if (from && to && to <= from) throw new AppError(400, errorCodes.invalidRequest, 'The end date is before the start date.');
  return { from, to };
}

/** How many pages `total` rows make at `size` a page (at least 1). */
export const totalPages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
