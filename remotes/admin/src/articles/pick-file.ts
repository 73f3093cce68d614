/** Opens the browser's file chooser for `accept` and answers the chosen file (null: none chosen). */
export function pickFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.style.display = 'none';
    input.addEventListener('change', () => {
      resolve(input.files?.[0] ?? null);
      input.remove();
    });
    input.addEventListener('cancel', () => {
      resolve(null);
      input.remove();
    });
    document.body.append(input);
    input.click();
  });
}

export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp';
export const ATTACHMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx';
