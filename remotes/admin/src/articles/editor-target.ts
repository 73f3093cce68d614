/** Which article the page edits, kept in the address (?edit=12, ?new=3) so a reload or the back button keeps it. */
export type EditorTarget = { kind: 'edit'; id: number } | { kind: 'new'; catid: number };

const positive = (text: string | null): number | null =>
  text !== null && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;

export function editorTargetOf(params: URLSearchParams): EditorTarget | null {
  const id = positive(params.get('edit'));
  if (id !== null) return { kind: 'edit', id };
  const catid = positive(params.get('new'));
  return catid === null ? null : { kind: 'new', catid };
}

export function editorParams(target: EditorTarget): Record<string, string> {
  return target.kind === 'edit' ? { edit: String(target.id) } : { new: String(target.catid) };
}
