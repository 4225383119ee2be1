import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageDataSettled } from './first-screen';

afterEach(() => vi.useRealTimers());

describe('pageDataSettled', () => {
  it('resolves at once when nothing is in flight', async () => {
    await expect(pageDataSettled(new QueryClient())).resolves.toBeUndefined();
  });

  it("resolves once the page's requests are answered", async () => {
    const client = new QueryClient();
    let answer!: (value: number) => void;
    void client.prefetchQuery({ queryKey: ['units'], queryFn: () => new Promise<number>((r) => (answer = r)) });
    let settled = false;
    const waiting = pageDataSettled(client).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    answer(1);
    await waiting;
    expect(client.getQueryData(['units'])).toBe(1);
  });

  it('gives up after a second and a half when a request hangs', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    void client.prefetchQuery({ queryKey: ['hangs'], queryFn: () => new Promise<number>(() => undefined) });
    let settled = false;
    void pageDataSettled(client).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1400);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(true);
  });
});
