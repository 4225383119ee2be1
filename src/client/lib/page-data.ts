import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../shared/page-data';

/** The page's answers are for its first screen only: later reads go to the API. */
const ANSWERS_FOR_MS = 20_000;
const answers = new Map<string, unknown>();

/** Keeps the page's answers for the first read of each path (`takePageAnswer`). */
export function providePageAnswers(data: PageData | null): void {
  for (const [path, answer] of Object.entries(data?.answers ?? {})) answers.set(path, answer);
}

/**
 * The answer the page brought for a read of `path`, once (the next read asks the API), and only
 * while the first screen is built; undefined otherwise.
 */
export function takePageAnswer(path: string): unknown {
  if (!answers.has(path)) return undefined;
  const answer = answers.get(path);
  answers.delete(path);
  return performance.now() < ANSWERS_FOR_MS ? answer : undefined;
}

/** Reads the page's data once (the element is removed, so it is never taken for later state); null without it. */
export function takePageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    return data && typeof data === 'object' ? (data as PageData) : null;
  } catch {
    return null;
  }
}
