import type { PdfMarkup } from '../../../../shared/schemas/review';
import { cloudPath } from './markup-geometry';
import type { ShownMarkup } from './pdf-page';

export const MARKUP = '#e03131';
export const MEASURE = '#1864ab';
export const CALIBRATE = '#e8590c';

export type Size = { w: number; h: number };

/** Arcs of a revision cloud: about a third of the rectangle's shorter side, within 1/80 to 1/30 of the page's. */
const cloudArc = (size: Size, w: number, h: number) => {
  const page = Math.min(size.w, size.h);
  return Math.max(page / 80, Math.min(page / 30, Math.min(w, h) / 3));
};

/** Text size of markups: readable on an A4 sheet and an A0 alike (page points). */
export const textSize = (size: Size) => Math.max(9, Math.min(size.w, size.h) / 55);

/** One markup in SVG, in the page's own points; a measured line carries its length. */
export function MarkupShape({
  m,
  id,
  active,
  size,
  label,
}: {
  m: PdfMarkup;
  id: ShownMarkup['id'] | 'calibration';
  active: boolean;
  size: Size;
  label: string | null;
}) {
  const X = (x: number) => x * size.w;
  const Y = (y: number) => y * size.h;
  const colour = id === 'measure' ? MEASURE : id === 'calibration' ? CALIBRATE : MARKUP;
  const stroke = { stroke: colour, strokeWidth: active ? 4 : 2.5, vectorEffect: 'non-scaling-stroke' as const };
  const font = textSize(size);
  const halo = {
    paintOrder: 'stroke' as const,
    stroke: 'white',
    strokeWidth: font / 4,
    strokeLinejoin: 'round' as const,
  };
  switch (m.kind) {
    case 'area':
    case 'cloud': {
      const [x1, y1, x2, y2] = [X(m.x1), Y(m.y1), X(m.x2), Y(m.y2)];
      return m.kind === 'area' ? (
        <rect
          data-markup={id}
          data-kind={m.kind}
          x={Math.min(x1, x2)}
          y={Math.min(y1, y2)}
          width={Math.abs(x2 - x1)}
          height={Math.abs(y2 - y1)}
          fill="rgba(224, 49, 49, 0.18)"
          {...stroke}
        />
      ) : (
        <path
          data-markup={id}
          data-kind={m.kind}
          d={cloudPath(x1, y1, x2, y2, cloudArc(size, Math.abs(x2 - x1), Math.abs(y2 - y1)))}
          fill="rgba(224, 49, 49, 0.08)"
          strokeLinejoin="round"
          {...stroke}
        />
      );
    }
    case 'arrow':
    case 'line':
    case 'measure': {
      const [x1, y1, x2, y2] = [X(m.x1), Y(m.y1), X(m.x2), Y(m.y2)];
      const ends =
        m.kind === 'arrow'
          ? { markerEnd: 'url(#pdf-arrow-head)' }
          : m.kind === 'measure'
            ? {
                markerStart: `url(#pdf-tick-${id === 'calibration' ? 'calibrate' : 'measure'})`,
                markerEnd: `url(#pdf-tick-${id === 'calibration' ? 'calibrate' : 'measure'})`,
              }
            : {};
      return (
        <g data-markup={id} data-kind={m.kind}>
          <line x1={x1} y1={y1} x2={x2} y2={y2} {...stroke} {...ends} />
          {label && (
            <text
              x={(x1 + x2) / 2}
              y={(y1 + y2) / 2 - font * 0.5}
              fontSize={font}
              textAnchor="middle"
              fill={colour}
              fontFamily="sans-serif"
              fontWeight={600}
              data-testid="markup-length"
              {...halo}
            >
              {label}
            </text>
          )}
        </g>
      );
    }
    case 'polyline':
      return (
        <polyline
          data-markup={id}
          data-kind={m.kind}
          points={m.points.map(([x, y]) => `${X(x)},${Y(y)}`).join(' ')}
          fill="none"
          strokeLinejoin="round"
          {...stroke}
        />
      );
    case 'text':
      return (
        <text
          data-markup={id}
          data-kind={m.kind}
          x={X(m.x1)}
          y={Y(m.y1)}
          fontSize={font * 1.2}
          fill={colour}
          fontFamily="sans-serif"
          fontWeight={active ? 700 : 600}
          dominantBaseline="hanging"
          {...halo}
        >
          {m.text}
        </text>
      );
  }
}
