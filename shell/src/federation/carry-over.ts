/**
 * Text a visitor typed into a server-rendered page before the browser's site took over
 * (site-takeover.js starts it on the first intent, so typing usually begins before the swap):
 * read from the server's fields, and written into the browser's fields of the same `name`
 * (else `id`) through the value setter React watches plus an `input` event, so the
 * browser's page state holds it as if typed there.
 */
export interface TypedField {
  by: 'name' | 'id';
  key: string;
  value: string;
  /** The field had the focus: the browser's field gets it, the caret at the end. */
  focused: boolean;
}

type Field = HTMLInputElement | HTMLTextAreaElement;
const TEXT_TYPES = new Set(['text', 'search', 'tel', 'email', 'url', 'number', 'password', '']);

function fieldsOf(within: ParentNode): Field[] {
  return Array.from(within.querySelectorAll<Field>('input, textarea')).filter(
    (field) => field instanceof HTMLTextAreaElement || TEXT_TYPES.has(field.getAttribute('type') ?? ''),
  );
}

/** The fields whose text differs from what the server sent (typed, or typed and deleted). */
export function typedFields(within: ParentNode, active: Element | null): TypedField[] {
  return fieldsOf(within).flatMap((field): TypedField[] => {
    if (field.value === field.defaultValue) return [];
    const by = field.name ? 'name' : field.id ? 'id' : undefined;
    if (!by) return [];
    return [{ by, key: by === 'name' ? field.name : field.id, value: field.value, focused: field === active }];
  });
}

/** The value setter of the field's own prototype: React's value tracker sits on the instance. */
function setValue(field: Field, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Writes each typed text into the browser's field of the same name or id; returns how many found their field. */
export function carryOver(typed: readonly TypedField[], within: ParentNode): number {
  let carried = 0;
  for (const field of typed) {
    const twin = fieldsOf(within).find((candidate) =>
      field.by === 'name' ? candidate.name === field.key : candidate.id === field.key,
    );
    if (!twin) continue;
    setValue(twin, field.value);
    if (field.focused) {
      twin.focus();
      try {
        twin.setSelectionRange(field.value.length, field.value.length);
      } catch {
        // Fields without a caret (type="number", "email") refuse it: the focus is what matters.
      }
    }
    carried += 1;
  }
  return carried;
}

/**
 * After hydration the server's fields are the browser's (the same nodes), and keep what was
 * typed into them; React, though, took the server's value for its state and would send that.
 * Each field whose text differs from the server's tells React of it as a typing would: the
 * value it watches is set back to the server's (the instance's setter, which React's value
 * tracker records), then the typed text is written past it with an `input` event, which
 * React's change handling sees as a change. Returns how many fields told.
 */
export function announceTyped(within: ParentNode): number {
  let told = 0;
  for (const field of fieldsOf(within)) {
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    setValue(field, typed);
    told += 1;
  }
  return told;
}
