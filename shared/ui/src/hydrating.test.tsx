import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useHydrating } from './hydrating';

function Part({ seen }: { seen: boolean[] }) {
  const hydrating = useHydrating();
  seen.push(hydrating);
  return hydrating ? <div>服务器的占位</div> : <form aria-label="学员登录" />;
}

test("while hydrating a part draws the server's stand-in, then itself; rendered in the browser alone, itself at once", async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Part seen={[]} />);
  expect(container.innerHTML).toBe('<div>服务器的占位</div>');
  const errors: unknown[] = [];
  const seen: boolean[] = [];
  await act(async () => {
    hydrateRoot(container, <Part seen={seen} />, { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  expect(seen).toEqual([true, false]);
  expect(container.querySelector('form')).not.toBeNull();

  const alone = document.createElement('div');
  const seenAlone: boolean[] = [];
  await act(async () => createRoot(alone).render(<Part seen={seenAlone} />));
  expect(seenAlone).toEqual([false]);
});
