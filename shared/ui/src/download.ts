/** Files the API sends as base64 in its envelope, offered to the browser as downloads. */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_TYPE = 'application/pdf';

/** Offers `blob` as a file download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Offers a file the API sent as base64 (an .xlsx, a PDF) as a download. */
export function downloadBase64(fileName: string, base64: string, type: string): void {
  downloadBlob(fileName, new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], { type }));
}

/** A file the operator chose, as base64 for the envelope (FileReader: every browser, and jsdom in the page tests). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}
