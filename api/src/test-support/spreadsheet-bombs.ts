import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Hostile .xlsx files, built part by part so a test controls what each zip header says:
 * the spreadsheet bombs an attacker with a staff account could upload to an import.
 */

export interface BombPart {
  name: string;
  /** The part's content, as chunks (so 300 MB need never sit in memory at once). */
  chunks: () => Iterable<Buffer>;
  /** What the headers claim the part inflates to; the truth when left out. */
  declaredSize?: number;
}

async function deflated(chunks: Iterable<Buffer>): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  for (const chunk of chunks) {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await ended;
  return { data: Buffer.concat(out), size, crc };
}

/** A zip of `parts`, deflated, with local headers and a central directory that agree unless a part lies about its size. */
export async function zipOf(parts: readonly BombPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = await deflated(part.chunks());
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const text = (value: string) => () => [Buffer.from(value, 'utf8')];

const MIB = 1024 * 1024;

function* repeated(chunk: Buffer, times: number): Iterable<Buffer> {
  for (let i = 0; i < times; i += 1) yield chunk;
}

const escapeXml = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

function headerRow(columns: readonly string[]): string {
  const cells = columns.map((column) => `<c t="inlineStr"><is><t>${escapeXml(column)}</t></is></c>`).join('');
  return `<row r="1">${cells}</row>`;
}

/** The parts every workbook needs around its one sheet (and shared strings, when given). */
function workbookParts(sheet: BombPart, sharedStrings?: BombPart): BombPart[] {
  return [
    {
      name: '[Content_Types].xml',
      chunks: text(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      chunks: text(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="学员" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: text(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    sheet,
    ...(sharedStrings ? [sharedStrings] : []),
  ];
}

const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';

/** A sheet with the template's header and then `megabytes` MB of whitespace, honestly declared. */
export function whitespaceBomb(columns: readonly string[], megabytes = 300): Promise<Buffer> {
  return zipOf(
    workbookParts({
      name: 'xl/worksheets/sheet1.xml',
      chunks: function* () {
        yield Buffer.from(SHEET_OPEN + headerRow(columns));
        yield* repeated(Buffer.alloc(MIB, 0x20), megabytes);
        yield Buffer.from(SHEET_CLOSE);
      },
    }),
  );
}

/** The same whitespace, its zip headers claiming the sheet inflates to 64 KB. */
export function lyingWhitespaceBomb(columns: readonly string[], megabytes = 300): Promise<Buffer> {
  return zipOf(
    workbookParts({
      name: 'xl/worksheets/sheet1.xml',
      declaredSize: 64 * 1024,
      chunks: function* () {
        yield Buffer.from(SHEET_OPEN + headerRow(columns));
        yield* repeated(Buffer.alloc(MIB, 0x20), megabytes);
        yield Buffer.from(SHEET_CLOSE);
      },
    }),
  );
}

/** A shared-strings part of millions of one-letter strings, its headers claiming 64 KB. */
export function lyingSharedStringsBomb(columns: readonly string[], megabytes = 200): Promise<Buffer> {
  const chunk = Buffer.from('<si><t>x</t></si>'.repeat(Math.floor(MIB / 17)));
  return zipOf(
    workbookParts(
      { name: 'xl/worksheets/sheet1.xml', chunks: text(SHEET_OPEN + headerRow(columns) + SHEET_CLOSE) },
      {
        name: 'xl/sharedStrings.xml',
        declaredSize: 64 * 1024,
        chunks: function* () {
          yield Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
          );
          yield* repeated(chunk, megabytes);
          yield Buffer.from('</sst>');
        },
      },
    ),
  );
}

/** The template's header and then `rows` rows, each with one filled cell: a file far over the row limit. */
export function manyRows(columns: readonly string[], rows: number): Promise<Buffer> {
  return zipOf(
    workbookParts({
      name: 'xl/worksheets/sheet1.xml',
      chunks: function* () {
        yield Buffer.from(SHEET_OPEN + headerRow(columns));
        const batch: string[] = [];
        for (let row = 2; row <= rows + 1; row += 1) {
          batch.push(`<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>行${row}</t></is></c></row>`);
          if (batch.length === 1000) yield Buffer.from(batch.splice(0).join(''));
        }
        yield Buffer.from(batch.join('') + SHEET_CLOSE);
      },
    }),
  );
}

/** A small valid sheet of the template's header and `rows` (inline strings), for the reader's own checks. */
export function plainSheet(columns: readonly string[], rows: readonly (readonly string[])[]): Promise<Buffer> {
  const body = rows
    .map(
      (cells, index) =>
        `<row r="${index + 2}">${cells.map((cell) => `<c t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  return zipOf(
    workbookParts({
      name: 'xl/worksheets/sheet1.xml',
      chunks: text(SHEET_OPEN + headerRow(columns) + body + SHEET_CLOSE),
    }),
  );
}
