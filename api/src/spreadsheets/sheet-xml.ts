import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { inflateEntry, ZipRefused, type ZipEntry } from './zip-entries';

/**
 * The few parts of an .xlsx an import reads, parsed as streams of XML events: which part
 * is the first sheet, its shared strings, and its rows one at a time. Reading rows as they
 * inflate lets an import stop at its row limit instead of holding a whole sheet.
 */

interface XmlHandlers {
  open(tag: SaxesTagPlain): void;
  text(text: string): void;
  close(name: string): void;
}

/**
 * Feeds a part's XML to `handlers` as it inflates; stops early (without reading the rest)
 * as soon as `stop()` says so after a chunk. Malformed XML refuses the file.
 */
export async function parseXml(
  bytes: Buffer,
  entry: ZipEntry,
  handlers: XmlHandlers,
  stop: () => boolean = () => false,
): Promise<void> {
  const parser = new SaxesParser();
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => handlers.open(tag));
  parser.on('text', (text) => handlers.text(text));
  parser.on('closetag', (tag) => handlers.close(tag.name));
  const decoder = new StringDecoder('utf8');
  for await (const chunk of inflateEntry(bytes, entry)) {
    parser.write(decoder.write(chunk));
    if (failure) throw new ZipRefused('malformed', `${entry.name}: ${failure.message}`);
    if (stop()) return;
  }
  parser.write(decoder.end());
  parser.close();
  if (failure) throw new ZipRefused('malformed', `${entry.name}: ${failure.message}`);
}

function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  return tag.attributes[name];
}

/** The path of the workbook's first sheet (in tab order), as its relationships name it. */
export async function firstSheetPath(bytes: Buffer, parts: Map<string, ZipEntry>): Promise<string | undefined> {
  const workbook = parts.get('xl/workbook.xml');
  const relationships = parts.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !relationships) return undefined;
  let firstSheetId: string | undefined;
  await parseXml(
    bytes,
    workbook,
    {
      open: (tag) => {
        if (tag.name === 'sheet') firstSheetId ??= attribute(tag, 'r:id');
      },
      text: () => undefined,
      close: () => undefined,
    },
    () => firstSheetId !== undefined,
  );
  let target: string | undefined;
  await parseXml(
    bytes,
    relationships,
    {
      open: (tag) => {
        if (tag.name === 'Relationship' && attribute(tag, 'Id') === firstSheetId) target = attribute(tag, 'Target');
      },
      text: () => undefined,
      close: () => undefined,
    },
    () => target !== undefined,
  );
  if (!target) return undefined;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** The shared strings, in order; a string's runs are joined and its phonetic guide left out. */
export async function readSharedStrings(bytes: Buffer, entry: ZipEntry): Promise<string[]> {
  const strings: string[] = [];
  let current: string[] | undefined;
  let inText = false;
  let phoneticDepth = 0;
  await parseXml(bytes, entry, {
    open: (tag) => {
      if (tag.name === 'si') current = [];
      else if (tag.name === 'rPh') phoneticDepth += 1;
      else if (tag.name === 't' && phoneticDepth === 0) inText = true;
    },
    text: (text) => {
      if (inText) current?.push(text);
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phoneticDepth -= 1;
      else if (name === 'si') {
        strings.push((current ?? []).join(''));
        current = undefined;
      }
    },
  });
  return strings;
}

/** "AB12" → 27 (1-based column of a cell reference). */
function columnOf(reference: string): number {
  let column = 0;
  for (const letter of reference) {
    const code = letter.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column;
}

/** A cell's text as an operator typed it: shared and inline strings, numbers, booleans, formula results. */
function cellValue(type: string | undefined, value: string, inline: string, sharedStrings: readonly string[]): string {
  switch (type) {
    case 's':
      return (sharedStrings[Number(value)] ?? '').trim();
    case 'inlineStr':
      return inline.trim();
    case 'str':
      return value.trim();
    case 'b':
      return value === '1' ? 'true' : value === '0' ? 'false' : '';
    case 'e':
      return '';
    case 'd':
      return value.slice(0, 10);
    default: {
      const number = Number(value);
      return value.trim() === '' || !Number.isFinite(number) ? value.trim() : String(number);
    }
  }
}

/**
 * Turns a sheet's XML events into rows: `onRow(number, cells)` is called once per row
 * element with its first `width` cells' text (rows and cells may omit their references).
 */
export class SheetRowReader {
  private rowNumber = 0;
  private cells: string[] = [];
  private cellColumn = 0;
  private cellType: string | undefined;
  private value: string[] = [];
  private inline: string[] = [];
  private inValue = false;
  private inInlineText = false;
  private phoneticDepth = 0;

  constructor(
    private readonly sharedStrings: readonly string[],
    private readonly width: number,
    private readonly onRow: (number: number, cells: string[]) => void,
  ) {}

  readonly handlers: XmlHandlers = {
    open: (tag) => {
      switch (tag.name) {
        case 'row': {
          const declared = Number(attribute(tag, 'r'));
          this.rowNumber = Number.isInteger(declared) && declared > 0 ? declared : this.rowNumber + 1;
          this.cells = Array.from({ length: this.width }, () => '');
          this.cellColumn = 0;
          break;
        }
        case 'c': {
          const reference = attribute(tag, 'r');
          this.cellColumn = reference ? columnOf(reference) : this.cellColumn + 1;
          this.cellType = attribute(tag, 't');
          this.value = [];
          this.inline = [];
          break;
        }
        case 'v':
          this.inValue = true;
          break;
        case 'rPh':
          this.phoneticDepth += 1;
          break;
        case 't':
          if (this.phoneticDepth === 0) this.inInlineText = true;
          break;
      }
    },
    text: (text) => {
      if (this.inValue) this.value.push(text);
      else if (this.inInlineText) this.inline.push(text);
    },
    close: (name) => {
      switch (name) {
        case 'v':
          this.inValue = false;
          break;
        case 't':
          this.inInlineText = false;
          break;
        case 'rPh':
          this.phoneticDepth -= 1;
          break;
        case 'c':
          if (this.cellColumn >= 1 && this.cellColumn <= this.width) {
            this.cells[this.cellColumn - 1] = cellValue(
              this.cellType,
              this.value.join(''),
              this.inline.join(''),
              this.sharedStrings,
            );
          }
          break;
        case 'row':
          this.onRow(this.rowNumber, this.cells);
          break;
      }
    },
  };
}
