import { screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ViewerCentre } from './viewer-centre';

type Props = ComponentProps<typeof ViewerCentre>;
const model = (conversion: unknown) =>
  ({
    file: { projectFileID: 3, name: 'Haus.ifc' },
    current: { fileId: 3, version: 1 },
    kind: 'ifc',
    against: null,
    comparing: false,
    conversion,
  }) as unknown as Props['shown'];

const props = (shown: Props['shown']): Props => ({
  rootId: 1,
  unitId: 2,
  shown,
  canWrite: true,
  markups: [],
  focusPage: null,
  onMarkup: vi.fn(),
  model: {
    onNewTopic: null,
    highlight: [],
    diffElement: null,
    onDiffElement: vi.fn(),
    ghostOthers: false,
    onSelectElement: vi.fn(),
    onReady: vi.fn(),
  },
});

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('ViewerCentre', { timeout: 20_000 }, () => {
  it('asks for a file while none is shown', () => {
    renderWithProviders(<ViewerCentre {...props({ file: null, current: null } as unknown as Props['shown'])} />);
    expect(screen.getByText('Wählen Sie links eine Zeichnung oder ein Modell.')).toBeTruthy();
  });

  it('says why a model cannot be shown, or that it is still being prepared', () => {
    const { rerender } = renderWithProviders(
      <ViewerCentre {...props(model({ status: 'failed', reason: 'VIEWER.Conversion.Failed.Memory' }))} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Das Modell ist zu groß für die Aufbereitung.');
    rerender(<ViewerCentre {...props(model({ status: 'converting', reason: null }))} />);
    expect(screen.getByText(/Das Modell wird noch für die Anzeige aufbereitet/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
