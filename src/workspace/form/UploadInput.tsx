import { useId, useState } from 'react';
import { MAX_UPLOAD_IMAGE_BYTES, MAX_UPLOAD_PDF_BYTES } from '#api/editor-files.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { type Uploaded, WorkspaceError } from '../api.ts';

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * A file for an address field: uploaded at once (the API checks its type by its content and its size),
 * and the field set to where it is served. Pictures take PNG, JPEG or WebP; downloads a PDF.
 */
export default function UploadInput({
  locale,
  upload,
  onUploaded,
  images,
  label,
}: {
  locale: Locale;
  upload: (file: File) => Promise<Uploaded>;
  onUploaded: (url: string) => void;
  images: boolean;
  label: string;
}) {
  const id = useId();
  const [state, setState] = useState<{ busy?: boolean; done?: string; error?: string }>({});
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true });
    try {
      const uploaded = await upload(file);
      onUploaded(uploaded.url);
      const size =
        uploaded.width !== null && uploaded.height !== null
          ? `${uploaded.width} × ${uploaded.height} px`
          : `${Math.max(1, Math.round(uploaded.size / 1024))} KB`;
      setState({ done: wt(locale, 'upload.done', { name: uploaded.name, size }) });
    } catch (caught) {
      setState({ error: caught instanceof WorkspaceError ? caught.message : wt(locale, 'app.unexpected') });
    }
  };
  return (
    <div className="ws-upload">
      <label htmlFor={id} className="ws-upload-label">
        {wt(locale, images ? 'upload.image' : 'upload.document')}
        <span className="ws-hidden">{` (${label})`}</span>
      </label>
      <input
        id={id}
        type="file"
        accept={images ? IMAGE_TYPES : 'application/pdf'}
        disabled={state.busy}
        aria-describedby={`${id}-state`}
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <span id={`${id}-state`} className={state.error ? 'ws-field-error' : 'ws-help'} role="status">
        {state.busy
          ? wt(locale, 'upload.busy')
          : (state.error ??
            state.done ??
            wt(locale, images ? 'upload.imageHelp' : 'upload.documentHelp', {
              mb: megabytes(images ? MAX_UPLOAD_IMAGE_BYTES : MAX_UPLOAD_PDF_BYTES),
            }))}
      </span>
    </div>
  );
}
