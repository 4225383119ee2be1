import sharp from 'sharp';

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A simple square PNG logo with initials, so the demo has real logo files. */
export async function renderLogo(text: string, color: string): Promise<Buffer> {
  const initials = text
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" rx="40" fill="${escapeXml(color)}"/>
  <text x="128" y="160" font-family="DejaVu Sans, Arial, sans-serif" font-size="110" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
