import type { PdfMarkup } from '../../../../shared/schemas/review';
import type { Segment, ShownMarkup } from './pdf-page';
import { CALIBRATE, MARKUP, MarkupShape, MEASURE, textSize, type Size } from './pdf-markup-shape';

/** Markups of one page as SVG over the canvas, in the page's own points (a cloud's arcs stay round). */
export function MarkupLayer({
  markups,
  size,
  lengthOf,
  calibrating,
}: {
  markups: ShownMarkup[];
  size: Size;
  lengthOf: (m: PdfMarkup) => string | null;
  calibrating: Segment | null;
}) {
  // End ticks of a measured line, as tall as the markup text (in page points, not stroke widths).
  const tickSize = textSize(size);
  const tick = (id: string, colour: string) => (
    <marker
      id={id}
      viewBox="0 0 10 10"
      refX="5"
      refY="5"
      markerUnits="userSpaceOnUse"
      markerWidth={tickSize}
      markerHeight={tickSize}
      orient="auto"
    >
      <path d="M5,0 L5,10" stroke={colour} strokeWidth={2} />
    </marker>
  );
  return (
    <svg
      viewBox={`0 0 ${size.w} ${size.h}`}
      preserveAspectRatio="none"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    >
      <defs>
        <marker
          id="pdf-arrow-head"
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" fill={MARKUP} />
        </marker>
        {tick('pdf-tick-measure', MEASURE)}
        {tick('pdf-tick-calibrate', CALIBRATE)}
      </defs>
      {markups.map(({ id, markup, active }) => (
        <MarkupShape
          key={id}
          id={id}
          m={markup}
          active={active}
          size={size}
          label={markup.kind === 'measure' ? lengthOf(markup) : null}
        />
      ))}
      {calibrating && (
        <MarkupShape
          id="calibration"
          m={{ kind: 'measure', page: 1, ...calibrating }}
          active
          size={size}
          label={null}
        />
      )}
    </svg>
  );
}
