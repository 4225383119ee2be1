import { describe, expect, it } from 'vitest';
import { providePageAnswers, takePageAnswer } from './page-data';

describe("the page's answers", () => {
  it('answer the first read of their path only', () => {
    providePageAnswers({ answers: { '/api/data/portal/projects/22': { projectUnitID: 22 } } });
    expect(takePageAnswer('/api/data/portal/projects/23')).toBeUndefined();
    expect(takePageAnswer('/api/data/portal/projects/22')).toEqual({ projectUnitID: 22 });
    // The next read asks the API.
    expect(takePageAnswer('/api/data/portal/projects/22')).toBeUndefined();
  });

  it('are none without page data', () => {
    providePageAnswers(null);
    providePageAnswers({ user: null });
    expect(takePageAnswer('/api/account/me')).toBeUndefined();
  });
});
