import { useState } from 'react';
import { tokens } from './site-tokens';

/**
 * A person's photo in a circle, or the first character of the name on grey when there is no
 * photo or it cannot be loaded, drawn like antd's Avatar without it. Decorative: the name is
 * always written beside it.
 */
export function Avatar({ src, name, size = 64 }: { src: string | undefined; name: string | undefined; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const circle = { flex: 'none', width: size, height: size, borderRadius: '50%' } as const;
  if (src && src !== failedSrc)
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        style={{ ...circle, objectFit: 'cover' }}
        onError={() => setFailedSrc(src)}
      />
    );
  return (
    <span
      aria-hidden="true"
      style={{
        ...circle,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: tokens.colorTextPlaceholder,
        color: tokens.colorTextLightSolid,
        fontSize: Math.round(size * 0.44),
      }}
    >
      {name?.slice(0, 1)}
    </span>
  );
}
