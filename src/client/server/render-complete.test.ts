import { createElement, lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderComplete } from './render-complete';

/** A lazily loaded part whose code arrives after `ms`. */
function partAfter(ms: number, text: string) {
  return lazy(
    () =>
      new Promise<{ default: () => ReturnType<typeof createElement> }>((resolve) =>
        setTimeout(() => resolve({ default: () => createElement('b', null, text) }), ms),
      ),
  );
}

const waiting = (part: ReturnType<typeof partAfter>) =>
  createElement(Suspense, { fallback: createElement('i', null, 'waiting') }, createElement(part));

describe('renderComplete', () => {
  it('renders a lazily loaded part whose code arrives in time, not its fallback', async () => {
    expect(await renderComplete(waiting(partAfter(20, 'ready')), 1000)).toContain('<b>ready</b>');
  });

  it('keeps the fallback of a part that is still loading when time is up', async () => {
    const html = await renderComplete(waiting(partAfter(2000, 'late')), 50);
    expect(html).toContain('<i>waiting</i>');
    expect(html).not.toContain('<b>late</b>');
  });

  it('sends a large part inline, without a script or template to move it into place', async () => {
    const large = lazy(async () => ({
      default: () => createElement('p', null, 'x'.repeat(50_000)),
    }));
    // Beside a large page: React sends a large part apart once the page sent before it is large.
    const page = createElement(
      'main',
      null,
      createElement('p', null, 'y'.repeat(20_000)),
      createElement(Suspense, { fallback: null }, createElement(large)),
    );
    const html = await renderComplete(page, 1000);
    expect(html).toContain('x'.repeat(50_000));
    expect(html).not.toMatch(/<script|<template/);
  });

  it('fails when a part fails, so that the page goes without a screen the client would not match', async () => {
    const broken = () => {
      throw new Error('no window here');
    };
    await expect(
      renderComplete(createElement(Suspense, { fallback: null }, createElement(broken)), 1000),
    ).rejects.toThrow('no window here');
  });
});
