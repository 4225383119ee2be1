import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, readPaging, writePaging } from './paging';

const options = { pageSizes: [10, 20, 50], defaultPageSize: 20 };

describe('list paging in the URL', () => {
  it('reads page and size, falling back to page 1 and the default size', () => {
    expect(readPaging(new URLSearchParams('page=3&size=50'), options)).toEqual({ page: 3, pageSize: 50 });
    expect(readPaging(new URLSearchParams(''), options)).toEqual({ page: 1, pageSize: 20 });
    for (const bad of ['page=0', 'page=-2', 'page=1.5', 'page=abc', 'size=7', 'size=abc'])
      expect(readPaging(new URLSearchParams(bad), options)).toEqual({ page: 1, pageSize: 20 });
  });

  it('keeps two lists on one page apart by prefix', () => {
    const params = new URLSearchParams('n-page=2&w-page=4&w-size=10');
    expect(readPaging(params, { ...options, prefix: 'n-' })).toEqual({ page: 2, pageSize: 20 });
    expect(readPaging(params, { ...options, prefix: 'w-' })).toEqual({ page: 4, pageSize: 10 });
  });

  it('writes page and size, leaving out page 1 and the default size, keeping other parameters', () => {
    const params = new URLSearchParams('tab=files&page=2');
    expect(writePaging(params, { page: 5 }, options).toString()).toBe('tab=files&page=5');
    expect(writePaging(params, { page: 1 }, options).toString()).toBe('tab=files');
    expect(writePaging(params, { page: 1, pageSize: 50 }, options).toString()).toBe('tab=files&size=50');
    expect(writePaging(new URLSearchParams('size=50'), { pageSize: 20 }, options).toString()).toBe('');
    expect(params.toString()).toBe('tab=files&page=2');
  });

  it('clamps a page beyond the last one to the last page (issue 10 point 4)', () => {
    expect(pageCount(28, 20)).toBe(2);
    expect(pageCount(0, 20)).toBe(1);
    expect(clampPage(99, 28, 20)).toBe(2);
    expect(clampPage(2, 28, 20)).toBe(2);
    expect(clampPage(3, 40, 20)).toBe(2);
    expect(clampPage(5, 0, 20)).toBe(1);
    expect(clampPage(1, 28, 10)).toBe(1);
  });
});
