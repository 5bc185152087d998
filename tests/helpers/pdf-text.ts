// Reads the text a PDF shows, for tests: parses the file with pdf-lib, inflates each page's content
// streams and decodes the strings of its text-showing operators (Tj, TJ). Enough for PDFs drawn with
// pdf-lib's standard fonts, which write every string as hex in WinAnsi.
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

export async function readPdf(bytes: Uint8Array): Promise<{ pageCount: number; text: string }> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const filter = stream.dict.get(PDFName.of('Filter'));
      const data = filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : Buffer.from(stream.contents);
      lines.push(...showTextStrings(data.toString('latin1')));
    }
  }
  return { pageCount: pdf.getPageCount(), text: lines.join('\n') };
}

function showTextStrings(operators: string): string[] {
  const found: string[] = [];
  for (const match of operators.matchAll(/<([0-9a-fA-F\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
    found.push(
      match[1] !== undefined ? Buffer.from(match[1].replace(/\s/g, ''), 'hex').toString('latin1') : match[2].replace(/\\(.)/g, '$1'),
    );
  }
  return found;
}
