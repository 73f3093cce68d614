/** @jest-environment jsdom */
import { useState } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { announceTyped, carryOver, typedFields } from './carry-over';
import { hydrateRoot } from 'react-dom/client';

function serverForm(html: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

function Verify({ seen }: { seen: (value: string) => void }) {
  const [typed, setTyped] = useState('');
  seen(typed);
  return <input name="no" aria-label="证书编号" value={typed} onChange={(event) => setTyped(event.target.value)} />;
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('only text that differs from what the server sent is taken, by name, else by id', () => {
  const server = serverForm(
    '<input name="no" value="XS1"><input id="phone"><input name="untouched" value="a"><input type="checkbox" name="c"><input>',
  );
  const [no, phone, , checkbox, anonymous] = Array.from(server.querySelectorAll('input'));
  no!.value = 'XS123';
  phone!.value = '1380000';
  checkbox!.checked = true;
  anonymous!.value = 'lost: no name, no id';
  expect(typedFields(server, phone!)).toEqual([
    { by: 'name', key: 'no', value: 'XS123', focused: false },
    { by: 'id', key: 'phone', value: '1380000', focused: true },
  ]);
});

test("the typed text reaches the browser's React state, and the focus with it", async () => {
  const server = serverForm('<input name="no" value="">');
  server.querySelector('input')!.value = '2026XS0001';
  const typed = typedFields(server, server.querySelector('input'));

  const browser = document.createElement('div');
  document.body.append(browser);
  const seen: string[] = [];
  const root = createRoot(browser);
  await act(async () => root.render(<Verify seen={(value) => seen.push(value)} />));
  server.remove();
  await act(async () => {
    expect(carryOver(typed, browser)).toBe(1);
  });
  const input = browser.querySelector('input')!;
  expect(input.value).toBe('2026XS0001');
  expect(seen.at(-1)).toBe('2026XS0001');
  expect(document.activeElement).toBe(input);
  expect(input.selectionStart).toBe('2026XS0001'.length);
  await act(async () => root.unmount());
});

test("after hydration, text typed into the server's field before it reaches the page's React state", async () => {
  // The server's markup of <Verify>; the visitor types into it before the site's script has run.
  const server = serverForm('<input name="no" aria-label="证书编号" value=""/>');
  const field = server.querySelector('input')!;
  field.value = 'XS2026ABCDEFGH12';
  let seen = '';
  await act(async () => {
    hydrateRoot(server, <Verify seen={(value) => (seen = value)} />);
  });
  // Hydration keeps the node and what is in it, but React's state is the server's value.
  expect(server.querySelector('input')).toBe(field);
  expect(field.value).toBe('XS2026ABCDEFGH12');
  expect(seen).toBe('');
  await act(async () => {
    expect(announceTyped(server)).toBe(1);
  });
  expect(seen).toBe('XS2026ABCDEFGH12');
  expect(field.value).toBe('XS2026ABCDEFGH12');
  // Nothing typed: nothing told.
  expect(announceTyped(server)).toBe(0);
});
