import sharp from 'sharp';

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Splits text into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (`${line} ${word}`.trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines;
}

/** A small PNG card (600x340) to share a recipe: title, face shape, and the lines to show a barber. */
export async function renderCard(card: { title: string; subtitle: string; lines: string[] }): Promise<Buffer> {
  const body = card.lines.flatMap((l) => wrap(l, 58)).slice(0, 7);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="340">
  <rect width="600" height="340" rx="18" fill="#1d2433"/>
  <rect x="0" y="0" width="600" height="8" fill="#e0a458"/>
  <text x="32" y="62" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="#ffffff">${escapeXml(card.title)}</text>
  <text x="32" y="96" font-family="DejaVu Sans" font-size="18" fill="#e0a458">${escapeXml(card.subtitle)}</text>
  ${body.map((l, i) => `<text x="32" y="${140 + i * 28}" font-family="DejaVu Sans" font-size="17" fill="#d8dce6">${escapeXml(l)}</text>`).join('\n  ')}
  <text x="32" y="320" font-family="DejaVu Sans" font-size="13" fill="#7d869c">vidint hair formula</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
