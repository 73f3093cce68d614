import { readFileSync } from 'node:fs';
import { readSheetRows, IMPORTS_AT_ONCE } from './xlsx-import';

/**
 * Run by xlsx-bombs.test.ts in a process of its own (with a small heap): reads each file
 * given on the command line as an import would, IMPORTS_AT_ONCE at a time, and prints how
 * each ended and the process's peak memory, so the test can hold the reader to a ceiling.
 * Arguments: the header columns joined by "|", the row limit, then the files.
 */
const [columnsArgument, maxRowsArgument, ...files] = process.argv.slice(2);
const columns = columnsArgument!.split('|');
async function main(): Promise<void> {
  const outcomes: string[] = [];
  for (const file of files) {
    const base64 = readFileSync(file).toString('base64');
    const settled = await Promise.allSettled(
      Array.from({ length: IMPORTS_AT_ONCE }, () =>
        readSheetRows(base64, { columns, maxRows: Number(maxRowsArgument), emptyMessage: 'empty' }),
      ),
    );
    for (const result of settled) {
      outcomes.push(
        result.status === 'fulfilled' ? `rows:${result.value.length}` : String((result.reason as Error).message),
      );
    }
  }
  const peakMegabytes = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(JSON.stringify({ outcomes, peakMegabytes }) + '\n');
}

void main();
