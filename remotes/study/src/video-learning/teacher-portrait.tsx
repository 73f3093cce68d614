import { useState } from 'react';

const SIZE = 64;

/**
 * The teacher's photo in a circle, or the first character of the name on grey when there is
 * none or it cannot be loaded (as antd's Avatar did). Decorative: the name is beside it.
 */
export function TeacherPortrait({ name, avatar }: { name: string; avatar: string }) {
  const [failed, setFailed] = useState(false);
  const circle = { flex: 'none', width: SIZE, height: SIZE, borderRadius: '50%' } as const;
  if (avatar && !failed)
    return (
      <img
        src={avatar}
        alt=""
        width={SIZE}
        height={SIZE}
        style={{ ...circle, objectFit: 'cover' }}
        onError={() => setFailed(true)}
      />
    );
  return (
    <div
      aria-hidden="true"
      style={{
        ...circle,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'rgba(0,0,0,.25)',
        color: '#fff',
        fontSize: 24,
      }}
    >
      {name.slice(0, 1)}
    </div>
  );
}
