/**
 * Pages of the list operations (19, 20). PageIndex counts from 0 (the reference allows 0); a
 * PageSize of 0 or none means the default, as an absent integer arrives as 0 from many clients.
 */
export const DEFAULT_PAGE_SIZE = 20;

export interface Page<T> {
  readonly items: T[];
  readonly pageIndex: number;
  readonly pageSize: number;
  readonly totalCount: number;
  readonly totalPages: number;
}

export function pageOf<T>(all: readonly T[], pageIndex = 0, requestedSize = 0): Page<T> {
  const pageSize = requestedSize > 0 ? requestedSize : DEFAULT_PAGE_SIZE;
  const start = pageIndex * pageSize;
  return {
    items: all.slice(start, start + pageSize),
    pageIndex,
    pageSize,
    totalCount: all.length,
    totalPages: Math.ceil(all.length / pageSize),
  };
}
