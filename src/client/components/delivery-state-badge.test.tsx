import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DeliveryStateBadge } from './delivery-state-badge';

describe('DeliveryStateBadge', () => {
  it('writes a waiting delivery in black on amber, the others in white on dark shades', () => {
    renderWithProviders(
      <>
        <DeliveryStateBadge state="pending" label="Wartet" />
        <DeliveryStateBadge state="failed" label="Fehlgeschlagen" />
      </>,
      { path: '/' },
    );
    const badge = (text: string) => screen.getByText(text).closest('.mantine-Badge-root') as HTMLElement;
    expect(badge('Wartet').style.getPropertyValue('--badge-bg')).toBe('var(--mantine-color-yellow-9)');
    expect(badge('Wartet').style.color).toBe('var(--mantine-color-black)');
    expect(badge('Fehlgeschlagen').style.getPropertyValue('--badge-bg')).toBe('var(--mantine-color-red-8)');
    expect(badge('Fehlgeschlagen').style.color).toBe('');
  });
});
