import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectFile } from '../../../../shared/schemas/files';
import { renderWithProviders } from '../../../test/render';
import { ViewerFiles } from './viewer-panels';

const plan = {
  projectFileID: 7,
  name: 'Werkplan.pdf',
  kind: 'pdf',
  version: 2,
  versions: [
    { version: 1, conversion: null },
    { version: 2, conversion: null },
  ],
} as unknown as ProjectFile;

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('ViewerFiles', { timeout: 20_000 }, () => {
  it('says when the unit has nothing to review', () => {
    renderWithProviders(<ViewerFiles files={[]} selected={null} onSelect={vi.fn()} />);
    expect(screen.getByText('An dieser Einheit liegen keine PDF-Zeichnungen oder IFC-Modelle.')).toBeTruthy();
  });

  it('lists the files and chooses the newest version of one', () => {
    const onSelect = vi.fn();
    renderWithProviders(<ViewerFiles files={[plan]} selected={null} onSelect={onSelect} />);
    fireEvent.click(screen.getByText('Werkplan.pdf'));
    expect(onSelect).toHaveBeenCalledWith(7, 2);
  });
});
