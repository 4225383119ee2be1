import { Fragment } from 'react';
import { matchRanges } from '../highlight';

/** The text with the parts the search term matched in `<mark>`. */
export function Highlighted({ text, term }: { text: string; term: string }) {
  const ranges = matchRanges(text, term);
  if (ranges.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    parts.push(
      <mark
        key={`m${start}`}
        style={{ backgroundColor: 'var(--mantine-color-yellow-2)', color: 'var(--mantine-color-black)', padding: 0 }}
      >
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
