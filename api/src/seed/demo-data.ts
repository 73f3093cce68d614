import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { COURSE_KIND_NAMES, STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/** The demo data: articles, courses, questions, learners and the demo association's texts. */
export const DEMO_DATA_FOLDER = fileURLToPath(new URL('../../demo/', import.meta.url));

/** Values a data file's strings may name as `{name}` or `{path.to.value}`; a list is joined with 、. */
export type Placeholders = { readonly [name: string]: string | number | Placeholders | readonly (string | number)[] };

/** `{year}`, `{year-1}` … `{year-3}`: texts that name study years relative to the seeding year. */
export function yearPlaceholders(year: number): Placeholders {
  return { year, 'year-1': year - 1, 'year-2': year - 2, 'year-3': year - 3 };
}

/**
 * `{pages.signStudy}`, `{kinds.public}` …: the names the menu and page titles give the
 * student-area pages and the course kinds (shared/contracts site-names.ts), so a seeded
 * text calls a page what the menu calls it.
 */
export const SITE_NAME_PLACEHOLDERS: Placeholders = { pages: STUDENT_PAGE_NAMES, kinds: COURSE_KIND_NAMES };

/**
 * Reads `api/demo/<file>`, fills the placeholders in every string, and checks the result
 * against `schema`, so a mistyped data file stops the seed with the file and the field named
 * instead of writing half a demo.
 */
export function readDemoData<T>(file: string, schema: z.ZodType<T>, placeholders: Placeholders = {}): T {
  const where = `api/demo/${file}`;
  const raw: unknown = JSON.parse(fs.readFileSync(DEMO_DATA_FOLDER + file, 'utf8'), (_key, value: unknown) =>
    typeof value === 'string' ? fill(value, placeholders, where) : value,
  );
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`${where}: ${parsed.error.message}`);
  return parsed.data;
}

function fill(text: string, placeholders: Placeholders, where: string): string {
  return text.replace(/\{([\w.-]+)\}/g, (whole, path: string) => {
    let value: Placeholders[string] | undefined = placeholders[path];
    if (value === undefined) {
      value = placeholders;
      for (const part of path.split('.')) {
        value =
          value !== undefined && typeof value === 'object'
            ? (value as Record<string, Placeholders[string]>)[part]
            : undefined;
      }
    }
    if (value === undefined || (typeof value === 'object' && !Array.isArray(value))) {
      throw new Error(`${where}: unknown placeholder ${whole}`);
    }
    return Array.isArray(value) ? value.join('、') : String(value);
  });
}
