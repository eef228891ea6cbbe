import { inflateSync } from 'node:zlib';

/**
 * Reads back what a generated PDF says, for tests: its pages and the ActualText of its text
 * spans (lib/tickets/pdf-text.ts wraps every line in one, in logical order).
 */

export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page(?![s\w])/g)?.length ?? 0;
}

function decodeLiteral(body: string): string {
  let bytes = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (char !== '\\') {
      bytes += char;
      continue;
    }
    const next = body[++i] ?? '';
    const octal = /^[0-7]{1,3}/.exec(body.slice(i))?.[0];
    if (octal) {
      bytes += String.fromCharCode(parseInt(octal, 8));
      i += octal.length - 1;
    } else {
      bytes += { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[next] ?? next;
    }
  }
  return bytes;
}

function decodeText(bytes: string): string {
  if (!bytes.startsWith('\u00fe\u00ff')) return bytes;
  return Buffer.from(bytes.slice(2), 'latin1').swap16().toString('utf16le');
}

export function pdfActualTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end);
    }
    for (const span of content.matchAll(
      /\/ActualText (\((?:\\[\s\S]|[^\\)])*\)|<[0-9A-Fa-f\s]*>)/g,
    )) {
      const value = span[1] as string;
      texts.push(
        decodeText(
          value.startsWith('(')
            ? decodeLiteral(value.slice(1, -1))
            : Buffer.from(value.slice(1, -1).replace(/\s/g, ''), 'hex').toString('latin1'),
        ),
      );
    }
  }
  return texts;
}
