import { Badge } from '@mantine/core';

/** Relative luminance of a `#rrggbb` colour (WCAG 2.x), or null for anything else. */
function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const value = parseInt(m[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour for a badge: the product type's own when it reaches 4.5:1 on its background
 * (WCAG AA), else black or white, whichever reads better.
 */
export function readableTextColor(bg: string, text: string): string {
  const own = contrastRatio(bg, text);
  if (own !== null && own >= 4.5) return text;
  const black = contrastRatio(bg, '#000000') ?? 0;
  const white = contrastRatio(bg, '#ffffff') ?? 0;
  return black >= white ? '#000000' : '#ffffff';
}

type Props = { title: string; id?: number | null; bg: string | null; color: string | null };

/** A product type in its own colours (contrast checked), optionally with its id. */
export function ProductTypeBadge({ title, id, bg, color }: Props) {
  const background = bg ?? '#1c7ed6';
  return (
    <Badge
      radius="sm"
      variant="filled"
      maw="100%"
      styles={{
        root: {
          backgroundColor: background,
          color: readableTextColor(background, color ?? '#ffffff'),
          height: 'auto',
          paddingBlock: 2,
        },
        label: { whiteSpace: 'normal', overflow: 'visible' },
      }}
      tt="none"
    >
      {title}
      {id != null ? ` · ${id}` : ''}
    </Badge>
  );
}
