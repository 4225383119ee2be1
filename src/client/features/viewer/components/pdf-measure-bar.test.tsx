import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SheetCalibration } from '../../../../shared/schemas/calibration';
import { renderWithProviders } from '../../../test/render';
import { CalibrationFirst, PdfMeasureBar } from './pdf-measure-bar';

const measure = { kind: 'measure' as const, page: 2, x1: 0, y1: 0.5, x2: 0.5, y2: 0.5 };
// A page 1000 points wide whose full width is 10 m.
const calibration: SheetCalibration = {
  page: 2,
  x1: 0,
  y1: 0,
  x2: 1,
  y2: 0,
  pageWidth: 1000,
  pageHeight: 700,
  lengthMm: 10_000,
  calibratedByName: null,
  calibratedOn: '2026-11-01',
};

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('PdfMeasureBar', { timeout: 20_000 }, () => {
  it('shows the length on a calibrated page, and a dash without a calibration', () => {
    const props = { measure, locale: 'de', onTopic: vi.fn(), onClose: vi.fn() };
    const { rerender } = renderWithProviders(<PdfMeasureBar {...props} calibration={calibration} />);
    expect(screen.getByTestId('pdf-measure-result').textContent).toMatch(/^Seite 2: 5(,00)? m$/);
    rerender(<PdfMeasureBar {...props} calibration={null} />);
    expect(screen.getByTestId('pdf-measure-result').textContent).toBe('Seite 2: –');
  });

  it('turns the measurement into a topic or closes it', () => {
    const onTopic = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <PdfMeasureBar measure={measure} calibration={null} locale="de" onTopic={onTopic} onClose={onClose} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Anmerkung erstellen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(onTopic).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('CalibrationFirst', () => {
  it('names the page to calibrate and can be closed', () => {
    const onClose = vi.fn();
    renderWithProviders(<CalibrationFirst page={4} onClose={onClose} />);
    expect(screen.getByTestId('pdf-needs-calibration').textContent).toMatch(/^Seite 4 hat noch keinen Maßstab/);
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
