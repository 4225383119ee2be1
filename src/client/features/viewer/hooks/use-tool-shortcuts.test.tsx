import { fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PdfTool } from '../components/pdf-page';
import { useToolShortcuts } from './use-tool-shortcuts';

function Sheet({ enabled }: { enabled: boolean }) {
  const [tool, setTool] = useState<PdfTool>('pan');
  useToolShortcuts(enabled, setTool);
  return (
    <div>
      <output data-testid="tool">{tool}</output>
      <input aria-label="note" />
      <input type="checkbox" aria-label="done" />
    </div>
  );
}

describe('useToolShortcuts', () => {
  it('chooses the tool of a key, in either case', () => {
    const { getByTestId } = render(<Sheet enabled />);
    fireEvent.keyDown(window, { key: 'm' });
    expect(getByTestId('tool').textContent).toBe('measure');
    fireEvent.keyDown(window, { key: 'K' });
    expect(getByTestId('tool').textContent).toBe('calibrate');
  });

  it('ignores keys while typing, with a modifier, held down, unknown, or when disabled', () => {
    const { getByTestId, getByLabelText, rerender } = render(<Sheet enabled />);
    fireEvent.keyDown(getByLabelText('note'), { key: 'r' });
    fireEvent.keyDown(window, { key: 'r', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'r', repeat: true });
    fireEvent.keyDown(window, { key: 'x' });
    expect(getByTestId('tool').textContent).toBe('pan');
    // A checkbox is not a text field: its focus does not hold the shortcuts back.
    fireEvent.keyDown(getByLabelText('done'), { key: 'r' });
    expect(getByTestId('tool').textContent).toBe('area');
    rerender(<Sheet enabled={false} />);
    fireEvent.keyDown(window, { key: 'l' });
    expect(getByTestId('tool').textContent).toBe('area');
  });
});
