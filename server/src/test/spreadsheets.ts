import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { readXlsx, type XlsxCell } from '../http/xlsx';
import { XlsxWriter } from '../http/xlsx-write';

/** An XLSX file of these rows, the first one as its header, as the product writes one. */
export async function xlsxFile(rows: readonly (readonly XlsxCell[])[]): Promise<Buffer> {
  const out = new PassThrough();
  const data = buffer(out);
  const [header = [], ...body] = rows;
  const writer = new XlsxWriter(out, {
    sheetName: 'Sheet',
    columns: header.map((cell) => ({ header: String(cell ?? ''), width: 12 })),
  });
  for (const row of body) await writer.addRow(row);
  writer.finish();
  return data;
}

/** Every row of an XLSX file's first sheet. */
export async function xlsxRows(data: Buffer): Promise<XlsxCell[][]> {
  const rows: XlsxCell[][] = [];
  await readXlsx(data, (cells) => {
    rows.push(cells);
    return true;
  });
  return rows;
}

/** One part of an XLSX package (`xl/worksheets/sheet1.xml`) as text, to look at its XML. */
export async function xlsxPart(data: Buffer, name: string): Promise<string> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true });
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', reject);
        zip.readEntry();
      });
      if (!entry) throw new Error(`the package has no ${name}`);
      if (entry.fileName === name) {
        return (await buffer(await zip.openReadStreamPromise(entry))).toString('utf8');
      }
    }
  } finally {
    zip.close();
  }
}

const PACKAGE: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

/**
 * A crafted XLSX: a package whose sheet repeats `body` (XML of rows, or of text) `times` times
 * between an optional `header` and `footer`, compressed to a small fraction of its unzipped size (3,000,000
 * short rows fit in a few hundred kilobytes). Written as a stream: the unzipped sheet never sits
 * in memory.
 */
export async function craftedXlsx(options: {
  header?: string;
  body: string;
  times: number;
  footer?: string;
}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const data = buffer(zip.outputStream as Readable);
  for (const [name, text] of Object.entries(PACKAGE)) zip.addBuffer(Buffer.from(text), name);
  const { header = '', body, times, footer = '' } = options;
  const block = Buffer.from(body.repeat(1000));
  zip.addReadStream(
    Readable.from(
      (function* () {
        yield Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header}`,
        );
        for (let i = 0; i < Math.floor(times / 1000); i++) yield block;
        yield Buffer.from(body.repeat(times % 1000));
        yield Buffer.from(`${footer}</sheetData></worksheet>`);
      })(),
    ),
    'xl/worksheets/sheet1.xml',
    { compressionLevel: 9 },
  );
  zip.end();
  return data;
}
