// Tiny demo media written by hand: SVG thumbnails and one-page PDFs, with no image or PDF library.

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

/** Greedy word wrap; a single word longer than the width stays on its own line. */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A 640×360 card: the course colour, its title in white, and the academy's name. */
export function thumbnailSvg(title: string, colour: string): string {
  const lines = wrapWords(title, 24).slice(0, 4);
  const firstBaseline = 180 - ((lines.length - 1) * 44) / 2;
  const text = lines
    .map((line, i) => `<text x="40" y="${firstBaseline + i * 44}" font-size="36" font-weight="700">${escapeXml(line)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="${escapeXml(title)}">` +
    `<rect width="640" height="360" fill="${escapeXml(colour)}"/>` +
    `<circle cx="560" cy="60" r="120" fill="#ffffff" fill-opacity="0.12"/>` +
    `<g fill="#ffffff" font-family="Helvetica, Arial, sans-serif">${text}` +
    `<text x="40" y="330" font-size="20" fill-opacity="0.85">Learn Academy</text></g></svg>\n`
  );
}

function pdfText(text: string): string {
  // Latin-1 matches WinAnsiEncoding for the characters the demo uses; anything beyond becomes '?'.
  return text.replace(/[^\x20-\xff]/g, '?').replace(/[\\()]/g, (ch) => `\\${ch}`);
}

/** A valid one-page PDF (A4, Helvetica) with a heading and lines of text; offsets in the xref are exact. */
export function minimalPdf(heading: string, lines: readonly string[]): Buffer {
  const content = [
    'BT', '/F1 20 Tf', '56 770 Td', `(${pdfText(heading)}) Tj`, '/F1 12 Tf', '0 -32 Td',
    ...lines.flatMap((line) => [`(${pdfText(line)}) Tj`, '0 -18 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
