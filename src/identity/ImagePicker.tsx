// One ID image: a file input limited to the accepted formats, with a preview of the picked file.
// The preview is a local object URL: nothing leaves the device until the form is submitted.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

export function ImagePicker(props: {
  side: 'front' | 'back';
  label: string;
  file: Blob | null;
  problem: string | null;
  disabled: boolean;
  onPick(file: Blob): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!props.file) return setPreview(null);
    const url = URL.createObjectURL(props.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [props.file]);

  return (
    <div className="id-image">
      <span className="field__label">{props.label}</span>
      <label className="id-image__box" htmlFor={id} aria-invalid={props.problem !== null}>
        {preview ? (
          <img
            className="id-image__preview"
            src={preview}
            alt={`${t('identity.preview')}: ${props.label}`}
            data-testid={`kyc-preview-${props.side}`}
          />
        ) : (
          <span className="id-image__empty">{t('identity.imageHint')}</span>
        )}
        <span className="button button--ghost id-image__action">
          {t(props.file ? 'identity.change' : 'identity.pick')}
        </span>
      </label>
      <input
        id={id}
        className="id-image__input"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={props.disabled}
        data-testid={`kyc-file-${props.side}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) props.onPick(file);
        }}
      />
      {props.problem && (
        <span className="field__problem" role="alert">
          {props.problem}
        </span>
      )}
    </div>
  );
}
