import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SecretField } from './secret-field';

describe('SecretField', () => {
  it('shows the secret read only and selects all of it on focus, to copy', () => {
    renderWithProviders(<SecretField label="Geheimnis" value="whsec_abc123" onChange={() => undefined} />);
    const input = screen.getByLabelText<HTMLInputElement>('Geheimnis');
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('whsec_abc123');
    fireEvent.focus(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'whsec_abc123'.length]);
  });
});
