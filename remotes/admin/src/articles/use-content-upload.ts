import type { ContentFile } from '@yaoshi/contracts/content-admin';
import { checkContentFile, type UploadKind } from '@yaoshi/contracts/content-admin-rules';
import { showError } from '@yaoshi/ui/show-message';
import { fileToBase64 } from '@yaoshi/ui/download';
import { useContentUploadMutation } from './articles-api';
import { ATTACHMENT_ACCEPT, IMAGE_ACCEPT, pickFile } from './pick-file';

/**
 * Choose a file and upload it to media storage: checked here first with the server's own
 * rule (type by extension and content, size), so a wrong file is refused before it travels.
 * Answers the stored file, or null when nothing was chosen or the file was refused (the
 * message has been shown).
 */
export function useContentUpload(kind: UploadKind): {
  choose: () => Promise<ContentFile | null>;
  send: (file: File) => Promise<ContentFile | null>;
  uploading: boolean;
} {
  const [upload, { isLoading }] = useContentUploadMutation();
  const choose = async () => {
    const file = await pickFile(kind === 'image' ? IMAGE_ACCEPT : ATTACHMENT_ACCEPT);
    return file ? send(file) : null;
  };
  /** A file pasted or dropped into the editor goes the same way as a chosen one. */
  const send = async (file: File) => {
    const check = checkContentFile(kind, file.name, new Uint8Array(await file.arrayBuffer()));
    if (!check.ok) {
      showError(check.message);
      return null;
    }
    try {
      return await upload({ kind, name: file.name, file_base64: await fileToBase64(file) }).unwrap();
    } catch {
      return null; // the error catalogue has shown the server's message
    }
  };
  return { choose, send, uploading: isLoading };
}
