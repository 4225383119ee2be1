import {
  IconArrowUpRight,
  IconCloud,
  IconHandMove,
  IconLine,
  IconPolygon,
  IconRuler,
  IconRulerMeasure,
  IconSquare,
  IconTypography,
} from '@tabler/icons-react';
import type { PdfTool } from './pdf-page';

/** The sheet's tools with their icons and keyboard shortcuts (one key each, not while typing). */
export const TOOLS: { tool: PdfTool; key: string; label: string; Icon: typeof IconSquare }[] = [
  { tool: 'pan', key: 'v', label: 'VIEWER.Pdf.Pan', Icon: IconHandMove },
  { tool: 'area', key: 'r', label: 'VIEWER.Pdf.Area', Icon: IconSquare },
  { tool: 'cloud', key: 'c', label: 'VIEWER.Markup.Cloud', Icon: IconCloud },
  { tool: 'arrow', key: 'a', label: 'VIEWER.Pdf.Arrow', Icon: IconArrowUpRight },
  { tool: 'line', key: 'l', label: 'VIEWER.Markup.Line', Icon: IconLine },
  { tool: 'polyline', key: 'p', label: 'VIEWER.Markup.Polyline', Icon: IconPolygon },
  { tool: 'text', key: 't', label: 'VIEWER.Markup.Text', Icon: IconTypography },
  { tool: 'measure', key: 'm', label: 'VIEWER.Markup.Measure', Icon: IconRuler },
  { tool: 'calibrate', key: 'k', label: 'VIEWER.Markup.Calibrate', Icon: IconRulerMeasure },
];

const TYPING =
  'input:not([type="radio"]):not([type="checkbox"]), textarea, select, [contenteditable="true"], [role="dialog"], [role="combobox"]';

/** The tool a key chooses; none while typing, in a dialog or with a modifier. */
export function toolForKey(e: KeyboardEvent): PdfTool | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return null;
  const target = e.target instanceof Element ? e.target : null;
  if (target?.closest(TYPING)) return null;
  return TOOLS.find((x) => x.key === e.key.toLowerCase())?.tool ?? null;
}
